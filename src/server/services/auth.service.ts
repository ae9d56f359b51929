import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { enums } from '../../../generated/enums';
import { groupValues } from '../../shared/enum-groups';
import type { Database } from '../db/schema';
import { findUserById, findUserByUsername, type SessionUser } from '../db/repositories/user.repository';
import { ApiError } from '../errors';
import type { AccessTokenPayload } from '../plugins/auth';
import { hashPassword, verifyPassword } from './password.service';
import { endSessions } from './session';

/** A refresh token is valid for 7 days and for one use only (each refresh rotates it). */
const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
// Disabled users cannot log in (userStatus group loginDenied); blocked or terminated *creditors*
// still can (document 1 §4).
export const LOGIN_DENIED_STATUSES = new Set(groupValues(enums.userStatus, 'loginDenied'));

export interface TokenPair {
  token: string;
  refresh_token: string;
}

type SignAccessToken = (payload: AccessTokenPayload) => string;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

let dummyHash: Promise<string> | undefined;

/**
 * Checks user name and password; any mismatch (unknown user, wrong password, disabled user) is the
 * same 401 `badCredentials`, and an unknown user still costs one hash verification (no timing hint).
 *
 * @example
 * const user = await authenticate(db, 'creditor@example.com', 'Demo1234!');
 */
export async function authenticate(
  db: Kysely<Database>,
  username: string,
  password: string,
): Promise<SessionUser> {
  const user = await findUserByUsername(db, username);
  if (!user) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(await dummyHash, password);
    throw new ApiError(401, 'badCredentials');
  }
  const valid = await verifyPassword(user.passwordHash, password);
  if (!valid || LOGIN_DENIED_STATUSES.has(user.status)) throw new ApiError(401, 'badCredentials');
  return user;
}

/**
 * Signs an access token and stores a new single-use refresh token (only its SHA-256 is kept).
 *
 * @example
 * const { token, refresh_token } = await issueTokens(db, (p) => app.jwt.sign(p), user, 'SMAFA');
 */
export async function issueTokens(
  db: Kysely<Database>,
  sign: SignAccessToken,
  user: SessionUser,
  product: string | null,
  family?: string,
): Promise<TokenPair> {
  const refreshToken = randomBytes(32).toString('base64url');
  const tokenHash = sha256(refreshToken);
  await db
    .insertInto('refreshToken')
    .values({
      userId: user.id,
      tokenHash,
      product,
      // a login starts a family; a rotation hands its family on
      family: family ?? tokenHash,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    })
    .execute();
  const token = sign({
    sub: String(user.id),
    username: user.username,
    roles: user.roles,
    creditorId: user.creditorId,
    product: user.product,
    sv: user.sessionVersion,
  });
  return { token, refresh_token: refreshToken };
}

/** Revokes every still-valid refresh token of a family (a logout, or a stolen token replayed). */
async function revokeFamily(db: Kysely<Database>, family: string): Promise<void> {
  await db
    .updateTable('refreshToken')
    .set({ revokedAt: new Date() })
    .where('family', '=', family)
    .where('revokedAt', 'is', null)
    .execute();
}

/**
 * Consumes a refresh token and returns its user with the token's family (the new pair continues
 * it); the token is marked used in the same statement, so two concurrent refreshes with one token
 * cannot both succeed. Unknown, used, revoked or expired → 401; a token presented again after it
 * was spent means someone else holds a copy, so its whole family is revoked (reuse detection).
 *
 * @example
 * const { user, family } = await consumeRefreshToken(db, body.refresh_token);
 */
export async function consumeRefreshToken(
  db: Kysely<Database>,
  refreshToken: string,
): Promise<{ user: SessionUser; family: string }> {
  const tokenHash = sha256(refreshToken);
  const consumed = await db
    .updateTable('refreshToken')
    .set({ usedAt: new Date() })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .returning(['userId', 'family'])
    .executeTakeFirst();
  if (!consumed) {
    const known = await db.selectFrom('refreshToken').select(['family', 'usedAt']).where('tokenHash', '=', tokenHash).executeTakeFirst();
    if (known?.usedAt) await revokeFamily(db, known.family);
    throw new ApiError(401, 'invalidRefreshToken');
  }
  const user = await findUserById(db, consumed.userId);
  if (!user || LOGIN_DENIED_STATUSES.has(user.status)) throw new ApiError(401, 'invalidRefreshToken');
  return { user, family: consumed.family };
}

/**
 * Logout: ends every session of the token's user at once (issue 26) — every refresh token revoked,
 * the session version raised, so each access token of the user is refused from the next request on,
 * in every tab and process. An unknown token is no error (the answer never tells which tokens exist).
 *
 * Answers the user whose session it was (null: an unknown token).
 *
 * @example await revokeRefreshToken(db, body.refresh_token)
 */
export async function revokeRefreshToken(db: Kysely<Database>, refreshToken: string): Promise<number | null> {
  const known = await db
    .selectFrom('refreshToken')
    .select(['family', 'userId'])
    .where('tokenHash', '=', sha256(refreshToken))
    .executeTakeFirst();
  if (!known) return null;
  await db.transaction().execute(async (trx) => {
    await revokeFamily(trx, known.family);
    await endSessions(trx, [known.userId], new Date());
  });
  return known.userId;
}

/**
 * The JWT signing secret: JWT_SECRET when given, else one generated on first start and kept in the
 * database, so tokens survive restarts and every instance on the same database agrees.
 */
export async function resolveJwtSecret(db: Kysely<Database>, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('appSetting')
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('appSetting')
    .select('value')
    .where('key', '=', 'jwt_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}
