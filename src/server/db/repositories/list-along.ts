import { type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../schema';
import type { StatementCache } from '../statement-cache';
import { type AdminListQuery, hasFilters, type ProductScope } from './admin-list-query';
import { pageAlong, readAlong, readerQuery } from './reader-along';

type Query<O> = SelectQueryBuilder<any, any, O>;

/**
 * The queries of one list, each built for its scope (a statement slot, or null: no limit) — an admin
 * list's product ({@link ProductScope}, null: every product), a creditor's list its creditor id.
 */
export interface ListAlongParts<R, S extends string | number = string> {
  /** the rows in the list's order, unpaged */
  page: (scope: S | null) => Query<R>;
  /** the number of rows matching the filters: one row with `n` */
  count: (scope: S | null) => Query<{ n: number }>;
  /** any row in scope, filters aside (for `empty`) */
  any: (scope: S | null) => Query<unknown>;
}

type Slots<S> = { readerId: number; scope?: S };

/**
 * One page of a list in one statement (issue 32): the page's rows with the count, "any row in scope"
 * (asked only with filters: `empty` tells "no data" from "no matches") and the reader's stored
 * permissions and session ({@link readerQuery}) riding along on the page's first row, compiled once
 * per scope kind, filter and sort in `cache`; the scope (an admin's product, a creditor's id) is a
 * statement slot. A page without rows reads the totals in a second statement. The route asserts the
 * reader before it answers (routes/admin/admin-list-route.ts; a creditor's list as
 * routes/permanent-debts/permanent-debts.routes.ts).
 *
 * @example const { rows, count, empty, ...reader } = await listAlong(db, cache, scope, adminId, query, parts);
 */
export async function listAlong<R, S extends string | number = string>(
  db: Kysely<Database>,
  cache: StatementCache,
  scope: S | null,
  readerId: number,
  query: AdminListQuery<object>,
  parts: ListAlongParts<R, S>,
) {
  const key = JSON.stringify([scope !== null, query.filters ?? null, query.sortBy ?? null, query.sortDesc]);
  const values: Slots<S> = scope === null ? { readerId } : { readerId, scope };
  const filtered = hasFilters(query.filters);
  // the count, "any row in scope" and the reader, by name
  const totalsOf = (eb: ExpressionBuilder<Database, never>, slots: Slots<S>): [string, Expression<unknown>][] => [
    ['count', parts.count(slots.scope ?? null)],
    ...(filtered ? [['anyInScope', eb.exists(parts.any(slots.scope ?? null).limit(1))] as [string, Expression<unknown>]] : []),
    ['reader', readerQuery(eb, slots.readerId)],
  ];
  const { rows, totals } = await pageAlong(
    db,
    cache,
    key,
    values,
    { limit: query.rowsPerPage, offset: (query.page - 1) * query.rowsPerPage },
    // the page in its order, the totals on its first row only (null on the others): each further
    // row would carry the reader's permissions and the count again, to be sent, parsed and copied
    (slots) =>
      db
        .selectFrom(parts.page(slots.scope ?? null).limit(slots.limit).offset(slots.offset).as('p'))
        .selectAll('p')
        .select((eb) =>
          totalsOf(eb as unknown as ExpressionBuilder<Database, never>, slots).map(([name, value]) =>
            sql`case when row_number() over () = 1 then ${value} end`.as(name),
          ),
        ) as unknown as Query<R & Record<string, unknown>>,
    (slots) =>
      db.selectNoFrom((eb) => totalsOf(eb, slots).map(([name, value]) => sql`${value}`.as(name))) as unknown as Query<
        Record<string, unknown>
      >,
  );
  const count = Number(totals?.count ?? 0);
  const empty = count === 0 && (!filtered || !totals?.anyInScope);
  return { rows: rows as R[], count, empty, ...readAlong((totals as { reader?: unknown } | undefined)?.reader) };
}
