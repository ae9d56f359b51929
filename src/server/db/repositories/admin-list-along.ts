import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../schema';
import type { StatementCache } from '../statement-cache';
import { type AdminListQuery, hasFilters, type ProductScope } from './admin-list-query';
import { pageAlong, readAlong, readerAlong } from './reader-along';

type Query<O> = SelectQueryBuilder<any, any, O>;

/** The queries of one admin list, each built for a product scope (a statement slot, or null: every product). */
export interface AdminListParts<R> {
  /** the rows in the list's order, unpaged */
  page: (scope: ProductScope) => Query<R>;
  /** the number of rows matching the filters: one row with `n` */
  count: (scope: ProductScope) => Query<{ n: number }>;
  /** any row in scope, filters aside (for `empty`) */
  any: (scope: ProductScope) => Query<unknown>;
}

type Slots = { readerId: number; scope?: string };

/**
 * One page of an admin list in one statement (issue 32): the page's rows with the count, "any row in
 * scope" (asked only with filters: `empty` tells "no data" from "no matches") and the admin's stored
 * permissions and session ({@link readerAlong}) riding along, compiled once per scope kind, filter
 * and sort in `cache`; the product scope is a statement slot. A page without rows reads the totals in
 * a second statement. The route asserts the reader before it answers (routes/admin/admin-list-route.ts).
 *
 * @example const { rows, count, empty, ...reader } = await adminListAlong(db, cache, scope, adminId, query, parts);
 */
export async function adminListAlong<R>(
  db: Kysely<Database>,
  cache: StatementCache,
  scope: ProductScope,
  readerId: number,
  query: AdminListQuery<object>,
  parts: AdminListParts<R>,
) {
  const key = JSON.stringify([scope !== null, query.filters ?? null, query.sortBy ?? null, query.sortDesc]);
  const values: Slots = scope === null ? { readerId } : { readerId, scope };
  const filtered = hasFilters(query.filters);
  const totalsOf = (eb: ExpressionBuilder<Database, never>, slots: Slots) => [
    parts.count(slots.scope ?? null).as('count'),
    ...(filtered ? [eb.exists(parts.any(slots.scope ?? null).limit(1)).as('anyInScope')] : []),
    readerAlong(eb, slots.readerId),
  ];
  const { rows, totals } = await pageAlong(
    db,
    cache,
    key,
    values,
    { limit: query.rowsPerPage, offset: (query.page - 1) * query.rowsPerPage },
    (slots) =>
      parts
        .page(slots.scope ?? null)
        .select((eb) => totalsOf(eb as unknown as ExpressionBuilder<Database, never>, slots))
        .limit(slots.limit)
        .offset(slots.offset) as Query<R & Record<string, unknown>>,
    (slots) => db.selectNoFrom((eb) => totalsOf(eb, slots)) as unknown as Query<Record<string, unknown>>,
  );
  const count = Number(totals?.count ?? 0);
  const empty = count === 0 && (!filtered || !totals?.anyInScope);
  return { rows: rows as R[], count, empty, ...readAlong((totals as { reader?: unknown } | undefined)?.reader) };
}
