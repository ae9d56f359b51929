import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { requestsRoutes } from '../../../../generated/routes/requests';
import type { SepaUpdateRequest } from '../../../../generated/types';
import { expandStatusFilter } from '../../services/status-groups';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';
import { StatementCache } from '../statement-cache';
import { listAlong } from './list-along';
import {
  type AdminListQuery,
  containsPattern,
  type ListFiltersOf,
  newestFirst,
  type ProductScope,
  type SortKeyOf,
  textOrder,
  valuesOf,
} from './admin-list-query';

/** Filters of GET /creditor-debit-update/list and /export (schema/resources/requests.yaml). */
export type SepaRequestFilters = ListFiltersOf<typeof requestsRoutes.list>;

type RequestEb = ExpressionBuilder<
  Database & { s: Database['sepaUpdateRequest']; c: Database['creditor'] },
  's' | 'c'
>;

const SORT_COLUMNS: Record<SortKeyOf<typeof requestsRoutes.list>, ReturnType<typeof sql>> = {
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

const requestColumns = [
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
] as const;

type ListQuery = Omit<AdminListQuery<SepaRequestFilters>, 'page' | 'rowsPerPage'>;

/** The requests matching the query in the list's order, newest first unless sorted otherwise (no paging). */
function requestsQuery(db: Kysely<Database>, scope: ProductScope, query: ListQuery) {
  return baseQuery(db)
    .where((eb) => conditions(eb, scope, query.filters))
    .select(requestColumns)
    .orderBy(newestFirst(SORT_COLUMNS, query, sql`s.created_at`, sql`s.id`));
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestsQuery>['execute']>>[number];

/** A request row as the list shows it; `isOwnRequest` marks those `viewerId` created (they cannot decide them). */
const toRequest = (row: RequestRow, viewerId: number): SepaUpdateRequest => ({
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
});

/** The statements of the list, compiled once per scope kind, filter and sort (src/server/db/statement-cache.ts). */
const listStatements = new StatementCache();

/**
 * One page of the SEPA update requests (GET /creditor-debit-update/list), newest first unless sorted
 * otherwise, with `count`, `empty` and the stored permissions and session of the admin `readerId`
 * who asks — one statement (issue 32, `listAlong`); `isOwnRequest` marks the reader's own
 * requests. The route asserts the reader before it answers.
 *
 * @example await listSepaRequests(db, null, adminId, { page: 1, rowsPerPage: 15, sortDesc: false });
 */
export async function listSepaRequests(
  db: Kysely<Database>,
  scope: ProductScope,
  readerId: number,
  query: AdminListQuery<SepaRequestFilters>,
) {
  const { rows, ...totals } = await listAlong(db, listStatements, scope, readerId, query, {
    page: (slot) => requestsQuery(db, slot, query),
    count: (slot) =>
      baseQuery(db)
        .where((eb) => conditions(eb, slot, query.filters))
        .select((eb) => eb.fn.countAll<number>().as('n')),
    any: (slot) => baseQuery(db).where((eb) => conditions(eb, slot)).select('s.id'),
  });
  return { creditorDebitUpdates: rows.map((row) => toRequest(row, readerId)), ...totals };
}

/** Every request matching the list's filters, in its order (GET /creditor-debit-update/export). */
export async function exportSepaRequests(db: Kysely<Database>, scope: ProductScope, viewerId: number, query: ListQuery) {
  return (await requestsQuery(db, scope, query).execute()).map((row) => toRequest(row, viewerId));
}
