import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { StatementCache } from '../statement-cache';
import { enums } from '../../../../generated/enums';
import type { ChildVoucher, VoucherListItem } from '../../../../generated/types';
import { INVOICE_TYPES } from '../../services/status-groups';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';
import { readAlong, readerAlong } from './reader-along';

/** Filters of GET /voucher/list (and /voucher/csv), as the generated querystring schema validates them. */
export interface VoucherListFilters {
  number?: string[];
  status?: string[];
  purchaseStatusGroup?: string[];
  subStatus?: string[];
  subStatusGroup?: string[];
  type?: string[];
  typeGroup?: string[];
  timePeriod?: string[];
  voucherDate?: string[];
  paymentDeadline?: string[];
  amount?: string[];
  debtor?: string[];
  location?: string[];
  bnetId?: string[];
  encashmentFileNumber?: string[];
  source?: string[];
  hasWorkQueue?: boolean[];
}

export interface VoucherListQuery {
  page: number;
  rowsPerPage: number;
  sortBy?: string;
  sortDesc: boolean;
  filters?: VoucherListFilters;
}

type VoucherEb = ExpressionBuilder<Database & { v: Database['voucher'] }, 'v'>;

const groupValues = (enumName: string, group: string): string[] =>
  enums[enumName]?.groups[group]?.values.map(String) ?? [];

/** Work-queue statuses that count as open (schema/enums/workQueueStatus.yaml, group open). */
export const OPEN_WORK_QUEUE_STATUSES = groupValues('workQueueStatus', 'open');

// Natural-language order for texts, the same on PGlite and PostgreSQL (both ship ICU's root collation).
const textOrder = (expression: ReturnType<typeof sql>) => sql`${expression} collate "und-x-icu"`;
/** numberToShow: the official number once processing assigned one, else the creditor's own number. */
export const NUMBER_TO_SHOW = sql<string | null>`coalesce(v.official_voucher_number, v.custom_number)`;

// Sortable columns (the generated `sortBy` enum) → the SQL they sort by and whether it can be null.
// NOT NULL columns sort without `nulls last`, so the planner can walk the list indexes
// (voucher_creditor_uploaded_idx, …_amount_idx, …_number_to_show_idx) instead of sorting.
const SORT_COLUMNS: Record<string, { order: ReturnType<typeof sql>; nullable: boolean }> = {
  numberToShow: { order: textOrder(NUMBER_TO_SHOW), nullable: true },
  // the names' copies on the voucher (migration 0087) are indexed; the joined tables' are not
  'debtor.name': { order: textOrder(sql.ref('v.debtorSortName')), nullable: true },
  'location.name': { order: textOrder(sql.ref('v.locationSortName')), nullable: true },
  type: { order: sql.ref('v.type'), nullable: false },
  voucherDate: { order: sql.ref('v.voucherDate'), nullable: true },
  paymentDeadline: { order: sql.ref('v.paymentDeadline'), nullable: true },
  amount: { order: sql.ref('v.amount'), nullable: false },
  leftoverAmount: { order: sql.ref('v.leftoverAmount'), nullable: false },
  statusToShow: { order: sql.ref('v.status'), nullable: false },
  status: { order: sql.ref('v.status'), nullable: false },
  subStatus: { order: sql.ref('v.subStatus'), nullable: false },
  purchaseStatus: { order: sql.ref('v.purchaseStatus'), nullable: false },
  source: { order: sql.ref('v.source'), nullable: false },
  uploaded: { order: sql.ref('v.uploadedAt'), nullable: false },
};

/** Whether the repository can sort by `column` (checked against the generated enum in tests). */
export const isSortableVoucherColumn = (column: string) => column in SORT_COLUMNS;

// Time-period filter (schema/enums/timePeriodFilter.yaml): days back from today, today included.
const PERIOD_DAYS: Record<string, number> = {
  today: 0,
  last_7_days: 7,
  last_30_days: 30,
  last_90_days: 90,
  last_year: 365,
};

/** Whether the repository knows a time-period choice (checked against the generated enum in tests). */
export const isKnownTimePeriod = (value: string) => value in PERIOD_DAYS;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const present = (values: string[] | undefined) => (values ?? []).map((v) => v.trim()).filter(Boolean);
const expand = (enumName: string, groups: string[] | undefined) =>
  [...new Set((groups ?? []).flatMap((group) => groupValues(enumName, group)))];

