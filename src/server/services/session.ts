import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { rememberStoredPermissions, permissions } from '../plugins/permissions';
import { rememberAdminPermissions } from '../routes/admin/admin-access';
import { LOGIN_DENIED_STATUSES } from './auth.service';
import { entryCheckRefusal } from './entry-checks';
import type { SessionRow } from './session-row';

/** How far a token's `iat` may lie ahead of this server's clock (clock skew between processes). */
export const IAT_SKEW_SECONDS = 60;
/** The admin permission an impersonation token needs for as long as it is used. */
const IMPERSONATE = 'impersonate_user';

const sessionEnded = () => new ApiError(401, 'unauthorized');
const adminListOf = (stored: unknown): string[] => {
  const admin = (stored as { admin?: unknown } | null | undefined)?.admin;
  return Array.isArray(admin) ? admin.map(String) : [];
};

/**
 * Sessions are server-side state (issue 26): every access token carries its user's session version
 * (`sv`; an impersonation also the admin's, `asv`), and each request compares it with
 * `app_user.session_version` — one primary-key read that also yields the roles, the stored
 * permissions and the entry checks the request needs anyway (they are handed to the permission
 * caches, so no route reads them a second time). Refused with 401: a token without `exp` or `iat`,
 * issued in the future, of a user who does not exist or may not log in, of an ended session; an
 * impersonation whose admin may no longer log in, holds no impersonate_user or ended the own
 * sessions. There is no cache: a version raised by any process counts at the next request of every
 * process. A route whose own statement reads the session along (`config.sessionReadAlong`: the
 * voucher list) is spared the extra round trip: it hands the row to {@link assertSession}, and an
 * answer of such a route without that assertion is refused (bench/README.md, "Session check").
 *
 * @example app.addHook('onRequest', …) → await checkSession(db, request)
 */
export async function checkSession(
  db: Kysely<Database>,
  request: FastifyRequest,
  preread?: StoredSessions,
): Promise<void> {
  const user = request.user;
  const now = Math.floor(Date.now() / 1000);
  if (
    typeof user.expiresAt !== 'number' ||
    typeof user.issuedAt !== 'number' ||
    user.issuedAt > now + IAT_SKEW_SECONDS
  )
    throw sessionEnded();
  if (!Number.isSafeInteger(user.id) || typeof user.sessionVersion !== 'number') throw sessionEnded();
  if (request.routeOptions.config?.sessionReadAlong && !user.impersonatedBy) {
    pending.add(request);
    return;
  }
  const row = preread?.has(user.id) ? preread.get(user.id) : (await readSessions(db, [user.id])).get(user.id);
  if (row) {
    rememberStoredPermissions(request, row.permissions);
    rememberAdminPermissions(request, adminListOf(row.permissions));
  }
  assertSession(request, row ?? null);
  if (user.impersonatedBy) await checkImpersonatingAdmin(db, request);
}

const SESSION_COLUMNS = [
  'id',
  'status',
  'sessionVersion',
  'roles',
  'permissions',
  'optIn',
  'passwordUpdateRequired',
  'askForContactInformationChanges',
] as const;
type StoredSession = Awaited<ReturnType<typeof readSessions>> extends Map<number, infer R> ? R : never;
/** Session rows read ahead for many requests at once (the live streams' heartbeat), by user id. */
export type StoredSessions = Map<number, StoredSession | undefined>;

/**
 * The session rows of these users in one statement (a user without a row is absent): what
 * {@link checkSession} reads for one request, read for all open live streams once per heartbeat
 * instead of once per stream (bench/README.md, "Live events").
 *
 * @example const rows = await readSessions(db, [1, 2]); await checkSession(db, request, rows)
 */
export async function readSessions(db: Kysely<Database>, userIds: number[]) {
  const rows = userIds.length
    ? await db.selectFrom('appUser').select(SESSION_COLUMNS).where('id', 'in', userIds).execute()
    : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/** Requests whose session is read along with the route's own statement and not yet asserted. */
const pending = new WeakSet<FastifyRequest>();

/**
 * The session row of the request's user (read by the hook, or along with a route's statement):
 * refused (401) when missing, not allowed to log in or of an ended session; the roles are taken
 * as they are now; a pending entry check refuses what it does not allow (403).
 *
 * @example const { readerSession } = await listVouchers(…); assertSession(request, readerSession);
 */
export function assertSession(request: FastifyRequest, row: SessionRow | null): void {
  pending.delete(request);
  const user = request.user;
  if (!row || LOGIN_DENIED_STATUSES.has(row.status) || Number(row.sessionVersion) !== user.sessionVersion)
    throw sessionEnded();
  // the roles as they are now (a company user's role changed meanwhile counts at once)
  user.roles = row.roles;
  if (user.impersonatedBy || user.preview) return;
  const refusal = entryCheckRefusal(request, row);
  if (refusal) throw refusal;
}

/** Whether a read-along route answers without having asserted the session (then it must not answer). */
export const sessionUnasserted = (request: FastifyRequest): boolean => pending.has(request);

async function checkImpersonatingAdmin(db: Kysely<Database>, request: FastifyRequest): Promise<void> {
  const user = request.user;
  const admin = await db
    .selectFrom('appUser')
    .select(['status', 'sessionVersion', 'roles', 'permissions'])
    .where('id', '=', user.impersonatedBy!)
    .where('creditorId', 'is', null)
    .executeTakeFirst();
  if (
    !admin ||
    LOGIN_DENIED_STATUSES.has(admin.status) ||
    admin.sessionVersion !== user.adminSessionVersion ||
    !permissions.hasAdminPermission(IMPERSONATE, admin.roles, adminListOf(admin.permissions))
  ) {
    throw sessionEnded();
  }
}

/**
 * Ends every session of the users at once: their session version is raised (every access token
 * they hold is refused from the next request on, in every process) and their refresh tokens are
 * revoked. Run inside the transaction of the event (logout, password change or reset, a block).
 *
 * @example await endSessions(ctx.trx, [user.id], ctx.now)
 */
export async function endSessions(db: Kysely<Database>, userIds: number[], now: Date): Promise<void> {
  if (!userIds.length) return;
  await db
    .updateTable('appUser')
    .set((eb) => ({ sessionVersion: eb('sessionVersion', '+', 1) }))
    .where('id', 'in', userIds)
    .execute();
  await db
    .updateTable('refreshToken')
    .set({ revokedAt: now })
    .where('userId', 'in', userIds)
    .where('revokedAt', 'is', null)
    .execute();
}

/** {@link endSessions} of every user of a creditor (blocked or terminated creditor, its users disabled). */
export async function endCreditorSessions(
  db: Kysely<Database>,
  creditorId: number,
  now: Date,
): Promise<void> {
  const users = await db.selectFrom('appUser').select('id').where('creditorId', '=', creditorId).execute();
  await endSessions(
    db,
    users.map((u) => u.id),
    now,
  );
}
