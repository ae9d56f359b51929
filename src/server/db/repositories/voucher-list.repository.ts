import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { enums } from '../../../../generated/enums';
import type { ChildVoucher, VoucherListItem } from '../../../../generated/types';
import { INVOICE_TYPES } from '../../services/status-groups';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';

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
  'debtor.name': { order: textOrder(sql.ref('d.name')), nullable: true },
  'location.name': { order: textOrder(sql.ref('l.name')), nullable: true },
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
  const anyOf = (column: 'v.status' | 'v.subStatus' | 'v.type' | 'v.source' | 'v.purchaseStatus', values: string[]) => {
    if (values.length) conditions.push(eb(column, 'in', values));
  };
  anyOf('v.status', present(f.status));
  anyOf('v.subStatus', present(f.subStatus));
  anyOf('v.type', present(f.type));
  anyOf('v.source', present(f.source));
  // a group filter with groups selected but no members left matches nothing, not everything
  const grouped = (column: 'v.subStatus' | 'v.type' | 'v.purchaseStatus', enumName: string, groups?: string[]) => {
    if (!present(groups).length) return;
    const values = expand(enumName, present(groups));
    conditions.push(values.length ? eb(column, 'in', values) : sql<SqlBool>`false`);
  };
  grouped('v.purchaseStatus', 'purchaseStatus', f.purchaseStatusGroup);
  grouped('v.subStatus', 'voucherSubStatus', f.subStatusGroup);
  grouped('v.type', 'voucherType', f.typeGroup);
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

const hasFilters = (filters: VoucherListFilters = {}) =>
  Object.values(filters).some((values: unknown[] | undefined) =>
    (values ?? []).some((v) => (typeof v === 'string' ? v.trim() !== '' : v !== undefined)),
  );

/**
 * The rows of the voucher list in the requested order (shared by the list page and the CSV export):
 * a query over the creditor's vouchers with debtor, location and parent joined.
 */
export function voucherRowsQuery(db: Kysely<Database>, creditorId: number, query: Omit<VoucherListQuery, 'page' | 'rowsPerPage'>) {
  // no sort requested: newest upload first (index voucher_creditor_uploaded_idx)
  const sort = SORT_COLUMNS[query.sortBy ?? 'uploaded'];
  if (!sort) throw new Error(`not a sortable voucher column: ${query.sortBy}`);
  const desc = query.sortBy ? query.sortDesc : true;
  const direction = desc ? sql`desc` : sql`asc`;
  return db
    .selectFrom('voucher as v')
    .leftJoin('debtor as d', 'd.id', 'v.debtorId')
    .leftJoin('location as l', 'l.id', 'v.locationId')
    .leftJoin('voucher as p', 'p.id', 'v.parentId')
    .where((eb) => voucherConditions(eb, creditorId, query.filters))
    .select([
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
      'd.id as debtorId',
      'd.name as debtorName',
      'l.id as locationId',
      'l.name as locationName',
      'l.customDebtorNumber as locationCustomNumber',
      'p.id as parentId',
      sql<string | null>`coalesce(p.official_voucher_number, p.custom_number)`.as('parentNumber'),
    ])
    .orderBy(sort.nullable ? sql`${sort.order} ${direction} nulls last` : sql`${sort.order} ${direction}`)
    // id as tie-breaker keeps pages stable when many rows share the sorted value
    .orderBy('v.id', desc ? 'desc' : 'asc');
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

/** The children of the given vouchers (credits, payments, balancing vouchers …), oldest upload first. */
export async function findChildVouchers(db: Kysely<Database>, creditorId: number, parentIds: number[]) {
  const byParent = new Map<number, ChildVoucher[]>();
  if (parentIds.length === 0) return byParent;
  const rows = await db
    .selectFrom('voucher as v')
    .select([
      'v.id',
      'v.parentId',
      NUMBER_TO_SHOW.as('numberToShow'),
      'v.officialVoucherNumber',
      'v.balancingVoucherNumber',
      'v.isBalancingVoucher',
      'v.type',
      'v.requiresProcessing',
      'v.amount',
      'v.uploadedAt',
      'v.voucherDate',
    ])
    .where('v.creditorId', '=', creditorId)
    .where('v.parentId', 'in', parentIds)
    .orderBy('v.uploadedAt')
    .orderBy('v.id')
    .execute();
  for (const { parentId, uploadedAt, ...row } of rows) {
    const list = byParent.get(parentId!) ?? [];
    list.push({ ...row, type: row.type as ChildVoucher['type'], uploaded: toEpochSeconds(uploadedAt) });
    byParent.set(parentId!, list);
  }
  return byParent;
}

/**
 * Which of the given vouchers have an open work-queue entry. Asked for the page's ids only: as a
 * subquery of the list it made PostgreSQL hash every entry of every creditor for 15 rows.
 */
export async function findVouchersWithOpenWorkQueue(db: Kysely<Database>, creditorId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('workQueueVoucher as wv')
    .innerJoin('workQueueItem as w', 'w.id', 'wv.workQueueItemId')
    .select('wv.voucherId')
    .distinct()
    .where('wv.creditorId', '=', creditorId)
    .where('wv.voucherId', 'in', ids)
    .where('w.status', 'in', OPEN_WORK_QUEUE_STATUSES)
    .execute();
  return new Set(rows.map((row) => row.voucherId));
}

/**
 * One page of a creditor's vouchers with their children, the total matching `count`, and `empty`
 * (the creditor has no vouchers at all, so the client can tell "no data" from "no matches").
 *
 * @example
 * await listVouchers(db, creditorId, { page: 1, rowsPerPage: 15, sortBy: 'amount', sortDesc: true });
 */
export async function listVouchers(db: Kysely<Database>, creditorId: number, query: VoucherListQuery) {
  const rowsQuery = voucherRowsQuery(db, creditorId, query)
    .limit(query.rowsPerPage)
    .offset((query.page - 1) * query.rowsPerPage);
  const countQuery = db
    .selectFrom('voucher as v')
    .where((eb) => voucherConditions(eb, creditorId, query.filters))
    .select((eb) => eb.fn.countAll<number>().as('count'));
  const [rows, { count }] = await Promise.all([rowsQuery.execute(), countQuery.executeTakeFirstOrThrow()]);
  const empty =
    Number(count) === 0 &&
    (!hasFilters(query.filters) ||
      !(await db.selectFrom('voucher').select('id').where('creditorId', '=', creditorId).limit(1).executeTakeFirst()));
  const ids = rows.map((row) => row.id);
  const [children, withWorkQueue] = await Promise.all([
    findChildVouchers(db, creditorId, ids),
    findVouchersWithOpenWorkQueue(db, creditorId, ids),
  ]);
  const vouchers = rows.map((row) => ({
    ...toVoucherListItem(row, withWorkQueue.has(row.id)),
    children: children.get(row.id) ?? [],
  }));
  return { vouchers, count: Number(count), empty };
}