function dateRange(eb: VoucherEb, column: 'v.voucherDate' | 'v.paymentDeadline', range?: string[]) {
  const [from, to] = range ?? [];
  const conditions: Expression<SqlBool>[] = [];
  if (from) conditions.push(eb(column, '>=', from));
  if (to) conditions.push(eb(column, '<=', to));
  return conditions;
}

/**
 * The WHERE clause of the voucher list for one creditor: every filter of the resource, groups
 * expanded through the enumeration groups of schema/enums (the route has already checked that the
 * caller's product offers them).
 */
export function voucherConditions(eb: VoucherEb, creditorId: number, f: VoucherListFilters = {}): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('v.creditorId', '=', creditorId)];
  for (const term of present(f.number)) {
    const pattern = `%${escapeLike(term)}%`;
    conditions.push(eb.or([eb('v.officialVoucherNumber', 'ilike', pattern), eb('v.customNumber', 'ilike', pattern)]));
  }
  conditions.push(
    ...talliedConditions(
      f,
      (column, values) => eb(`v.${column}`, 'in', values),
      // the voucher's own group column (0090, indexed in upload order) instead of the members
      (groups) => eb('v.subStatusGroup', 'in', groups),
    ),
  );
  const periods = present(f.timePeriod).filter(isKnownTimePeriod);
  if (periods.length) {
    const days = Math.max(...periods.map((p) => PERIOD_DAYS[p]));
    conditions.push(eb('v.voucherDate', '>=', sql<string>`current_date - ${days}::integer`));
    conditions.push(eb('v.voucherDate', '<=', sql<string>`current_date`));
  }
  conditions.push(...dateRange(eb, 'v.voucherDate', f.voucherDate));
  conditions.push(...dateRange(eb, 'v.paymentDeadline', f.paymentDeadline));
  const amounts = present(f.amount).map(Number);
  if (amounts.length) conditions.push(eb('v.amount', 'in', amounts));
  const debtors = present(f.debtor).map(Number);
  if (debtors.length) conditions.push(eb('v.debtorId', 'in', debtors));
  const locations = present(f.location).map(Number);
  if (locations.length) conditions.push(eb('v.locationId', 'in', locations));
  const bnetIds = present(f.bnetId);
  if (bnetIds.length) conditions.push(eb('v.bnetId', 'in', bnetIds));
  const fileNumbers = present(f.encashmentFileNumber);
  if (fileNumbers.length) conditions.push(eb('v.encashmentFileNumber', 'in', fileNumbers));
  const workQueue = new Set(f.hasWorkQueue ?? []);
  if (workQueue.size === 1) {
    const open = eb.exists(openWorkQueueOf(eb, creditorId));
    conditions.push(workQueue.has(true) ? open : eb.not(open));
  }
  return eb.and(conditions);
}

type TalliedColumn = 'status' | 'subStatus' | 'type' | 'source' | 'purchaseStatus';
/** The filters that read only columns of the tally (voucher_tally, 0087): their count is a sum over it. */
const TALLIED_FILTERS = new Set(['status', 'subStatus', 'subStatusGroup', 'type', 'typeGroup', 'purchaseStatusGroup', 'source']);

/**
 * The conditions of the filters on tallied columns, for the voucher table and for the tally alike.
 * A sub-status group filter reads `inSubStatusGroups` when given (the voucher's group column), else
 * the group's member sub-statuses (the tally has no group column).
 */
function talliedConditions(
  f: VoucherListFilters,
  anyOf: (column: TalliedColumn, values: string[]) => Expression<SqlBool>,
  inSubStatusGroups?: (groups: string[]) => Expression<SqlBool>,
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  const values = (column: TalliedColumn, list: string[]) => {
    if (list.length) conditions.push(anyOf(column, list));
  };
  values('status', present(f.status));
  values('subStatus', present(f.subStatus));
  values('type', present(f.type));
  values('source', present(f.source));
  // a group filter with groups selected but no members left matches nothing, not everything
  const grouped = (column: TalliedColumn, enumName: string, groups?: string[]) => {
    if (!present(groups).length) return;
    const members = expand(enumName, present(groups));
    conditions.push(members.length ? anyOf(column, members) : sql<SqlBool>`false`);
  };
  grouped('purchaseStatus', 'purchaseStatus', f.purchaseStatusGroup);
  if (inSubStatusGroups && present(f.subStatusGroup).length) conditions.push(inSubStatusGroups(present(f.subStatusGroup)));
  else grouped('subStatus', 'voucherSubStatus', f.subStatusGroup);
  grouped('type', 'voucherType', f.typeGroup);
  return conditions;
}

