import { type ExpressionBuilder, sql } from 'kysely';
import type { SessionRow } from '../../services/session-row';
import type { Database } from '../schema';

/**
 * The caller's stored permissions and session state as two scalar subqueries of a route's own
 * statement (issues 13 and 26): the route reads them along with its rows instead of in a round trip
 * before them, then hands them to `assertSession` and its permission gate's `assert` before it
 * answers (`permissionReadAlong` in plugins/permissions.ts, `config.sessionReadAlong`). Each is
 * evaluated once per statement (uncorrelated). `readerId` may be a statement-cache slot.
 *
 * @example db.selectFrom('debtor as d').select((eb) => [...readerAlong(eb, readerId)])
 */
export function readerAlong<DB extends Database, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, readerId: number) {
  const own = eb as unknown as ExpressionBuilder<Database, never>;
  return [
    own.selectFrom('appUser as ru').select('ru.permissions').where('ru.id', '=', readerId).as('readerPermissions'),
    own
      .selectFrom('appUser as ru')
      // text, not JSON: the totals ride along on every row of a page, and text is what PostgreSQL
      // sends and Node reads cheapest (bench/README.md, "Session check"); read by sessionAlong
      .select(
        sql<string>`ru.status || '|' || ru.session_version || '|' || ru.opt_in::int || ru.password_update_required::int
          || ru.ask_for_contact_information_changes::int || '|' || array_to_string(ru.roles, ',')`.as('session'),
      )
      .where('ru.id', '=', readerId)
      .as('readerSession'),
  ] as const;
}

/**
 * The session row read along by {@link readerAlong} (`status|version|flags|roles`, the flags opt-in,
 * password update, contact check as 0/1), or null when the reader's row is gone.
 *
 * @example assertSession(request, sessionAlong(totals?.readerSession))
 */
export function sessionAlong(value: unknown): SessionRow | null {
  if (typeof value !== 'string') return null;
  const [status, version, flags, roles] = value.split('|');
  return {
    status,
    sessionVersion: Number(version),
    optIn: flags[0] === '1',
    passwordUpdateRequired: flags[1] === '1',
    askForContactInformationChanges: flags[2] === '1',
    roles: roles ? roles.split(',') : [],
  };
}
