import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { enums } from '../../../generated/enums';
import { groupValues } from '../../shared/enum-groups';
import type { Database } from '../db/schema';
import { findUserById, findUserByUsername, type SessionUser } from '../db/repositories/user.repository';
import { ApiError } from '../errors';
import type { AccessTokenPayload } from '../plugins/auth';
import { hashPassword, verifyPassword } from './password.service';

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
): Promise<TokenPair> {
  const refreshToken = randomBytes(32).toString('base64url');
  await db
    .insertInto('refreshToken')
    .values({
      userId: user.id,
      tokenHash: sha256(refreshToken),
      product,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    })
    .execute();
  const token = sign({
    sub: String(user.id),
    username: user.username,
    roles: user.roles,
    creditorId: user.creditorId,
    product: user.product,
  });
  return { token, refresh_token: refreshToken };
}

/**
 * Consumes a refresh token and returns its user; the token is marked used in the same statement,
 * so two concurrent refreshes with one token cannot both succeed. Unknown, used or expired → 401.
 *
 * @example
 * const user = await consumeRefreshToken(db, body.refresh_token);
 */
export async function consumeRefreshToken(db: Kysely<Database>, refreshToken: string): Promise<SessionUser> {
  const consumed = await db
    .updateTable('refreshToken')
    .set({ usedAt: new Date() })
    .where('tokenHash', '=', sha256(refreshToken))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .returning('userId')
    .executeTakeFirst();
  if (!consumed) throw new ApiError(401, 'invalidRefreshToken');
  const user = await findUserById(db, consumed.userId);
  if (!user || LOGIN_DENIED_STATUSES.has(user.status)) throw new ApiError(401, 'invalidRefreshToken');
  return user;
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
