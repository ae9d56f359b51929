import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DebtorListItem } from '../../../../generated/types';
import {
  ACTIVE_PERMANENT_DEBT_STATUSES,
  INVOICE_TYPES,
  PURCHASED_STATUSES,
  expandStatusFilter,
} from '../../services/status-groups';
import { toEpochSeconds } from '../values';
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

/**
 * One page of a creditor's debtors with their aggregates, the total matching `count`, and `empty`
 * (the creditor has no debtors at all, so the client can tell "no data" from "no matches").
 *
 * @example
 * await listDebtors(db, creditorId, { page: 1, rowsPerPage: 15, sortBy: 'sumPurchased', sortDesc: true });
 */
export async function listDebtors(db: Kysely<Database>, creditorId: number, query: DebtorListQuery) {
  const sortBy = query.sortBy ?? 'name';
  const sortColumn = SORT_COLUMNS[sortBy];
  if (!sortColumn) throw new Error(`not a sortable debtor column: ${sortBy}`);
  const direction = query.sortDesc ? sql`desc` : sql`asc`;

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
      sql<number>`sum(${eb.ref('v.leftoverAmount')}) filter (where ${eb('v.status', '=', 'open')})`.as(
        'openAmount',
      ),
    ]);
  const locationCounts = db
    .selectFrom('location as l')
    .where('l.creditorId', '=', creditorId)
    .groupBy('l.debtorId')
    .select((eb) => ['l.debtorId', eb.fn.countAll<number>().as('locationCount')]);

  const rowsQuery = db
    .selectFrom('debtor as d')
    .leftJoin(invoiceSums.as('s'), 's.debtorId', 'd.id')
    .leftJoin(locationCounts.as('lc'), 'lc.debtorId', 'd.id')
    .where((eb) => filterConditions(eb, creditorId, query.filters))
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
      eb.fn.coalesce('s.sumPurchased', sql<number>`0`).as('sumPurchased'),
      eb.fn.coalesce('s.openAmount', sql<number>`0`).as('openAmount'),
      eb.fn.coalesce('lc.locationCount', sql<number>`0`).as('locationCount'),
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
    // id as tie-breaker keeps pages stable when many rows share the sorted value
    .orderBy(sql`${sortColumn} ${direction} nulls last`)
    .orderBy('d.id', query.sortDesc ? 'desc' : 'asc')
    .limit(query.rowsPerPage)
    .offset((query.page - 1) * query.rowsPerPage);

  const countQuery = db
    .selectFrom('debtor as d')
    .where((eb) => filterConditions(eb, creditorId, query.filters))
    .select((eb) => eb.fn.countAll<number>().as('count'));

  const [rows, { count }] = await Promise.all([rowsQuery.execute(), countQuery.executeTakeFirstOrThrow()]);
  const empty =
    count === 0 &&
    (!hasFilters(query.filters) ||
      !(await db
        .selectFrom('debtor')
        .select('id')
        .where('creditorId', '=', creditorId)
        .limit(1)
        .executeTakeFirst()));

  const now = Date.now();
  const debtors: DebtorListItem[] = rows.map((row) => ({
    ...row,
    debtorType: row.debtorType as DebtorListItem['debtorType'],
    status: row.status as DebtorListItem['status'],
    paymentMethod: row.paymentMethod as DebtorListItem['paymentMethod'],
    limitExpiredDate: toEpochSeconds(row.limitExpiredDate),
    limitExpired: row.limitExpiredDate ? row.limitExpiredDate.getTime() < now : false,
    hasActivePermanentDebts: Boolean(row.hasActivePermanentDebts),
  }));
  return { debtors, count, empty };
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
