import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DebtorListItem } from '../../../../generated/types';
import {
  ACTIVE_PERMANENT_DEBT_STATUSES,
  INVOICE_TYPES,
  PURCHASED_STATUSES,
  expandStatusFilter,
} from '../../services/status-groups';
import { toEpochSeconds } from '../values';
import { StatementCache } from '../statement-cache';
import { readAlong, readerAlong } from './reader-along';
import type { Database } from '../schema';

/** Filters of GET /debtor/list, as validated by the generated querystring schema. */
export interface DebtorListFilters {
  search?: string[];
  status?: string[];
  debtorType?: string[];
  paymentMethod?: string[];
  limit?: string[];
}

export interface DebtorListQuery {
  page: number;
  rowsPerPage: number;
  sortBy?: string;
  sortDesc: boolean;
  filters?: DebtorListFilters;
}

type DebtorEb = ExpressionBuilder<Database & { d: Database['debtor'] }, 'd'>;

// Natural-language order for texts, the same on PGlite and PostgreSQL (both ship ICU's root collation).
const TEXT_ORDER = (column: string) => sql`${sql.ref(column)} collate "und-x-icu"`;

// Sortable columns of the list (the generated `sortBy` enum) → the SQL they sort by.
const SORT_COLUMNS: Record<string, ReturnType<typeof sql>> = {
  name: TEXT_ORDER('d.name'),
  city: TEXT_ORDER('d.city'),
  identifier: TEXT_ORDER('d.identifier'),
  debtorType: sql.ref('d.debtorType'),
  status: sql.ref('d.status'),
  sapNumber: sql.ref('d.sapNumber'),
  paymentMethod: sql.ref('d.paymentMethod'),
  approvedLimit: sql.ref('d.approvedLimit'),
  availableLimit: sql.ref('d.availableLimit'),
  limitExpiredDate: sql.ref('d.limitExpiredDate'),
  sumPurchased: sql.ref('sumPurchased'),
  openAmount: sql.ref('openAmount'),
  locationCount: sql.ref('locationCount'),
};

/** Whether the repository can sort by `column` (checked against the generated enum in tests). */
export const isSortableColumn = (column: string) => column in SORT_COLUMNS;

// Choices of the limit filter (schema/enums/limitFilter.yaml): euros of the approved limit, in cents.
const LIMIT_FILTERS: Record<string, (eb: DebtorEb) => Expression<SqlBool>> = {
  zero: (eb) => eb('d.approvedLimit', '=', 0),
  above_zero: (eb) => eb('d.approvedLimit', '>', 0),
  below_500: (eb) => eb.and([eb('d.approvedLimit', '>', 0), eb('d.approvedLimit', '<', 50_000)]),
  at_least_500: (eb) => eb('d.approvedLimit', '>=', 50_000),
  at_least_25000: (eb) => eb('d.approvedLimit', '>=', 2_500_000),
};

/** Whether the repository knows a limit-filter choice (checked against the generated enum in tests). */
export const isKnownLimitFilter = (value: string) => value in LIMIT_FILTERS;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterConditions(
  eb: DebtorEb,
  creditorId: number,
  filters: DebtorListFilters = {},
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('d.creditorId', '=', creditorId)];
  for (const term of filters.search ?? []) {
    const trimmed = term.trim();
    if (!trimmed) continue;
    const pattern = `%${escapeLike(trimmed)}%`;
    conditions.push(
      eb.or([
        eb('d.name', 'ilike', pattern),
        eb('d.city', 'ilike', pattern),
        eb('d.identifier', 'ilike', pattern),
        eb('d.sapNumber', 'ilike', pattern),
      ]),
    );
  }
  if (filters.status?.length)
    conditions.push(eb('d.status', 'in', expandStatusFilter('debtorStatus', filters.status)));
  if (filters.debtorType?.length) conditions.push(eb('d.debtorType', 'in', filters.debtorType));
  if (filters.paymentMethod?.length) conditions.push(eb('d.paymentMethod', 'in', filters.paymentMethod));
  const limits = (filters.limit ?? []).map((value) => LIMIT_FILTERS[value]).filter(Boolean);
  if (limits.length) conditions.push(eb.or(limits.map((condition) => condition(eb))));
  return eb.and(conditions);
}

const hasFilters = (filters: DebtorListFilters = {}) =>
  Object.values(filters).some((values: string[] | undefined) => (values ?? []).some((v) => v.trim() !== ''));

/** The sorts by a per-debtor aggregate: their page is chosen from the aggregates of all the creditor's debtors. */
const AGGREGATE_SORTS = new Set(['sumPurchased', 'openAmount', 'locationCount']);

type ListSlots = { creditorId: number; limit: number; offset: number };

