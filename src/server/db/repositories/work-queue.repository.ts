import { type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { WorkQueueItem, WorkQueueMessage, WorkQueueVoucher } from '../../../../generated/types';
import { expandStatusFilter, INVOICE_TYPES } from '../../services/status-groups';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';
import { StatementCache } from '../statement-cache';
import { pageAlong, readAlong, readerAlong } from './reader-along';

/** An item open (or read) longer than this since its creation is shown as an error (document 1 §4, §9). */
export const WORK_QUEUE_ERROR_AFTER_DAYS = 7;

/** The stored statuses that still wait for the creditor (the enumeration's `open` group). */
const OPEN_STATUSES = expandStatusFilter('workQueueStatus', ['open']);
/** The statuses of an unhandled item: waiting for an answer (open, read) or in error. */
export const UNHANDLED_WORK_QUEUE_STATUSES = [...OPEN_STATUSES, 'error'];

/** Days back of the time-period filter's choices (schema/enums/timePeriodFilter.yaml); 0 = since midnight. */
const TIME_PERIOD_DAYS: Record<string, number> = {
  today: 0,
  last_7_days: 7,
  last_30_days: 30,
  last_90_days: 90,
  last_year: 365,
};

/** Whether the repository knows a time-period choice (checked against the generated enum in tests). */
export const isKnownTimePeriod = (value: string) => value in TIME_PERIOD_DAYS;

export interface WorkQueueListFilters {
  search?: string[];
  status?: string[];
  timePeriod?: string[];
}

export interface WorkQueueListQuery {
  page: number;
  rowsPerPage: number;
  sortBy?: string;
  sortDesc: boolean;
  filters?: WorkQueueListFilters;
}

type WqEb = ExpressionBuilder<Database & { w: Database['workQueueItem'] }, 'w'>;

/**
 * The status the screen shows, computed in SQL so it can be filtered and sorted: open and read →
 * open, send → send, done → done; error, or open/read for more than 7 days since creation → error.
 */
const statusToShow = sql<string>`case
  when w.status = 'error' or (w.status in (${sql.join(OPEN_STATUSES)})
    and w.created_at < now() - make_interval(days => ${WORK_QUEUE_ERROR_AFTER_DAYS})) then 'error'
  when w.status in (${sql.join(OPEN_STATUSES)}) then 'open'
  else w.status::text end`;

const TEXT_ORDER = (column: string) => sql`${sql.ref(column)} collate "und-x-icu"`;

// Sortable columns of the list (the generated `sortBy` enum) → the SQL they sort by.
const SORT_COLUMNS: Record<string, ReturnType<typeof sql>> = {
  title: TEXT_ORDER('w.title'),
  'debtor.name': TEXT_ORDER('d.name'),
  statusToShow,
  created: sql.ref('w.createdAt'),
  updated: sql.ref('w.updatedAt'),
};

/** Whether the repository can sort by `column` (checked against the generated enum in tests). */
export const isSortableColumn = (column: string) => column in SORT_COLUMNS;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// A filter value of the status enumeration → the shown status it selects (read is shown as open).
const shownAs = (value: string) => (OPEN_STATUSES.includes(value) ? 'open' : value);

function conditions(eb: WqEb, creditorId: number, filters: WorkQueueListFilters = {}): Expression<SqlBool> {
  const where: Expression<SqlBool>[] = [eb('w.creditorId', '=', creditorId)];
  for (const term of filters.search ?? []) {
    const trimmed = term.trim();
    if (!trimmed) continue;
    const pattern = `%${escapeLike(trimmed)}%`;
    where.push(
      eb.or([
        eb('w.title', 'ilike', pattern),
        eb('w.fileIdentifier', 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('debtor as sd')
            .select('sd.id')
            .whereRef('sd.id', '=', 'w.debtorId')
            .where('sd.name', 'ilike', pattern),
        ),
      ]),
    );
  }
  if (filters.status?.length) {
    const shown = [...new Set(filters.status.map(shownAs))];
    where.push(sql<SqlBool>`(${statusToShow}) in (${sql.join(shown)})`);
  }
  const days = (filters.timePeriod ?? [])
    .map((value) => TIME_PERIOD_DAYS[value])
    .filter((d) => d !== undefined);
  if (days.length) {
    const widest = Math.max(...days);
    where.push(sql<SqlBool>`w.created_at >= date_trunc('day', now()) - make_interval(days => ${widest})`);
  }
  return eb.and(where);
}

const hasFilters = (filters: WorkQueueListFilters = {}) =>
  Object.values(filters).some((values: string[] | undefined) => (values ?? []).some((v) => v.trim() !== ''));

type ItemEb = ExpressionBuilder<Database & { w: Database['workQueueItem'] }, 'w'>;

/** A JSON array of `rows` (an object per row, in the order given), `[]` when there is none. */
const jsonArray = (object: RawBuilder<unknown>, order: RawBuilder<unknown>) =>
  sql`coalesce(jsonb_agg(${object} order by ${order}), '[]'::jsonb)`;

/** The item's vouchers and counter vouchers as one JSON array (by voucher id), a scalar subquery. */
const vouchersAlong = (eb: ItemEb) =>
  eb
    .selectFrom('workQueueVoucher as wv')
    .innerJoin('voucher as v', 'v.id', 'wv.voucherId')
    .whereRef('wv.creditorId', '=', 'w.creditorId')
    .whereRef('wv.workQueueItemId', '=', 'w.id')
    .select(
      jsonArray(
        sql`jsonb_build_object('isCounterVoucher', wv.is_counter_voucher, 'id', v.id, 'customNumber', v.custom_number,
          'officialVoucherNumber', v.official_voucher_number, 'type', v.type, 'source', v.source, 'originalName', v.original_name,
          'amount', v.amount, 'leftoverAmount', v.leftover_amount, 'paymentDeadline', v.payment_deadline)`,
        sql`v.id`,
      ).as('j'),
    )
    .as('vouchers');

/** The item's messages, oldest first, as a JSON array (their time in epoch seconds), a scalar subquery. */
const messagesAlong = (eb: ItemEb) =>
  eb
    .selectFrom('workQueueMessage as m')
    .whereRef('m.creditorId', '=', 'w.creditorId')
    .whereRef('m.workQueueItemId', '=', 'w.id')
    .select(
      jsonArray(
        sql`jsonb_build_object('text', m.text, 'sender', m.sender, 'created', floor(extract(epoch from m.created_at)))`,
        sql`m.created_at, m.id`,
      ).as('j'),
    )
    .as('messages');

/** The options of a state of affairs, accepted or rejected, in their position, as a JSON array. */
const optionsOf = (accepted: boolean) => sql`coalesce((select jsonb_agg(jsonb_build_object('code', o.code, 'text', o.text,
  'fullAmount', o.full_amount, 'noteRequired', o.note_required) order by o.position, o.id)
  from state_of_affairs_option o where o.state_code = s.code and o.accepted = ${sql.lit(accepted)}), '[]'::jsonb)`;

/** The item's state of affairs of the catalogue with its options as one JSON object (null: none), a scalar subquery. */
const stateAlong = (eb: ItemEb) =>
  eb
    .selectFrom('stateOfAffairs as s')
    .whereRef('s.code', '=', 'w.stateOfAffairsCode')
    .select(
      sql<NonNullable<WorkQueueItem['stateOfAffairs']>>`jsonb_build_object('code', s.code,
        'acceptedOptions', ${optionsOf(true)}, 'rejectedOptions', ${optionsOf(false)},
        'followUpAction', s.follow_up_action, 'rejectAction', s.reject_action,
        'acceptFileRequired', s.accept_file_required, 'rejectFileRequired', s.reject_file_required)`.as('j'),
    )
    .as('stateOfAffairs');

/**
 * The full items of a creditor (debtor, location, vouchers, messages, state of affairs) in one
 * statement: the children are scalar JSON subqueries of each item row.
 */
function itemsQuery(db: Kysely<Database>, creditorId: number) {
  return db
    .selectFrom('workQueueItem as w')
    .leftJoin('debtor as d', 'd.id', 'w.debtorId')
    .leftJoin('location as l', 'l.id', 'w.locationId')
    .where('w.creditorId', '=', creditorId)
    .selectAll('w')
    .select((eb) => [
      'd.name as debtorName',
      'd.debtorType',
      'l.name as locationName',
      'l.customDebtorNumber',
      statusToShow.as('statusToShow'),
      vouchersAlong(eb as unknown as ItemEb),
      messagesAlong(eb as unknown as ItemEb),
      stateAlong(eb as unknown as ItemEb),
    ]);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemsQuery>['execute']>>[number];
type VoucherJson = {
  isCounterVoucher: boolean;
  id: number;
  customNumber: string | null;
  officialVoucherNumber: string | null;
  type: string;
  source: string;
  originalName: string | null;
  amount: number;
  leftoverAmount: number;
  paymentDeadline: string | null;
};

const toVoucher = (v: VoucherJson): WorkQueueVoucher => ({
  identifier: v.id,
  numberToShow: v.officialVoucherNumber ?? v.customNumber,
  type: v.type as WorkQueueVoucher['type'],
  officialVoucherNumber: v.officialVoucherNumber,
  isProcessableVoucherType: INVOICE_TYPES.includes(v.type),
  source: v.source as WorkQueueVoucher['source'],
  originalFileName: v.originalName,
  amount: v.amount,
  leftOverAmount: v.leftoverAmount,
  paymentDeadline: v.paymentDeadline,
});

/** The answer's item of a row of {@link itemsQuery}. */
function toItem(row: ItemRow): WorkQueueItem {
  const vouchers = (row.vouchers ?? []) as unknown as VoucherJson[];
  const messages = (row.messages ?? []) as unknown as { text: string; sender: string; created: number }[];
  return {
    identifier: row.id,
    debtor:
      row.debtorId && row.debtorName
        ? { id: row.debtorId, name: row.debtorName, type: row.debtorType as 'business' | 'customer' }
        : null,
    fileIdentifier: row.fileIdentifier,
    location: row.locationId ? { id: row.locationId, name: row.locationName ?? '', customNumber: row.customDebtorNumber } : null,
    documentUrls: row.documentUrls,
    vouchers: vouchers.filter((v) => !v.isCounterVoucher).map(toVoucher),
    counterVouchers: vouchers.filter((v) => v.isCounterVoucher).map(toVoucher),
    messages: messages.map(
      (m): WorkQueueMessage => ({ text: m.text, created: Number(m.created), sender: m.sender as WorkQueueMessage['sender'] }),
    ),
    status: row.status as WorkQueueItem['status'],
    statusToShow: row.statusToShow as WorkQueueItem['statusToShow'],
    title: row.title,
    text: row.text,
    transactionKey: row.transactionKey,
    created: toEpochSeconds(row.createdAt)!,
    updated: toEpochSeconds(row.updatedAt),
    finished: toEpochSeconds(row.finishedAt),
    sent: toEpochSeconds(row.sentAt),
    stateOfAffairs: (row.stateOfAffairs as WorkQueueItem['stateOfAffairs'] | null) ?? null,
    answerCode: row.answerCode,
  };
}

/** The creditor's items matching the filters in the list's order (no paging): the page query. */
export function workQueuePageQuery(db: Kysely<Database>, creditorId: number, query: Omit<WorkQueueListQuery, 'page' | 'rowsPerPage'>) {
  const sortBy = query.sortBy ?? 'created';
  const sortColumn = SORT_COLUMNS[sortBy];
  if (!sortColumn) throw new Error(`not a sortable work-queue column: ${sortBy}`);
  // without an explicit sort the newest come first
  const desc = query.sortBy ? query.sortDesc : true;
  const direction = desc ? sql`desc` : sql`asc`;
  return itemsQuery(db, creditorId)
    .where((eb) => conditions(eb as unknown as WqEb, creditorId, query.filters))
    .orderBy(sql`${sortColumn} ${direction} nulls last`)
    .orderBy('w.id', desc ? 'desc' : 'asc');
}

/** The number of the creditor's items matching the filters. */
export function workQueueCountQuery(db: Kysely<Database>, creditorId: number, filters: WorkQueueListFilters | undefined) {
  return db
    .selectFrom('workQueueItem as w')
    .where((eb) => conditions(eb, creditorId, filters))
    .select((eb) => eb.fn.countAll<number>().as('n'));
}

type ListSlots = { creditorId: number; readerId: number };

/** The list's totals: the number of matching items, whether the creditor has any item (asked only with filters), the reader's permissions and session. */
function listTotals(db: Kysely<Database>, eb: ExpressionBuilder<Database, never>, filters: WorkQueueListFilters | undefined, slots: ListSlots) {
  return [
    workQueueCountQuery(db, slots.creditorId, filters).as('count'),
    ...(hasFilters(filters)
      ? [eb.exists(db.selectFrom('workQueueItem as w').select('w.id').where('w.creditorId', '=', slots.creditorId).limit(1)).as('anyItem')]
      : []),
    readerAlong(eb, slots.readerId),
  ] as const;
}

/** The list's statements, compiled once per filter and sort (src/server/db/statement-cache.ts). */
const listStatements = new StatementCache();

/**
 * One page of a creditor's work-queue items (full items: debtor, vouchers, messages, state of
 * affairs), the matching `count`, `empty` (no items at all, filters aside) and the session state of
 * the user `readerId` who asks — one statement (issue 32); only a page without rows asks for the
 * totals in a second. The caller asserts the session before it answers.
 *
 * @example
 * await listWorkQueue(db, creditorId, userId, { page: 1, rowsPerPage: 15, sortBy: 'created', sortDesc: true });
 */
export async function listWorkQueue(db: Kysely<Database>, creditorId: number, readerId: number, query: WorkQueueListQuery) {
  const key = JSON.stringify([query.filters ?? null, query.sortBy ?? null, query.sortDesc]);
  const totalsOf = (eb: unknown, slots: ListSlots) =>
    listTotals(db, eb as ExpressionBuilder<Database, never>, query.filters, slots);
  const { rows, totals } = await pageAlong(
    db,
    listStatements,
    key,
    { creditorId, readerId },
    { limit: query.rowsPerPage, offset: (query.page - 1) * query.rowsPerPage },
    (slots) =>
      workQueuePageQuery(db, slots.creditorId, query)
        .select((eb) => totalsOf(eb, slots))
        .limit(slots.limit)
        .offset(slots.offset),
    (slots) => db.selectNoFrom((eb) => totalsOf(eb, slots)),
  );
  const count = Number(totals?.count ?? 0);
  const empty = count === 0 && (!hasFilters(query.filters) || !(totals as { anyItem?: unknown } | undefined)?.anyItem);
  return { items: rows.map(toItem), count, empty, ...readAlong((totals as { reader?: unknown } | undefined)?.reader) };
}

/** One work-queue item of `creditorId`, or undefined (also for another creditor's id). */
export async function findWorkQueueItem(
  db: Kysely<Database>,
  creditorId: number,
  id: number,
): Promise<WorkQueueItem | undefined> {
  const row = await itemsQuery(db, creditorId).where('w.id', '=', id).executeTakeFirst();
  return row ? toItem(row) : undefined;
}

/**
 * The unhandled items of a creditor: those still waiting for an answer (open, read) and those in
 * error (decision: an error needs the creditor too, so it counts as unhandled).
 */
export async function countUnhandledWorkQueue(db: Kysely<Database>, creditorId: number): Promise<number> {
  const row = await db
    .selectFrom('workQueueItem')
    .where('creditorId', '=', creditorId)
    .where('status', 'in', UNHANDLED_WORK_QUEUE_STATUSES)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** The oldest unhandled item (dashboard: open decisions with the oldest item). */
export async function findOldestUnhandledWorkQueue(db: Kysely<Database>, creditorId: number) {
  const row = await db
    .selectFrom('workQueueItem')
    .where('creditorId', '=', creditorId)
    .where('status', 'in', UNHANDLED_WORK_QUEUE_STATUSES)
    .select(['id', 'title', 'createdAt'])
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, title: row.title, created: toEpochSeconds(row.createdAt)! } : null;
}

