import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { SepaUpdateRequest } from '../../../../generated/types';
import { expandStatusFilter } from '../../services/status-groups';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';
import {
  type AdminListQuery,
  containsPattern,
  hasFilters,
  orderBy,
  type ProductScope,
  textOrder,
  valuesOf,
} from './admin-list-query';

/** Filters of GET /creditor-debit-update/list and /export. */
export interface SepaRequestFilters {
  status?: string[];
  product?: string[];
  search?: string[];
}

type RequestEb = ExpressionBuilder<
  Database & { s: Database['sepaUpdateRequest']; c: Database['creditor'] },
  's' | 'c'
>;

const SORT_COLUMNS: Record<string, ReturnType<typeof sql>> = {
  'creditor.name': textOrder('c.name'),
  'creditor.product': sql.ref('c.product'),
  'debitData.accountOwner': textOrder('s.accountOwner'),
  'debitData.startSepaDate': sql.ref('s.startSepaDate'),
  creator: sql`lower(creator.email)`,
  creationDate: sql.ref('s.createdAt'),
  status: sql.ref('s.status'),
  decisionDate: sql.ref('s.decisionAt'),
};

export const isSortableSepaRequestColumn = (column: string) => column in SORT_COLUMNS;

function conditions(eb: RequestEb, scope: ProductScope, filters: SepaRequestFilters = {}): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (scope) all.push(eb('c.product', '=', scope));
  if (filters.status?.length) all.push(eb('s.status', 'in', expandStatusFilter('sepaUpdateRequestStatus', filters.status)));
  if (filters.product?.length) all.push(eb('c.product', 'in', filters.product));
  for (const pattern of valuesOf(filters.search).map(containsPattern)) {
    if (pattern) all.push(eb.or([eb('c.name', 'ilike', pattern), eb('c.sapNumber', 'ilike', pattern)]));
  }
  return eb.and(all);
}

const baseQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('sepaUpdateRequest as s')
    .innerJoin('creditor as c', 'c.id', 's.creditorId')
    .innerJoin('appUser as creator', 'creator.id', 's.creatorUserId')
    .leftJoin('appUser as decider', 'decider.id', 's.decisionUserId');

/**
 * SEPA update requests (GET /creditor-debit-update/list), newest first unless sorted otherwise;
 * `isOwnRequest` marks those `viewerId` created (they cannot decide them). `rowsPerPage` null: all
 * matching rows (the export).
 *
 * @example await listSepaRequests(db, null, adminId, { page: 1, rowsPerPage: 15, sortDesc: false });
 */
export async function listSepaRequests(
  db: Kysely<Database>,
  scope: ProductScope,
  viewerId: number,
  query: Omit<AdminListQuery<SepaRequestFilters>, 'rowsPerPage'> & { rowsPerPage: number | null },
) {
  const sortColumn = query.sortBy ? SORT_COLUMNS[query.sortBy] : undefined;
  if (query.sortBy && !sortColumn) throw new Error(`not a sortable request column: ${query.sortBy}`);
  let rowsQuery = baseQuery(db)
    .where((eb) => conditions(eb, scope, query.filters))
    .select([
      's.id',
      's.status',
      's.accountOwner',
      's.iban',
      's.startSepaDate',
      's.createdAt',
      's.decisionAt',
      's.creatorUserId',
      'c.id as creditorId',
      'c.name as creditorName',
      'c.sapNumber as creditorSapNumber',
      'c.product as creditorProduct',
      'creator.email as creatorEmail',
      'decider.email as deciderEmail',
    ])
    // without a sort the newest requests come first
    .orderBy(sortColumn ? orderBy(sortColumn, query.sortDesc) : sql`s.created_at desc`)
    .orderBy('s.id', sortColumn && !query.sortDesc ? 'asc' : 'desc');
  if (query.rowsPerPage !== null)
    rowsQuery = rowsQuery.limit(query.rowsPerPage).offset((query.page - 1) * query.rowsPerPage);
  const [rows, { count }] = await Promise.all([
    rowsQuery.execute(),
    baseQuery(db)
      .where((eb) => conditions(eb, scope, query.filters))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  const empty =
    count === 0 &&
    (!hasFilters(query.filters) ||
      !(await baseQuery(db)
        .where((eb) => conditions(eb, scope))
        .select('s.id')
        .limit(1)
        .executeTakeFirst()));
  const creditorDebitUpdates: SepaUpdateRequest[] = rows.map((row) => ({
    identifier: row.id,
    status: row.status as SepaUpdateRequest['status'],
    creditor: {
      identifier: row.creditorId,
      name: row.creditorName,
      sapNumber: row.creditorSapNumber,
      product: row.creditorProduct as NonNullable<SepaUpdateRequest['creditor']['product']>,
    },
    debitData: { accountOwner: row.accountOwner, iban: row.iban, startSepaDate: row.startSepaDate },
    creator: row.creatorEmail,
    creationDate: toEpochSeconds(row.createdAt)!,
    decisionDate: toEpochSeconds(row.decisionAt),
    decisionUser: row.deciderEmail,
    isOwnRequest: row.creatorUserId === viewerId,
  }));
  return { creditorDebitUpdates, count, empty };
}