/** Whether every filter set reads only tallied columns (none set counts as well). */
const countsFromTally = (filters: VoucherListFilters = {}) =>
  Object.entries(filters).every(([key, values]: [string, unknown[] | undefined]) => TALLIED_FILTERS.has(key) || !isSet(values));

/**
 * The number of the creditor's vouchers matching the filters: summed from the tally when the filters
 * read only tallied columns (a few hundred rows however many vouchers), else counted.
 */
export function voucherCountQuery(db: Kysely<Database>, creditorId: number, filters: VoucherListFilters = {}) {
  if (countsFromTally(filters)) {
    return db
      .selectFrom('voucherTally as t')
      .where((eb) =>
        eb.and([eb('t.creditorId', '=', creditorId), ...talliedConditions(filters, (column, values) => eb(`t.${column}`, 'in', values))]),
      )
      .select(sql<number>`coalesce(sum(t.vouchers), 0)`.as('count'));
  }
  return db
    .selectFrom('voucher as v')
    .where((eb) => voucherConditions(eb, creditorId, filters))
    .select((eb) => eb.fn.countAll<number>().as('count'));
}

// The tenant named on both tables lets PostgreSQL read only this creditor's entries
// (work_queue_voucher_creditor_idx, work_queue_item_creditor_status_idx) instead of hashing all.
function openWorkQueueOf(eb: VoucherEb, creditorId: number) {
  return eb
    .selectFrom('workQueueVoucher as wv')
    .innerJoin('workQueueItem as w', 'w.id', 'wv.workQueueItemId')
    .select('wv.voucherId')
    .whereRef('wv.voucherId', '=', 'v.id')
    .where('wv.creditorId', '=', creditorId)
    .where('w.creditorId', '=', creditorId)
    .where('w.status', 'in', OPEN_WORK_QUEUE_STATUSES);
}

/**
 * Whether the row `v` has an open work-queue entry, for a page's select list: the entry's status read
 * by its key instead of joined — PostgreSQL plans a join anew for every statement (0.14 of the
 * page's 0.57 ms of planning, issue 13), a key read needs no join order. The filter keeps
 * {@link openWorkQueueOf}, a join the planner can turn into one pass over the creditor's entries.
 */
function hasOpenWorkQueue(eb: VoucherEb, creditorId: number) {
  return eb.exists(
    eb
      .selectFrom('workQueueVoucher as wv')
      .select('wv.voucherId')
      .whereRef('wv.voucherId', '=', 'v.id')
      .where('wv.creditorId', '=', creditorId)
      .where((inner) =>
        inner(
          inner
            .selectFrom('workQueueItem as w')
            .select('w.status')
            .whereRef('w.id', '=', 'wv.workQueueItemId')
            .where('w.creditorId', '=', creditorId),
          'in',
          OPEN_WORK_QUEUE_STATUSES,
        ),
      ),
  );
}

/** Whether a filter has a value (an empty text is none). */
const isSet = (values: unknown[] | undefined) =>
  (values ?? []).some((v) => (typeof v === 'string' ? v.trim() !== '' : v !== undefined));
const hasFilters = (filters: VoucherListFilters = {}) => Object.values(filters).some(isSet);

type VoucherSortQuery = Pick<VoucherListQuery, 'sortBy' | 'sortDesc'>;

/** The sort column of a list query and its direction; no sort requested: newest upload first. */
function sortOf(query: VoucherSortQuery) {
  const sort = SORT_COLUMNS[query.sortBy ?? 'uploaded'];
  if (!sort) throw new Error(`not a sortable voucher column: ${query.sortBy}`);
  return { sort, desc: query.sortBy ? query.sortDesc : true };
}

/** The ORDER BY of the list: the sorted column, then the id (stable pages when values repeat). */
function voucherOrder(query: VoucherSortQuery) {
  const { sort, desc } = sortOf(query);
  const direction = desc ? sql`desc` : sql`asc`;
  return sort.nullable
    ? sql`${sort.order} ${direction} nulls last, v.id ${direction}`
    : sql`${sort.order} ${direction}, v.id ${direction}`;
}

