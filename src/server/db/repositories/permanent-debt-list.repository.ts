import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { permanentDebtsRoutes } from '../../../../generated/routes/permanent-debts';
import type { PermanentDebtListItem } from '../../../../generated/types';
import { expandStatusFilter } from '../../services/status-groups';
import type { Database } from '../schema';
import { StatementCache } from '../statement-cache';
import { listAlong } from './list-along';
import {
  type AdminListQuery,
  type ListFiltersOf,
  newestFirst,
  type SortKeyOf,
  textOrder,
} from './admin-list-query';
import { toEpochSeconds } from '../values';

/** Filters of GET /permanent-debt/list: the YAML's, as the generated route validates them. */
export type PermanentDebtListFilters = ListFiltersOf<typeof permanentDebtsRoutes.list>;
export type PermanentDebtListQuery = AdminListQuery<PermanentDebtListFilters>;

type Tables = Database & { p: Database['permanentDebt']; d: Database['debtor']; l: Database['location'] };
type PermanentDebtEb = ExpressionBuilder<Tables, 'p' | 'd' | 'l'>;

// Sortable columns of the list (the generated `sortBy` enum) → the SQL they sort by.
const SORT_COLUMNS: Record<SortKeyOf<typeof permanentDebtsRoutes.list>, RawBuilder<unknown>> = {
  customNumber: textOrder('p.customNumber'),
  subject: textOrder('p.subject'),
  'debtor.name': textOrder('d.name'),
  'location.name': textOrder('l.name'),
  grossAmount: sql.ref('p.grossAmount'),
  period: sql.ref('p.period'),
  startDate: sql.ref('p.startDate'),
  endDate: sql.ref('p.endDate'),
  nextExecutionDate: sql.ref('p.nextExecutionDate'),
  status: sql.ref('p.status'),
};

/** Whether the repository can sort by `column` (checked against the generated enum in tests). */
export const isSortablePermanentDebtColumn = (column: string) => Object.hasOwn(SORT_COLUMNS, column);

/** Ids in a filter arrive as strings (option values); anything that is no id matches nothing. */
const idsOf = (values: readonly string[]) =>
  values.map((value) => (/^\d{1,9}$/.test(value.trim()) ? Number(value) : -1));

const nonEmpty = (values: readonly string[] | undefined) => (values ?? []).filter((v) => v.trim() !== '');

function filterConditions(
  eb: PermanentDebtEb,
  creditorId: number,
  filters: PermanentDebtListFilters = {},
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('p.creditorId', '=', creditorId)];
  const status = nonEmpty(filters.status);
  // `ended` is display-only: its group (stopped + expired) is what the server stores
  if (status.length) conditions.push(eb('p.status', 'in', expandStatusFilter('permanentDebtStatus', status)));
  const debtors = nonEmpty(filters.debtor);
  if (debtors.length) conditions.push(eb('p.debtorId', 'in', idsOf(debtors)));
  const locations = nonEmpty(filters.location);
  if (locations.length) conditions.push(eb('p.locationId', 'in', idsOf(locations)));
  const items = nonEmpty(filters.item);
  if (items.length) conditions.push(eb('p.subject', 'in', items));
  const numbers = nonEmpty(filters.customNumber);
  if (numbers.length) conditions.push(eb('p.customNumber', 'in', numbers));
  return eb.and(conditions);
}

// compiled statements by filters and sort (the creditor, the reader and the page are slots)
const listStatements = new StatementCache();

/**
 * One page of a creditor's permanent debts with debtor and location, the total matching `count`,
 * and `empty` (the creditor has none at all, so the client can tell "no data" from "no matches"),
 * in one statement with the reader's session and stored permissions read along (issue 32: as the
 * admin lists, through {@link listAlong} with the creditor as the scope); the route asserts
 * them before it answers. Without a sort the newest come first.
 *
 * @example
 * const { readerSession, readerPermissions, ...page } = await listPermanentDebts(db, creditorId, userId, { page: 1, rowsPerPage: 15, sortDesc: false, filters: { status: ['ended'] } });
 */
export async function listPermanentDebts(
  db: Kysely<Database>,
  creditorId: number,
  readerId: number,
  query: PermanentDebtListQuery,
) {
  const base = (creditor: number | null) =>
    db
      .selectFrom('permanentDebt as p')
      .innerJoin('debtor as d', 'd.id', 'p.debtorId')
      .innerJoin('location as l', 'l.id', 'p.locationId')
      .where((eb) => filterConditions(eb, creditor!, query.filters));

  const { rows, count, empty, ...reader } = await listAlong(
    db,
    listStatements,
    creditorId,
    readerId,
    query,
    {
      page: (creditor) =>
        base(creditor)
          .select([
            'p.id',
            'p.status',
            'p.createdAt',
            'p.customNumber',
            'p.startDate',
            'p.endDate',
            'p.nextExecutionDate',
            'p.subject',
            'p.grossAmount',
            'p.period',
            'd.id as debtorId',
            'd.name as debtorName',
            'l.id as locationId',
            'l.name as locationName',
            'l.customDebtorNumber',
          ])
          // newest first without a sort; the id breaks ties, so pages stay stable
          .orderBy(newestFirst(SORT_COLUMNS, query, sql`p.created_at`, sql`p.id`)),
      count: (creditor) => base(creditor).select((eb) => eb.fn.countAll<number>().as('n')),
      any: (creditor) => db.selectFrom('permanentDebt').select('id').where('creditorId', '=', creditor!),
    },
  );

  const vouchers: PermanentDebtListItem[] = rows.map((row) => ({
    id: row.id,
    status: row.status as PermanentDebtListItem['status'],
    created: toEpochSeconds(row.createdAt),
    customNumber: row.customNumber,
    startDate: row.startDate,
    endDate: row.endDate,
    nextExecutionDate: row.nextExecutionDate,
    subject: row.subject,
    grossAmount: row.grossAmount,
    period: row.period as PermanentDebtListItem['period'],
    debtor: { id: row.debtorId, name: row.debtorName },
    location: { id: row.locationId, name: row.locationName, customNumber: row.customDebtorNumber },
  }));
  return { vouchers, count, empty, ...reader };
}
