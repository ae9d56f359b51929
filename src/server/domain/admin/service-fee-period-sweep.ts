import { type Kysely, sql } from 'kysely';
import { todayIso } from '../../../shared/validation';
import type { Database } from '../../db/schema';

/**
 * The minimum annual service fee's periods over time (documents 1 and 2 §3 "Service fee period":
 * the next period starts one day after the end and ends one year after its start). For every
 * creditor whose fee period is active and whose latest period has ended, the next period is
 * written: start = end + 1 day, end = start + 1 year − 1 day, its annual fee the "next period"
 * fee when one was set, else the current one, nothing charged yet. Missed periods are caught up one
 * year at a time; (creditor, start) is unique, so several processes may run this at once.
 *
 * @example await rollServiceFeePeriods(db, new Date()) // → 2 (periods written)
 */
export async function rollServiceFeePeriods(db: Kysely<Database>, now: Date, signal?: AbortSignal): Promise<number> {
  const today = todayIso(now);
  let written = 0;
  for (;;) {
    if (signal?.aborted) return written;
    const result = await sql`
      insert into service_fee_period
        (creditor_id, start_date, end_date, current_annual_service_fee, charged_amount, created_at)
      select p.creditor_id, p.end_date + 1,
             (p.end_date + 1 + interval '1 year' - interval '1 day')::date,
             coalesce(p.next_period_annual_service_fee, p.current_annual_service_fee), 0, ${now}
      from service_fee_period p
      join creditor c on c.id = p.creditor_id
      where c.is_service_fee_period_active
        and p.end_date < ${today}::date
        and not exists (
          select 1 from service_fee_period q where q.creditor_id = p.creditor_id and q.start_date > p.start_date)
      on conflict (creditor_id, start_date) do nothing`.execute(db);
    const rows = Number(result.numAffectedRows ?? 0);
    if (rows === 0) return written;
    written += rows;
  }
}