/**
 * The rows of the voucher list in the requested order (shared by the list page and the CSV export):
 * a query over the creditor's vouchers, the debtor's and location's names and the parent's number
 * read by their primary keys in the select list. Not joined: with three outer joins (one of them the
 * voucher table again, ~40 indexes) PostgreSQL planned a page of 15 rows for 0.54 ms and ran it for
 * 0.11 ms; with the reads in the select list it plans it for 0.18 ms (issue 13, bench/README.md).
 * Every key has a foreign key, so a set id always finds its row.
 */
export function voucherRowsQuery(db: Kysely<Database>, creditorId: number, query: Omit<VoucherListQuery, 'page' | 'rowsPerPage'>) {
  return db
    .selectFrom('voucher as v')
    .where((eb) => voucherConditions(eb, creditorId, query.filters))
    .select((eb) => [
      'v.id',
      'v.status',
      'v.subStatus',
      'v.officialVoucherNumber',
      'v.customNumber',
      NUMBER_TO_SHOW.as('numberToShow'),
      'v.bnetId',
      'v.amount',
      'v.purchaseStatus',
      'v.leftoverAmount',
      'v.initialLeftoverAmount',
      'v.type',
      'v.paymentDeadline',
      'v.uploadedAt',
      'v.voucherDate',
      'v.source',
      'v.requiresProcessing',
      'v.encashmentFileNumber',
      'v.dunningType',
      'v.customisedLabel',
      'v.debtorId',
      eb.selectFrom('debtor as d').select('d.name').whereRef('d.id', '=', 'v.debtorId').as('debtorName'),
      'v.locationId',
      eb.selectFrom('location as l').select('l.name').whereRef('l.id', '=', 'v.locationId').as('locationName'),
      eb
        .selectFrom('location as l')
        .select('l.customDebtorNumber')
        .whereRef('l.id', '=', 'v.locationId')
        .as('locationCustomNumber'),
      'v.parentId',
      eb
        .selectFrom('voucher as p')
        .select(sql<string | null>`coalesce(p.official_voucher_number, p.custom_number)`.as('number'))
        .whereRef('p.id', '=', 'v.parentId')
        .as('parentNumber'),
    ])
    .orderBy(voucherOrder(query));
}

/** Where a batch of the voucher list ended: its last row's sort value as text (null when null) and id. */
export interface VoucherListSeek {
  key: string | null;
  id: number;
}

/**
 * The rows that follow `after` in the order of {@link voucherRowsQuery} (all rows without it): keyset
 * ("seek") paging for reading the whole list in batches (the CSV export). Each row carries `seekKey`,
 * its sort value as text, for the next batch's `after`. Unlike OFFSET, a batch deep in the list costs
 * no more than the first, and a page boundary stays exact however many rows share a sort value.
 *
 * The condition follows the order `key <dir> [nulls last], id <dir>`: after a non-null key, the rows
 * with a greater (desc: smaller) `(key, id)` and, for a nullable key, every null; after a null key,
 * only nulls with a greater (smaller) id. The key is compared with the sort's own expression, so
 * texts compare under the same collation as they sort; its text form reads back as the column's
 * type (date, timestamp with microseconds, enum, number) on both engines.
 *
 * @example
 * let after: VoucherListSeek | undefined;
 * const rows = await voucherRowsAfter(db, creditorId, query, after).limit(1000).execute();
 * after = { key: rows.at(-1)!.seekKey, id: rows.at(-1)!.id };
 */
export function voucherRowsAfter(
  db: Kysely<Database>,
  creditorId: number,
  query: Omit<VoucherListQuery, 'page' | 'rowsPerPage'>,
  after?: VoucherListSeek,
) {
  const { sort, desc } = sortOf(query);
  const rows = voucherRowsQuery(db, creditorId, query).select(sql<string | null>`cast(${sort.order} as text)`.as('seekKey'));
  if (!after) return rows;
  const beyond = sql.raw(desc ? '<' : '>');
  const id = sql.ref('v.id');
  if (after.key === null) return rows.where(sql<SqlBool>`${sort.order} is null and ${id} ${beyond} ${after.id}`);
  const further = sql<SqlBool>`(${sort.order}, ${id}) ${beyond} (${after.key}, ${after.id})`;
  return rows.where(sort.nullable ? sql<SqlBool>`(${further} or ${sort.order} is null)` : further);
}