/** The ORDER BY of the list: the sorted column, then the id (stable pages when values repeat). */
function debtorOrder(query: Pick<DebtorListQuery, 'sortBy' | 'sortDesc'>) {
  const sortBy = query.sortBy ?? 'name';
  const sortColumn = SORT_COLUMNS[sortBy];
  if (!sortColumn) throw new Error(`not a sortable debtor column: ${sortBy}`);
  const direction = query.sortDesc ? sql`desc` : sql`asc`;
  return sql`${sortColumn} ${direction} nulls last, d.id ${direction}`;
}

/** The aggregates of the creditor's debtors (sums of their invoices, number of locations), by debtor. */
function aggregatedDebtors(db: Kysely<Database>, creditorId: number) {
  const invoiceSums = db
    .selectFrom('voucher as v')
    .where('v.creditorId', '=', creditorId)
    .where('v.type', 'in', INVOICE_TYPES)
    .groupBy('v.debtorId')
    .select((eb) => [
      'v.debtorId',
      sql<number>`sum(${eb.ref('v.amount')}) filter (where ${eb('v.purchaseStatus', 'in', PURCHASED_STATUSES)})`.as(
        'sumPurchased',
      ),
      sql<number>`sum(${eb.ref('v.leftoverAmount')}) filter (where ${eb('v.status', '=', 'open')})`.as('openAmount'),
    ]);
  const locationCounts = db
    .selectFrom('location as l')
    .where('l.creditorId', '=', creditorId)
    .groupBy('l.debtorId')
    .select((eb) => ['l.debtorId', eb.fn.countAll<number>().as('locationCount')]);
  return db
    .selectFrom('debtor as d')
    .leftJoin(invoiceSums.as('s'), 's.debtorId', 'd.id')
    .leftJoin(locationCounts.as('lc'), 'lc.debtorId', 'd.id')
    .select((eb) => [
      'd.id',
      eb.fn.coalesce('s.sumPurchased', sql<number>`0`).as('sumPurchased'),
      eb.fn.coalesce('lc.locationCount', sql<number>`0`).as('locationCount'),
      eb.fn.coalesce('s.openAmount', sql<number>`0`).as('openAmount'),
    ]);
}

/**
 * The ids of one page of the list. Sorted by a column of the debtor: from the debtor table alone
 * (no aggregate is computed for a debtor off the page); sorted by an aggregate: from the aggregates
 * of all the creditor's debtors (as a plain implementation reads every page).
 */
function debtorPageIds(db: Kysely<Database>, query: Omit<DebtorListQuery, 'page' | 'rowsPerPage'>, { creditorId, limit, offset }: ListSlots) {
  const base = db.selectFrom('debtor as d');
  const from = AGGREGATE_SORTS.has(query.sortBy ?? 'name')
    ? (base.innerJoin(aggregatedDebtors(db, creditorId).as('agg'), 'agg.id', 'd.id') as unknown as typeof base)
    : base;
  return from
    .select('d.id')
    .where((eb) => filterConditions(eb, creditorId, query.filters))
    .orderBy(debtorOrder(query))
    .limit(limit)
    .offset(offset);
}

/**
 * One page of the list: the page's debtors read by id, their aggregates (sums of their invoices,
 * locations, an active permanent debt) read per row by the debtor's key (voucher_debtor_date_idx,
 * location_debtor_idx, permanent_debt_debtor_idx), ordered again.
 */
export function debtorPageQuery(db: Kysely<Database>, query: Omit<DebtorListQuery, 'page' | 'rowsPerPage'>, slots: ListSlots) {
  const invoices = (eb: DebtorEb) =>
    eb.selectFrom('voucher as v').whereRef('v.debtorId', '=', 'd.id').where('v.creditorId', '=', slots.creditorId).where('v.type', 'in', INVOICE_TYPES);
  return db
    .selectFrom('debtor as d')
    .where(sql<SqlBool>`d.id = any(array(${debtorPageIds(db, query, slots)}))`)
    .select((eb) => [
      'd.id',
      'd.identifier',
      'd.name',
      'd.city',
      'd.debtorType',
      'd.status',
      'd.sapNumber',
      'd.paymentMethod',
      'd.approvedLimit',
      'd.availableLimit',
      'd.limitExpiredDate',
      'd.limitRequestActive',
      invoices(eb)
        .select(sql<number>`coalesce(sum(v.amount) filter (where v.purchase_status in (${sql.join(PURCHASED_STATUSES)})), 0)`.as('s'))
        .as('sumPurchased'),
      invoices(eb)
        .select(sql<number>`coalesce(sum(v.leftover_amount) filter (where v.status = 'open'), 0)`.as('o'))
        .as('openAmount'),
      eb
        .selectFrom('location as l')
        .whereRef('l.debtorId', '=', 'd.id')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('locationCount'),
      eb
        .exists(
          eb
            .selectFrom('permanentDebt as p')
            .select('p.id')
            .whereRef('p.debtorId', '=', 'd.id')
            .where('p.status', 'in', ACTIVE_PERMANENT_DEBT_STATUSES),
        )
        .as('hasActivePermanentDebts'),
    ])
    .orderBy(debtorOrder(query));
}

