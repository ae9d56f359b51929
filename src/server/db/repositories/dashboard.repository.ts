import { type Kysely, type RawBuilder, sql } from 'kysely';
import { CLOSED_VOUCHER_STATUSES, INVOICE_TYPES, OPEN_VOUCHER_STATUSES } from '../../services/status-groups';
import type { Database } from '../schema';

/**
 * The dashboard's figures (document 1 §2 "Dashboard"), each one SQL query over one creditor's data.
 * "Invoices" are processed vouchers (official number assigned) of the invoice-like types; amounts
 * are cents, rates percent with one decimal, days with one decimal. "Today" is the database's
 * current_date, so every figure uses the same day boundary as the date columns.
 *
 * Indexes (issue 13, migration 0088): the open invoices' figures read the partial covering index
 * voucher_dashboard_open_idx, the turnover figures a covering index on (creditor_id, voucher_date)
 * of the processed vouchers — date conditions are therefore written as ranges on voucher_date, not
 * as extract/date_trunc of it. Even so a 250,000-voucher tenant takes too long to compute on every
 * load: the route keeps the results (dashboard-figures.repository.ts).
 */

const invoiceTypes = sql.join(INVOICE_TYPES);
// processed invoices of the creditor, as a reusable WHERE fragment on alias v
const invoices = (creditorId: number) =>
  sql`v.creditor_id = ${creditorId} and v.type in (${invoiceTypes}) and v.official_voucher_number is not null`;

// open (or settled) in every product's family of list states; literals, so that the planner matches
// the partial index voucher_dashboard_open_idx, whose predicate names the same values (migration 0210)
const inStatuses = (statuses: readonly string[]) => sql.join(statuses.map((status) => sql.lit(status)));
const isOpen = sql`v.status in (${inStatuses(OPEN_VOUCHER_STATUSES)})`;
const isOpenOrClosed = sql`v.status in (${inStatuses([...OPEN_VOUCHER_STATUSES, ...CLOSED_VOUCHER_STATUSES])})`;

const round1 = (value: number | null | undefined) =>
  value == null ? null : Math.round(Number(value) * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : null);

