import { type Compilable, type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { StatementCache } from '../statement-cache';
import type { SessionRow } from '../../services/session-row';
import type { Database } from '../schema';

/**
 * The caller's session state and stored permissions as one scalar subquery of a route's own
 * statement (issues 13 and 26): the route reads them along with its rows instead of in a round trip
 * before them, then hands them ({@link readAlong}) to `assertSession` and its permission gate's
 * `assert` before it answers (`permissionReadAlong` in plugins/permissions.ts,
 * `config.sessionReadAlong`). One subquery, evaluated once per statement (uncorrelated), as text —
 * `status|version|optIn|passwordUpdate|contactCheck|{roles}|permissions`, the flags as t/f, the
 * roles as PostgreSQL writes an array, the permissions as JSON: the totals ride along on every row of
 * a page, and one plain text is what PostgreSQL plans, sends and Node reads cheapest
 * (bench/README.md, "Session check"). The status and the roles are enumerations without `|`, `,`,
 * quotes or braces. `readerId` may be a statement-cache slot.
 *
 * @example db.selectFrom('debtor as d').select((eb) => [readerAlong(eb, readerId)])
 */
export function readerAlong<DB extends Database, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, readerId: number) {
  return readerQuery(eb, readerId).as('reader');
}

/** {@link readerAlong} without its name: the scalar subquery, for a statement that puts it into an expression of its own. */
export function readerQuery<DB extends Database, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, readerId: number) {
  const own = eb as unknown as ExpressionBuilder<Database, never>;
  return own
    .selectFrom('appUser as ru')
    .select(
      // one function, no chain of casts and ||: PostgreSQL plans this statement at every execution
      // (plan_cache_mode=force_custom_plan), and each operator of such a chain cost planning time
      sql<string>`concat_ws('|', ru.status, ru.session_version, ru.opt_in, ru.password_update_required,
        ru.ask_for_contact_information_changes, ru.roles, ru.permissions)`.as('reader'),
    )
    .where('ru.id', '=', readerId);
}

/** What a read-along list statement brings besides its rows: the reader's stored permissions and session. */
export interface ReaderAlong {
  readerPermissions: Record<string, unknown> | null;
  readerSession: SessionRow | null;
}

/**
 * What {@link readerAlong} read: the session row (null when the reader's row is gone) and the stored
 * permissions (null likewise).
 *
 * @example const { readerSession, readerPermissions } = readAlong(totals?.reader)
 */
export function readAlong(value: unknown): ReaderAlong {
  if (typeof value !== 'string') return { readerSession: null, readerPermissions: null };
  const fields = value.split('|', 6);
  const [status, version, optIn, passwordUpdate, contactCheck, roles] = fields;
  const permissionsAt = fields.reduce((length, field) => length + field.length + 1, 0);
  return {
    readerSession: {
      status,
      sessionVersion: Number(version),
      optIn: optIn === 't',
      passwordUpdateRequired: passwordUpdate === 't',
      askForContactInformationChanges: contactCheck === 't',
      roles: roles.length > 2 ? roles.slice(1, -1).split(',') : [],
    },
    readerPermissions: JSON.parse(value.slice(permissionsAt)) as Record<string, unknown>,
  };
}

/**
 * One page of a list whose totals (the count, …, and {@link readerAlong}) ride along as scalar
 * subqueries on every row of the page, in one statement compiled once per `key`
 * (src/server/db/statement-cache.ts); only a page without rows asks for the totals in a second
 * statement. `page` gets the slots of `values` plus `limit` and `offset`; `totals` those of `values`.
 *
 * @example
 * const { rows, totals } = await pageAlong(db, cache, key, { readerId }, { limit: 15, offset: 0 },
 *   (slots) => rowsQuery(slots).select((eb) => totals(eb, slots)), (slots) => db.selectNoFrom((eb) => totals(eb, slots)));
 */
export async function pageAlong<V extends Record<string, unknown>, R extends T, T>(
  db: Kysely<Database>,
  cache: StatementCache,
  key: string,
  values: V,
  paging: { limit: number; offset: number },
  page: (slots: V & { limit: number; offset: number }) => Compilable<R>,
  totals: (slots: V) => Compilable<T>,
): Promise<{ rows: R[]; totals: T | undefined }> {
  const rows = await cache.rows(db, `page ${key}`, { ...values, ...paging }, page);
  if (rows.length) return { rows, totals: rows[0] };
  const [only] = await cache.rows(db, `totals ${key}`, values, totals);
  return { rows, totals: only };
}