export type VoucherRow = Awaited<ReturnType<ReturnType<typeof voucherRowsQuery>['execute']>>[number];

/** A row of {@link voucherRowsQuery} as the API's list item (children and work queue added separately). */
export function toVoucherListItem(row: VoucherRow, hasWorkQueue = false): VoucherListItem {
  return {
    id: row.id,
    status: row.status as VoucherListItem['status'],
    statusToShow: row.status as VoucherListItem['status'],
    subStatus: row.subStatus as VoucherListItem['subStatus'],
    officialVoucherNumber: row.officialVoucherNumber,
    customNumber: row.customNumber,
    numberToShow: row.numberToShow,
    bnetId: row.bnetId,
    amount: row.amount,
    purchaseStatus: row.purchaseStatus as VoucherListItem['purchaseStatus'],
    leftoverAmount: row.leftoverAmount,
    initialLeftoverAmount: row.initialLeftoverAmount,
    type: row.type as VoucherListItem['type'],
    paymentDeadline: row.paymentDeadline,
    uploaded: toEpochSeconds(row.uploadedAt),
    voucherDate: row.voucherDate,
    hasWorkQueue,
    isInvoice: INVOICE_TYPES.includes(row.type),
    debtor: row.debtorId == null ? null : { id: row.debtorId, name: row.debtorName ?? '' },
    location:
      row.locationId == null
        ? null
        : { id: row.locationId, name: row.locationName ?? '', customNumber: row.locationCustomNumber },
    source: row.source as VoucherListItem['source'],
    requiresProcessing: row.requiresProcessing,
    parent: row.parentId == null ? null : { id: row.parentId, numberToShow: row.parentNumber },
    children: [],
  };
}

/**
 * A creditor's child vouchers (credits, payments, balancing vouchers …) as the API shows them
 * (`ChildVoucher`, `uploaded` in epoch seconds), oldest upload first (index voucher_parent_idx);
 * the child is `c`, the caller names the parents.
 */
function childVouchersQuery(db: Kysely<Database>, creditorId: number) {
  return db
    .selectFrom('voucher as c')
    .select([
      'c.id',
      sql<string | null>`coalesce(c.official_voucher_number, c.custom_number)`.as('numberToShow'),
      'c.officialVoucherNumber',
      'c.balancingVoucherNumber',
      'c.isBalancingVoucher',
      'c.type',
      'c.requiresProcessing',
      'c.amount',
      sql<number>`floor(extract(epoch from c.uploaded_at))::bigint`.as('uploaded'),
      'c.voucherDate',
    ])
    .where('c.creditorId', '=', creditorId)
    .orderBy('c.uploadedAt')
    .orderBy('c.id');
}

/** The children of the given vouchers (the voucher detail's), by parent, oldest upload first. */
export async function findChildVouchers(db: Kysely<Database>, creditorId: number, parentIds: number[]) {
  const byParent = new Map<number, ChildVoucher[]>();
  if (parentIds.length === 0) return byParent;
  const rows = await childVouchersQuery(db, creditorId).select('c.parentId').where('c.parentId', 'in', parentIds).execute();
  for (const { parentId, ...child } of rows) {
    const list = byParent.get(parentId!) ?? [];
    list.push({ ...child, type: child.type as ChildVoucher['type'] });
    byParent.set(parentId!, list);
  }
  return byParent;
}

/**
 * One page of the list in one statement. The page's ids are chosen first from the voucher table
 * alone (every filter and sort key is a column of it — the names' copies too — so an index serves
 * both, and a deep page skips index entries instead of whole rows); only those rows are then read
 * with their names and parent number ({@link voucherRowsQuery}), ordered again, and given their
 * children (as JSON, oldest upload first, {@link childVouchersQuery}) and whether they have an open
 * work-queue entry.
 */
