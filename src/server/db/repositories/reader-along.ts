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
      .select(
        sql<SessionRow>`jsonb_build_object('status', ru.status, 'sessionVersion', ru.session_version, 'roles', to_jsonb(ru.roles),
          'optIn', ru.opt_in, 'passwordUpdateRequired', ru.password_update_required,
          'askForContactInformationChanges', ru.ask_for_contact_information_changes)`.as('session'),
      )
      .where('ru.id', '=', readerId)
      .as('readerSession'),
  ] as const;
}
