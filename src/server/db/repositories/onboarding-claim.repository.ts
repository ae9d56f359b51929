import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
} from 'kysely';
import type { productRequestsRoutes } from '../../../../generated/routes/product-requests';
import type { OnboardingClaim } from '../../../../generated/types';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';
import '../../domain/onboarding/onboarding-claim.table';
import { StatementCache } from '../statement-cache';
import { listAlong } from './list-along';
import {
  type AdminListQuery,
  containsPattern,
  dayRange,
  type ListFiltersOf,
  newestFirst,
  type ProductScope,
  type SortKeyOf,
  textOrder,
  valuesOf,
} from './admin-list-query';

/** Filters of GET /onboarding/claim/list (schema/resources/productRequests.yaml); creationDate is a `[from, to]` date range. */
export type ClaimFilters = ListFiltersOf<typeof productRequestsRoutes.list>;

type ClaimEb = ExpressionBuilder<Database & { o: Database['onboardingClaim'] }, 'o'>;

const SORT_COLUMNS: Record<SortKeyOf<typeof productRequestsRoutes.list>, ReturnType<typeof sql>> = {
  creationDate: sql.ref('o.createdAt'),
  productType: sql.ref('o.productType'),
  companyName: textOrder('o.companyName'),
  lastName: textOrder('o.lastName'),
  email: sql`lower(o.email)`,
  city: textOrder('o.city'),
  turnover: sql.ref('o.turnover'),
};

function conditions(eb: ClaimEb, scope: ProductScope, filters: ClaimFilters = {}): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (scope) all.push(eb('o.productType', '=', scope));
  if (filters.productType?.length) all.push(eb('o.productType', 'in', filters.productType));
  const { from, to } = dayRange(filters.creationDate);
  if (from) all.push(eb('o.createdAt', '>=', from));
  if (to) all.push(eb('o.createdAt', '<', to));
  for (const pattern of valuesOf(filters.search).map(containsPattern)) {
    if (pattern) {
      all.push(
        eb.or([
          eb('o.companyName', 'ilike', pattern),
          eb('o.lastName', 'ilike', pattern),
          eb('o.firstName', 'ilike', pattern),
          eb('o.email', 'ilike', pattern),
        ]),
      );
    }
  }
  return eb.and(all);
}

const toClaim = (row: Selectable<Database['onboardingClaim']>): OnboardingClaim => ({
  identifier: row.id,
  productType: row.productType as OnboardingClaim['productType'],
  companyName: row.companyName,
  legalForm: row.legalForm as OnboardingClaim['legalForm'],
  salutation: row.salutation as OnboardingClaim['salutation'],
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  zip: row.zip,
  city: row.city,
  turnover: row.turnover === null ? null : Number(row.turnover),
  intermediaryNumber: row.intermediaryNumber,
  message: row.message,
  creationDate: toEpochSeconds(new Date(row.createdAt))!,
});

/** The statements of the list, compiled once per scope kind, filter and sort (src/server/db/statement-cache.ts). */
const listStatements = new StatementCache();

/**
 * The product requests (GET /onboarding/claim/list), newest first unless sorted otherwise; a
 * product admin's `scope` limits them to their product. With `count`, `empty` and the stored
 * permissions and session of the admin `readerId` who asks — one statement (issue 32,
 * `listAlong`). The route asserts the reader before it answers.
 *
 * @example await listClaims(db, 'TPF', adminId, { page: 1, rowsPerPage: 15, sortDesc: false });
 */
export async function listClaims(
  db: Kysely<Database>,
  scope: ProductScope,
  readerId: number,
  query: AdminListQuery<ClaimFilters>,
) {
  const base = () => db.selectFrom('onboardingClaim as o');
  const { rows, ...totals } = await listAlong(db, listStatements, scope, readerId, query, {
    page: (slot) =>
      base()
        .where((eb) => conditions(eb, slot, query.filters))
        .selectAll('o')
        .orderBy(newestFirst(SORT_COLUMNS, query, sql`o.created_at`, sql`o.id`)),
    count: (slot) =>
      base()
        .where((eb) => conditions(eb, slot, query.filters))
        .select((eb) => eb.fn.countAll<number>().as('n')),
    any: (slot) => base().where((eb) => conditions(eb, slot)).select('o.id'),
  });
  return { claims: rows.map(toClaim), ...totals };
}

/** One product request within the admin's product scope, or undefined. */
export async function findClaim(
  db: Kysely<Database>,
  scope: ProductScope,
  id: number,
): Promise<OnboardingClaim | undefined> {
  const row = await db
    .selectFrom('onboardingClaim as o')
    .selectAll('o')
    .where('o.id', '=', id)
    .$if(scope !== null, (q) => q.where('o.productType', '=', scope!))
    .executeTakeFirst();
  return row ? toClaim(row) : undefined;
}
