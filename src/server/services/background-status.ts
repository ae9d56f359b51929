import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { REMINDER_INTERVAL_SQL } from '../domain/settings/reminder-digest';
import { RUNNING_STATES } from '../domain/permanent-debts/permanent-debt.handlers';
import { enumValue } from './status-groups';

const HALT = enumValue('voucherSubStatus', 'halt');

/** What the database says about one kind of background work at a moment. */
export interface KindBacklog {
  /** jobs due now (waiting for a worker) */
  due: number;
  /** jobs that failed and wait for their next attempt (not parked) */
  failed: number;
  /** jobs given up after too many attempts, waiting for an admin */
  parked: number;
  /** how long the oldest due job has been due, in seconds (0: none due) */
  oldestDueSeconds: number;
}

/**
 * The kinds whose due work sits in a table with a due time (the other kinds are sweeps over the
 * vouchers without a backlog of their own; their health is the loop's state).
 */
export const BACKLOG_KINDS = ['processing', 'mail', 'bookings', 'reminders', 'permanentDebts', 'dunningBlocks'] as const;
export type BacklogKind = (typeof BACKLOG_KINDS)[number];

const ageOf = (oldest: Date | string | null, now: Date) =>
  oldest ? Math.max(0, Math.round((now.getTime() - new Date(oldest).getTime()) / 1000)) : 0;

interface Row {
  due: string | number;
  failed: string | number;
  parked: string | number;
  oldest: Date | string | null;
}

/**
 * Due, failed and parked jobs and the age of the oldest due one per kind, read in one statement
 * (readiness and metrics). Dates of date-only kinds (permanent debts, dunning stops) count from the
 * start of their UTC day.
 *
 * @example (await backgroundBacklog(db, new Date())).processing.oldestDueSeconds // → 42
 */
export async function backgroundBacklog(db: Kysely<Database>, now: Date): Promise<Record<BacklogKind, KindBacklog>> {
  const today = now.toISOString().slice(0, 10);
  const result = await sql<Row & { kind: BacklogKind }>`
    select 'processing' as kind,
      count(*) filter (where parked_at is null and run_at <= ${now}) as due,
      count(*) filter (where parked_at is null and attempts > 0) as failed,
      count(*) filter (where parked_at is not null) as parked,
      min(run_at) filter (where parked_at is null and run_at <= ${now}) as oldest
    from processing_job where done_at is null and stage not in ('waitDecision', 'done')
    union all
    select 'mail',
      count(*) filter (where parked_at is null and next_attempt_at <= ${now}),
      count(*) filter (where parked_at is null and attempts > 0),
      count(*) filter (where parked_at is not null),
      min(next_attempt_at) filter (where parked_at is null and next_attempt_at <= ${now})
    from mail_outbox where sent_at is null
    union all
    select 'bookings', count(*), 0, 0, min(decide_after)
    from booking_request where status = 'open' and decide_after <= ${now}
    union all
    select 'reminders', count(*), 0, 0, min(coalesce(last_reminded_at, created_at) + ${REMINDER_INTERVAL_SQL})
    from email_reminder_setting where coalesce(last_reminded_at, created_at) + ${REMINDER_INTERVAL_SQL} <= ${now}
    union all
    select 'permanentDebts', count(*), 0, 0, min(next_execution_date)::timestamptz
    from permanent_debt where status in (${sql.join(RUNNING_STATES)}) and next_execution_date <= ${today}::date
    union all
    select 'dunningBlocks', count(*), 0, 0, min(dunning_block_until + 1)::timestamptz
    from voucher where sub_status = ${HALT} and dunning_block_until < ${today}::date`.execute(db);
  return Object.fromEntries(
    result.rows.map((row) => [
      row.kind,
      { due: Number(row.due), failed: Number(row.failed), parked: Number(row.parked), oldestDueSeconds: ageOf(row.oldest, now) },
    ]),
  ) as Record<BacklogKind, KindBacklog>;
}

/** Unsent mails in the outbox (parked ones included: they are not delivered either). */
export async function mailOutboxDepth(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('mailOutbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('sentAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
