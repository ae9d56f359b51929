import { sql } from 'kysely';
import type { TestApp } from './app';
import { bearer } from './app';

/** The tables a command may write (debtors, locations, vouchers, the own account, settings and company users). */
export const COMMAND_TABLES = [
  'creditor',
  'debtor',
  'location',
  'debtor_history',
  'voucher',
  'voucher_history',
  'voucher_balancing',
  'action_log_entry',
  'pending_debtor_decision',
  'notification',
  'mail_outbox',
  'booking_request',
  'solvency_check',
  'app_user',
  'terms_approval',
  'password_reset_request',
  'email_reminder_setting',
  'company_user_invitation',
  'refresh_token',
  'sepa_update_request',
  'creditor_service_fee_condition',
  'service_fee_period',
  'debtor_assignment',
  'voucher_attachment',
  'stored_file',
  'processing_job',
  'log_item',
  // the creditor registration and the onboarding (issue 12)
  'creditor_intermediary',
  'terms_approval_document',
  'onboarding_claim',
  'work_queue_item',
  'work_queue_message',
  'work_queue_voucher',
  'work_queue_answer_file',
  'permanent_debt',
  // the provider's catalogue the admin imports (issue 11)
  'state_of_affairs',
  'state_of_affairs_option',
  // the first answers of Idempotency-Keys (issue 25): a refused command keeps none
  'idempotency_key',
  // SEPA direct-debit files and their debits (issue 30)
  'sepa_debit_file',
  'sepa_debit',
] as const;

/**
 * A fingerprint of every row of the command tables, to prove that a refused or failed command changed
 * nothing: per table the number of rows and the newest row version's transaction id (`xmin`). Any
 * insert or update writes a row version with a new transaction id, a delete lowers the count, and a
 * rolled-back write leaves no visible version — so any committed write shows, even one that wrote the
 * same values. One statement reading only the row headers: hashing every row's text (the stored files'
 * contents too) took most of the API suite's time on PGlite, twice per refusal.
 */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const tables = COMMAND_TABLES.map(
    (table) => sql`select ${table}::text as t, count(*)::text as n,
      coalesce(max(x.xmin::text::bigint), 0)::text as h from ${sql.table(table)} x`,
  );
  const { rows } = await sql<{
    t: string;
    n: string;
    h: string;
  }>`${sql.join(tables, sql` union all `)}`.execute(t.db);
  return Object.fromEntries(rows.map((row) => [row.t, `${row.n}:${row.h}`]));
}

export interface CallOptions {
  token: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
}

/** One API call, answered as status and parsed body. */
export async function call(t: TestApp, path: string, { token, method = 'GET', body }: CallOptions) {
  const response = await t.app.inject({
    method,
    url: `/api${path}`,
    headers: bearer(token),
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

/**
 * Runs a call that must be refused and asserts the database did not change.
 *
 * @example const answer = await refusedUnchanged(t, () => call(t, '/debtor/create', { token, method: 'POST', body }));
 */
export async function refusedUnchanged(t: TestApp, run: () => Promise<{ status: number; body: any }>) {
  const before = await fingerprint(t);
  const answer = await run();
  const after = await fingerprint(t);
  const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
  return { ...answer, unchanged: changed.length === 0, changed };
}