async function rows<T>(db: Kysely<Database>, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/** Debtor limit rate: how much of the debtors' approved limits is used (active debtors). */
export async function debtorLimitRate(db: Kysely<Database>, creditorId: number) {
  const [row] = await rows(
    db,
    sql<{ approved: number; used: number }>`
      select coalesce(sum(approved_limit), 0)::bigint as approved,
             coalesce(sum(greatest(approved_limit - available_limit, 0)), 0)::bigint as used
        from debtor where creditor_id = ${creditorId} and status <> 'inactive'`,
  );
  const approved = Number(row.approved);
  const used = Number(row.used);
  return { approvedLimit: approved, usedLimit: used, rate: percent(used, approved) };
}

/** Overdue rate: the overdue part of the open invoice amount (payment deadline before today). */
export async function overdueRate(db: Kysely<Database>, creditorId: number) {
  const [row] = await rows(
    db,
    sql<{ open: number; overdue: number }>`
      select coalesce(sum(v.leftover_amount), 0)::bigint as open,
             coalesce(sum(v.leftover_amount) filter (where v.payment_deadline < current_date), 0)::bigint as overdue
        from voucher v where ${invoices(creditorId)} and ${isOpen}`,
  );
  return {
    openAmount: Number(row.open),
    overdueAmount: Number(row.overdue),
    rate: percent(Number(row.overdue), Number(row.open)),
  };
}

/**
 * Cashback: the year's turnover (invoice amounts dated this calendar year) and the credit the
 * provider paid back this year (creditor statements of type VH "credit"). Decision: the spec names
 * "cashback credit (annual turnover)" without a formula; both figures come from real records.
 */
export async function cashback(db: Kysely<Database>, creditorId: number) {
  const [row] = await rows(
    db,
    sql<{ year: number; turnover: number; credit: number }>`
      select extract(year from current_date)::int as year,
             (select coalesce(sum(v.amount), 0) from voucher v where ${invoices(creditorId)}
                and v.voucher_date >= date_trunc('year', current_date)::date)::bigint as turnover,
             (select coalesce(sum(c.amount), 0) from creditor_voucher c where c.creditor_id = ${creditorId}
                and c.type = 'VH' and c.voucher_date >= date_trunc('year', current_date)::date)::bigint as credit`,
  );
  return { year: Number(row.year), annualTurnover: Number(row.turnover), credit: Number(row.credit) };
}

/**
 * The statement of {@link openByDunningType}. It reads the partial covering index
 * voucher_dashboard_case_idx (migration 0250), whose predicate names the cases' dunning types: every
 * execution is planned for its values (plan_cache_mode, database.ts), so the planner proves it.
 */
export const openByDunningTypeQuery = (creditorId: number, dunningType: string) => sql<{ count: number; amount: number }>`
      select count(*)::int as count, coalesce(sum(v.leftover_amount), 0)::bigint as amount
        from voucher v where v.creditor_id = ${creditorId} and ${isOpen} and v.dunning_type = ${dunningType}`;

/** Open vouchers of one case's dunning type (halt = dunning stop, DISPUTE, DELAY): count and open amount. */
export async function openByDunningType(db: Kysely<Database>, creditorId: number, dunningType: string) {
  const [row] = await rows(db, openByDunningTypeQuery(creditorId, dunningType));
  return { count: Number(row.count), amount: Number(row.amount) };
}

/** Open invoices grouped by dunning state (chart), largest open amount first. */
export async function openInvoicesByDunningType(db: Kysely<Database>, creditorId: number) {
  const result = await rows(
    db,
    sql<{ dunningType: string; count: number; amount: number }>`
      select coalesce(v.dunning_type::text, 'notDunned') as "dunningType", count(*)::int as count,
             coalesce(sum(v.leftover_amount), 0)::bigint as amount
        from voucher v where ${invoices(creditorId)} and ${isOpen}
       group by 1 order by 3 desc, 1`,
  );
  return result.map((r) => ({
    dunningType: r.dunningType,
    count: Number(r.count),
    amount: Number(r.amount),
  }));
}

/** Turnover per calendar year (the last three): the still open and the balanced part. */
export async function turnoverPerYear(db: Kysely<Database>, creditorId: number) {
  const result = await rows(
    db,
    sql<{ year: number; open: number; balanced: number }>`
      select y.year::int as year,
             coalesce(sum(v.leftover_amount) filter (where ${isOpen}), 0)::bigint as open,
             coalesce(sum(v.amount - v.leftover_amount) filter (where ${isOpenOrClosed}), 0)::bigint as balanced
        from generate_series(extract(year from current_date)::int - 2, extract(year from current_date)::int) as y(year)
        left join voucher v on ${invoices(creditorId)}
              and v.voucher_date >= make_date(y.year, 1, 1) and v.voucher_date < make_date(y.year + 1, 1, 1)
       group by y.year order by y.year`,
  );
  return result.map((r) => ({ year: Number(r.year), open: Number(r.open), balanced: Number(r.balanced) }));
}

/**
 * Turnover per month over the last twelve months including the current one (zero-filled): one
 * range scan of the twelve months, grouped, then joined to the months.
 */
export async function turnoverPerMonth(db: Kysely<Database>, creditorId: number) {
  const result = await rows(
    db,
    sql<{ month: string; amount: number; count: number }>`
      select to_char(m.month, 'YYYY-MM') as month, coalesce(s.amount, 0)::bigint as amount, coalesce(s.count, 0)::int as count
        from generate_series(date_trunc('month', current_date) - interval '11 months', date_trunc('month', current_date),
                             interval '1 month') as m(month)
        left join (select date_trunc('month', v.voucher_date) as month, sum(v.amount) as amount, count(*) as count
                     from voucher v
                    where ${invoices(creditorId)}
                      and v.voucher_date >= (date_trunc('month', current_date) - interval '11 months')::date
                      and v.voucher_date < (date_trunc('month', current_date) + interval '1 month')::date
                    group by 1) s on s.month = m.month
       order by m.month`,
  );
  return result.map((r) => ({ month: r.month, amount: Number(r.amount), count: Number(r.count) }));
}

/** Balancing overview: what balanced invoices in the last twelve months, by balancing voucher type. */
export async function balancingOverview(db: Kysely<Database>, creditorId: number) {
  const result = await rows(
    db,
    sql<{ type: string; amount: number; count: number }>`
      select b.type::text as type, coalesce(sum(vb.amount), 0)::bigint as amount, count(*)::int as count
        from voucher_balancing vb join voucher b on b.id = vb.balancing_voucher_id
       where vb.creditor_id = ${creditorId} and vb.balanced_date > current_date - interval '12 months'
       group by 1 order by 2 desc, 1`,
  );
  return result.map((r) => ({ type: r.type, amount: Number(r.amount), count: Number(r.count) }));
}

/** Buckets of the days-overdue chart, in display order (labels in schema/texts/pages.yaml). */
export const DAYS_OVERDUE_BUCKETS = ['notDue', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;

/** Open invoices by days past their payment deadline (zero-filled buckets). */
export async function daysOverdue(db: Kysely<Database>, creditorId: number) {
  const result = await rows(
    db,
    sql<{ bucket: string; count: number; amount: number }>`
      select case when v.payment_deadline is null or v.payment_deadline >= current_date then 'notDue'
                  when current_date - v.payment_deadline <= 30 then 'days1to30'
                  when current_date - v.payment_deadline <= 60 then 'days31to60'
                  when current_date - v.payment_deadline <= 90 then 'days61to90'
                  else 'over90' end as bucket,
             count(*)::int as count, coalesce(sum(v.leftover_amount), 0)::bigint as amount
        from voucher v where ${invoices(creditorId)} and ${isOpen} group by 1`,
  );
  return DAYS_OVERDUE_BUCKETS.map((bucket) => {
    const row = result.find((r) => r.bucket === bucket);
    return { bucket, count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
  });
}

/**
 * Payment behaviour over invoices balanced in the last twelve months: the agreed payment target
 * (deadline − voucher date) against the days actually taken (last balancing − voucher date), and
 * how many were paid on time.
 */
export async function paymentBehaviour(db: Kysely<Database>, creditorId: number) {
  const [row] = await rows(
    db,
    sql<{ target: number | null; taken: number | null; onTime: number; late: number }>`
      with last_balanced as (
        select vb.balanced_voucher_id as id, max(vb.balanced_date) as paid_on
          from voucher_balancing vb where vb.creditor_id = ${creditorId}
         group by 1
        having max(vb.balanced_date) > current_date - interval '12 months'),
      paid as (
        select v.voucher_date, v.payment_deadline, b.paid_on
          from last_balanced b join voucher v on v.id = b.id
         where ${invoices(creditorId)} and v.status in (${inStatuses(CLOSED_VOUCHER_STATUSES)}))
      select avg(payment_deadline - voucher_date)::float8 as target, avg(paid_on - voucher_date)::float8 as taken,
             count(*) filter (where paid_on <= payment_deadline)::int as "onTime",
             count(*) filter (where paid_on > payment_deadline)::int as late
        from paid`,
  );
  return {
    averagePaymentTarget: round1(row.target),
    averageDaysToPay: round1(row.taken),
    paidOnTime: Number(row.onTime),
    paidLate: Number(row.late),
  };
}

/** Days sales outstanding: open receivables against the last 90 days' turnover, times 90. */
export async function daysSalesOutstanding(db: Kysely<Database>, creditorId: number) {
  const [row] = await rows(
    db,
    sql<{ receivables: number; turnover: number }>`
      select coalesce(sum(v.leftover_amount) filter (where ${isOpen}), 0)::bigint as receivables,
             coalesce(sum(v.amount) filter (where v.voucher_date > current_date - 90 and v.voucher_date <= current_date), 0)::bigint as turnover
        from voucher v where ${invoices(creditorId)}`,
  );
  const receivables = Number(row.receivables);
  const turnover = Number(row.turnover);
  return {
    receivables,
    turnover90Days: turnover,
    days: turnover > 0 ? round1((receivables / turnover) * 90) : null,
  };
}