function voucherPageQuery(
  db: Kysely<Database>,
  query: Omit<VoucherListQuery, 'page' | 'rowsPerPage'>,
  { creditorId, limit, offset }: { creditorId: number; limit: number; offset: number },
) {
  const pageIds = db
    .selectFrom('voucher as v')
    .select('v.id')
    .where((eb) => voucherConditions(eb, creditorId, query.filters))
    .orderBy(voucherOrder(query))
    .limit(limit)
    .offset(offset);
  return voucherRowsQuery(db, creditorId, { sortBy: query.sortBy, sortDesc: query.sortDesc })
    // an array of ids, not a semi-join: the planner considers no join orders for it (issue 13)
    .where(sql<SqlBool>`v.id = any(array(${pageIds}))`)
    .select((eb) => [
      jsonArrayFrom(childVouchersQuery(db, creditorId).where('c.parentId', '=', sql.ref<number>('v.id'))).as('children'),
      hasOpenWorkQueue(eb, creditorId).as('hasWorkQueue'),
    ]);
}

/**
 * The list's totals for the caller: the creditor's limits, the number of matching vouchers and the
 * stored permissions of the user `readerId`, each a subquery PostgreSQL runs once per statement.
 */
function listTotals(
  db: Kysely<Database>,
  eb: VoucherEb,
  filters: VoucherListFilters | undefined,
  { creditorId, readerId }: { creditorId: number; readerId: number },
) {
  return [
    voucherCountQuery(db, creditorId, filters).as('count'),
    eb.selectFrom('creditor as cr').select('cr.approvedLimit').where('cr.id', '=', creditorId).as('approvedLimit'),
    eb.selectFrom('creditor as cr').select('cr.availableLimit').where('cr.id', '=', creditorId).as('availableLimit'),
    // the reader's stored permissions and session state, so both checks ride along (issues 13, 26)
    readerAlong(eb, readerId),
  ] as const;
}

/** The list's statements, compiled once per filter and sort (src/server/db/statement-cache.ts). */
const listStatements = new StatementCache();

/**
 * One page of a creditor's vouchers with their children, the total matching `count`, `empty` (the
 * creditor has no vouchers at all, so the client can tell "no data" from "no matches"), the
 * creditor's limits and `readerPermissions`, the stored permissions of the user `readerId` who asks
 * (so the route decides on the permission without a round trip of its own) — in one statement: the
 * totals ride along on every row of the page ({@link listTotals}, computed once); only a page without
 * rows (no matches, or beyond the last page) asks for them in a second. One statement instead of
 * two in parallel saves a request a connection, a round trip and their CPU on both sides (issue 13).
 * Both statements are compiled once per filter and sort; the tenant, the reader and the page are
 * their parameters.
 *
 * @example
 * await listVouchers(db, creditorId, userId, { page: 1, rowsPerPage: 15, sortBy: 'amount', sortDesc: true });
 */
export async function listVouchers(db: Kysely<Database>, creditorId: number, readerId: number, query: VoucherListQuery) {
  const { page: _page, rowsPerPage, ...shape } = query;
  const key = JSON.stringify([shape.filters ?? null, shape.sortBy ?? null, shape.sortDesc ?? null]);
  const pageValues = { creditorId, readerId, limit: rowsPerPage, offset: (query.page - 1) * rowsPerPage };
  const rows = await listStatements.rows(db, `page ${key}`, pageValues, (slots) =>
    voucherPageQuery(db, shape, slots).select((eb) => listTotals(db, eb, shape.filters, slots)),
  );
  const [totals] = rows.length
    ? rows
    : await listStatements.rows(db, `totals ${key}`, { creditorId, readerId }, (slots) =>
        db.selectNoFrom((eb) => listTotals(db, eb, shape.filters, slots)),
      );
  const count = Number(totals?.count ?? 0);
  const empty =
    count === 0 &&
    (!hasFilters(query.filters) ||
      !(await db.selectFrom('voucher').select('id').where('creditorId', '=', creditorId).limit(1).executeTakeFirst()));
  // no rest or spread over the rows: copying a row's thirty columns that way was 7 % of a request's CPU
  const vouchers = rows.map((row) => {
    const item = toVoucherListItem(row, Boolean(row.hasWorkQueue));
    item.children = row.children as ChildVoucher[];
    return item;
  });
  // both limits are NOT NULL: null means the creditor's row is gone
  const creditorLimits =
    totals?.approvedLimit != null ? { approvedLimit: totals.approvedLimit, availableLimit: totals.availableLimit } : null;
  return {
    vouchers,
    count,
    empty,
    creditorLimits,
    ...readAlong(totals?.reader),
  };
}