/** The number of the creditor's debtors matching the filters. */
export function debtorCountQuery(db: Kysely<Database>, creditorId: number, filters: DebtorListFilters | undefined) {
  return db
    .selectFrom('debtor as d')
    .where((eb) => filterConditions(eb, creditorId, filters))
    .select((eb) => eb.fn.countAll<number>().as('count'));
}

/** The list's totals (named apart from the debtor's own columns): the number of matching debtors, the creditor's limits and the reader's permissions and session. */
function listTotals(db: Kysely<Database>, eb: ExpressionBuilder<Database, never>, filters: DebtorListFilters | undefined, slots: { creditorId: number; readerId: number }) {
  return [
    debtorCountQuery(db, slots.creditorId, filters).as('count'),
    eb.selectFrom('creditor as cr').select('cr.approvedLimit').where('cr.id', '=', slots.creditorId).as('creditorApprovedLimit'),
    eb.selectFrom('creditor as cr').select('cr.availableLimit').where('cr.id', '=', slots.creditorId).as('creditorAvailableLimit'),
    readerAlong(eb, slots.readerId),
  ] as const;
}

/** The list's statements, compiled once per filter and sort (src/server/db/statement-cache.ts). */
const listStatements = new StatementCache();

/**
 * One page of a creditor's debtors with their aggregates, the total matching `count`, `empty` (the
 * creditor has no debtors at all, so the client can tell "no data" from "no matches"), the
 * creditor's limits and the stored permissions and session state of the user `readerId` who asks —
 * in one statement, as the voucher list (issue 32): the totals ride along on every row of the page;
 * only a page without rows asks for them in a second.
 *
 * @example
 * await listDebtors(db, creditorId, userId, { page: 1, rowsPerPage: 15, sortBy: 'sumPurchased', sortDesc: true });
 */
export async function listDebtors(db: Kysely<Database>, creditorId: number, readerId: number, query: DebtorListQuery) {
  const { page: _page, rowsPerPage, ...shape } = query;
  const key = JSON.stringify([shape.filters ?? null, shape.sortBy ?? null, shape.sortDesc ?? null]);
  const pageValues = { creditorId, readerId, limit: rowsPerPage, offset: (query.page - 1) * rowsPerPage };
  const rows = await listStatements.rows(db, `page ${key}`, pageValues, (slots) =>
    debtorPageQuery(db, shape, slots).select((eb) => listTotals(db, eb as unknown as ExpressionBuilder<Database, never>, shape.filters, slots)),
  );
  const [totals] = rows.length
    ? rows
    : await listStatements.rows(db, `totals ${key}`, { creditorId, readerId }, (slots) =>
        db.selectNoFrom((eb) => listTotals(db, eb as unknown as ExpressionBuilder<Database, never>, shape.filters, slots)),
      );
  const count = Number(totals?.count ?? 0);
  const empty =
    count === 0 &&
    (!hasFilters(query.filters) ||
      !(await db.selectFrom('debtor').select('id').where('creditorId', '=', creditorId).limit(1).executeTakeFirst()));
  const now = Date.now();
  const debtors: DebtorListItem[] = rows.map((row) => ({
    id: row.id,
    identifier: row.identifier,
    name: row.name,
    city: row.city,
    debtorType: row.debtorType as DebtorListItem['debtorType'],
    status: row.status as DebtorListItem['status'],
    sapNumber: row.sapNumber,
    paymentMethod: row.paymentMethod as DebtorListItem['paymentMethod'],
    approvedLimit: row.approvedLimit,
    availableLimit: row.availableLimit,
    limitExpiredDate: toEpochSeconds(row.limitExpiredDate),
    limitRequestActive: row.limitRequestActive,
    sumPurchased: Number(row.sumPurchased ?? 0),
    openAmount: Number(row.openAmount ?? 0),
    locationCount: Number(row.locationCount ?? 0),
    limitExpired: row.limitExpiredDate ? new Date(row.limitExpiredDate).getTime() < now : false,
    hasActivePermanentDebts: Boolean(row.hasActivePermanentDebts),
  }));
  // both limits are NOT NULL: null means the creditor's row is gone
  const creditorLimits =
    totals?.creditorApprovedLimit != null
      ? { approvedLimit: totals.creditorApprovedLimit, availableLimit: totals.creditorAvailableLimit! }
      : null;
  return {
    debtors,
    count,
    empty,
    creditorLimits,
    ...readAlong(totals?.reader),
  };
}

/** The creditor's approved and available limit (the list's header), or null for an unknown creditor. */
export async function findCreditorLimits(db: Kysely<Database>, creditorId: number) {
  const row = await db
    .selectFrom('creditor')
    .select(['approvedLimit', 'availableLimit'])
    .where('id', '=', creditorId)
    .executeTakeFirst();
  return row ?? null;
}
