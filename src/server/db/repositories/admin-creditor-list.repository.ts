import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { enums } from '../../../../generated/enums';
import { permissionTables } from '../../../../generated/permissions';
import type { creditorsRoutes } from '../../../../generated/routes/creditors';
import type { AdminCreditorListItem, CreditorPermissions } from '../../../../generated/types';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';
import {
  type AdminListQuery,
  containsPattern,
  type ListFiltersOf,
  orderBy,
  type ProductScope,
  type SortKeyOf,
  textOrder,
  valuesOf,
} from './admin-list-query';
import { loginAllowed, mainUserAlong } from './admin-user.repository';
import { listAlong } from './list-along';
import { plansKept } from '../database';
import { StatementCache } from '../statement-cache';

/** Filters of GET /creditor/list (bracket arrays); companyUser matches any user name of the creditor. */
export type CreditorListFilters = ListFiltersOf<typeof creditorsRoutes.list>;

type CreditorEb = ExpressionBuilder<Database & { c: Database['creditor'] }, 'c'>;

// hasOpenCreditorDebitUpdate: a request in the `open` group of schema/enums/sepaUpdateRequestStatus.yaml
const OPEN_SEPA = (enums.sepaUpdateRequestStatus?.groups.open?.values ?? []).map(String);
export const openSepaUpdate = sql<boolean>`exists (select 1 from sepa_update_request s where s.creditor_id = c.id and s.status in (${sql.join(OPEN_SEPA)}))`;

const serverName = (leaf: string) => permissionTables.serverNames[`creditorPermissions.${leaf}`] ?? leaf;

/**
 * Kysely's CamelCasePlugin also renames the keys inside jsonb values: `invoice_direct_payment`
 * arrives as `invoiceDirectPayment`; either spelling counts. Both spellings of each flag, worked out
 * once (per row and flag this was a regular expression: 4 % of the admin creditor list's CPU, issue 32).
 */
const spellingsOf = (leaf: string): [string, string] => {
  const name = serverName(leaf);
  return [name, name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())];
};
const DIRECT_PAYMENT_REPORTING = spellingsOf('directPaymentReporting');
const SOLVENCY_DETERMINATION = spellingsOf('solvencyDetermination');
const ALWAYS_CHECK_MANUALLY = spellingsOf('alwaysCheckManually');

// a module function, not a closure per row: tsx names each closure it creates (esbuild's keepNames),
// which cost 1 % of the list's CPU (issue 32)
const flagOf = (stored: Record<string, boolean>, [name, camel]: [string, string]) => (stored[name] ?? stored[camel]) === true;

/**
 * The admin-set creditor permissions of a creditor row: stored by server name; the two printer-driver
 * switches are the doc2portal (ePost invoices) and letter2post (documents as letters) flags — the
 * same reading as the creditor area's GET /creditor/permissions.
 */
export function creditorPermissionsOf(row: {
  permissions: Record<string, boolean> | null;
  invoicesEnabled: boolean;
  documentsEnabled: boolean;
}): CreditorPermissions {
  const stored = row.permissions ?? {};
  return {
    directPaymentReporting: flagOf(stored, DIRECT_PAYMENT_REPORTING),
    solvencyDetermination: flagOf(stored, SOLVENCY_DETERMINATION),
    alwaysCheckManually: flagOf(stored, ALWAYS_CHECK_MANUALLY),
    ePostInvoices: row.invoicesEnabled,
    letterDocuments: row.documentsEnabled,
  };
}

// Sortable columns (the generated `sortBy` enum) → the SQL they sort by.
const SORT_COLUMNS: Record<string, ReturnType<typeof sql>> = {
  name: textOrder('c.name'),
  sapNumber: sql.ref('c.sapNumber'),
  city: textOrder('c.city'),
  product: sql.ref('c.product'),
  status: sql.ref('c.status'),
  hasOpenCreditorDebitUpdate: openSepaUpdate,
  isSendToSap: sql`(c.sent_to_sap_at is not null)`,
  setupFee: sql.ref('c.setupFee'),
  apiErrorCount: sql.ref('c.apiErrorCount'),
  creationDate: sql.ref('c.createdAt'),
} satisfies Record<SortKeyOf<typeof creditorsRoutes.list>, ReturnType<typeof sql>>;

/** Whether the repository can sort by `column` (checked against the generated enum in tests). */
export const isSortableCreditorColumn = (column: string) => column in SORT_COLUMNS;

/** The creditors an admin may see: all, or those of a product admin's product. */
export const inScope = (eb: CreditorEb, scope: ProductScope): Expression<SqlBool> =>
  scope ? eb('c.product', '=', scope) : eb.val(true);

function conditions(eb: CreditorEb, scope: ProductScope, filters: CreditorListFilters = {}): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [inScope(eb, scope)];
  const name = valuesOf(filters.name);
  if (name.length) all.push(eb('c.name', 'in', name));
  const sapNumber = valuesOf(filters.sapNumber);
  if (sapNumber.length) all.push(eb('c.sapNumber', 'in', sapNumber));
  const city = valuesOf(filters.city);
  if (city.length) all.push(eb('c.city', 'in', city));
  if (filters.status?.length) all.push(eb('c.status', 'in', filters.status));
  if (filters.product?.length) all.push(eb('c.product', 'in', filters.product));
  const users = valuesOf(filters.companyUser).map((u) => u.toLowerCase());
  if (users.length)
    all.push(
      eb.exists(
        eb
          .selectFrom('appUser as u')
          .select('u.id')
          .whereRef('u.creditorId', '=', 'c.id')
          .where(sql<string>`lower(u.username)`, 'in', users),
      ),
    );
  return eb.and(all);
}

/** The admin creditor list's rows in its order, each with its main user (no paging): the page query. */
export function creditorPageQuery(db: Kysely<Database>, scope: ProductScope, query: Omit<AdminListQuery<CreditorListFilters>, 'page' | 'rowsPerPage'>) {
  const sortColumn = SORT_COLUMNS[query.sortBy ?? 'name'];
  if (!sortColumn) throw new Error(`not a sortable creditor column: ${query.sortBy}`);
  return db
    .selectFrom('creditor as c')
    .where((eb) => conditions(eb, scope, query.filters))
    .select((eb) => [
      'c.id',
      'c.status',
      'c.createdAt',
      'c.updatedAt',
      'c.name',
      'c.apiErrorCount',
      'c.sapNumber',
      'c.city',
      'c.email',
      'c.product',
      'c.sentToSapAt',
      'c.setupFee',
      'c.permissions',
      'c.invoicesEnabled',
      'c.documentsEnabled',
      openSepaUpdate.as('hasOpenCreditorDebitUpdate'),
      mainUserAlong(eb),
    ])
    .orderBy(orderBy(sortColumn, query.sortDesc))
    .orderBy('c.id', query.sortDesc ? 'desc' : 'asc');
}

/** The number of creditors in scope matching the filters. */
export function creditorCountQuery(db: Kysely<Database>, scope: ProductScope, filters: CreditorListFilters | undefined) {
  return db
    .selectFrom('creditor as c')
    .where((eb) => conditions(eb, scope, filters))
    .select((eb) => eb.fn.countAll<number>().as('n'));
}

/** The statements of the list, compiled once per scope kind, filter and sort (src/server/db/statement-cache.ts). */
const listStatements = new StatementCache();

/**
 * One page of the admin creditor list (GET /creditor/list) with each creditor's main user, the total
 * `count`, `empty` (no creditor at all in the admin's scope) and the stored permissions and session
 * of the admin `readerId` who asks — one statement (issue 32, `listAlong`): the main user and
 * the totals are scalar subqueries of the page. The route asserts the reader before it answers.
 *
 * @example await listAdminCreditors(db, null, adminId, { page: 1, rowsPerPage: 15, sortDesc: false });
 */
export async function listAdminCreditors(
  db: Kysely<Database>,
  scope: ProductScope,
  readerId: number,
  query: AdminListQuery<CreditorListFilters>,
) {
  // an admin list: its plan does not depend on the tenant, PostgreSQL may keep one (plansKept)
  const { rows, ...totals } = await listAlong(plansKept(db), listStatements, scope, readerId, query, {
    page: (slot) => creditorPageQuery(db, slot, query),
    count: (slot) => creditorCountQuery(db, slot, query.filters),
    any: (slot) => db.selectFrom('creditor as c').select('c.id').where((eb) => inScope(eb, slot)),
  });
  const creditors: AdminCreditorListItem[] = rows.map((row) => {
    const user = row.mainUser;
    return {
      identifier: row.id,
      status: row.status as AdminCreditorListItem['status'],
      creationDate: toEpochSeconds(row.createdAt),
      updateDate: toEpochSeconds(row.updatedAt),
      name: row.name,
      apiErrorCount: row.apiErrorCount,
      sapNumber: row.sapNumber,
      city: row.city,
      email: row.email,
      product: row.product as AdminCreditorListItem['product'],
      hasOpenCreditorDebitUpdate: Boolean(row.hasOpenCreditorDebitUpdate),
      isSendToSap: row.sentToSapAt !== null,
      setupFee: row.setupFee,
      isSetupFeeExists: row.setupFee !== null,
      permission: creditorPermissionsOf(row),
      invoicesEnabled: row.invoicesEnabled,
      documentsEnabled: row.documentsEnabled,
      user: user
        ? {
            id: user.id,
            username: user.username,
            roles: user.roles,
            email: user.email,
            loginAllowed: loginAllowed(user.status),
          }
        : null,
    };
  });
  return { creditors, ...totals };
}

type OptionColumn = 'name' | 'sapNumber' | 'city';

/**
 * The distinct values of one column among the creditors in scope (filter options of the creditor
 * list: GET /creditor/name-list, /sap-number-list, /city-list), sorted.
 */
export async function listCreditorOptions(
  db: Kysely<Database>,
  scope: ProductScope,
  column: OptionColumn,
): Promise<string[]> {
  const ref = `c.${column}` as const;
  const rows = await db
    .selectFrom('creditor as c')
    .where((eb) => inScope(eb, scope))
    .where(ref, 'is not', null)
    .where(ref, '<>', '')
    .select(sql<string>`${sql.ref(ref)}`.as('value'))
    .groupBy(ref)
    .orderBy(column === 'sapNumber' ? sql.ref(ref) : textOrder(ref))
    .execute();
  return rows.map((row) => row.value);
}

/**
 * The creditors in scope that have a SAP number as choices of a picker (GET /creditor/sap-number-picker):
 * the SAP number is the value, the label names the creditor — a SAP number alone says nothing to a
 * person (issue 28 item 10). Sorted by name.
 *
 * @example await listCreditorSapPicker(db, scope) // [{ value: '1000042', label: 'Muster GmbH · SAP 1000042 · Köln' }]
 */
export async function listCreditorSapPicker(
  db: Kysely<Database>,
  scope: ProductScope,
): Promise<{ value: string; label: string }[]> {
  const rows = await db
    .selectFrom('creditor as c')
    .where((eb) => inScope(eb, scope))
    .where('c.sapNumber', 'is not', null)
    .where('c.sapNumber', '<>', '')
    .select(['c.sapNumber', 'c.name', 'c.city'])
    .orderBy(textOrder('c.name'))
    .orderBy('c.sapNumber')
    .execute();
  return rows.map((row) => ({
    value: row.sapNumber as string,
    label: [row.name, `SAP ${row.sapNumber}`, row.city].filter(Boolean).join(' · '),
  }));
}

/**
 * User names of the creditors' users in scope (GET /creditor/username-list); `companyUser` narrows
 * them to names containing the text.
 */
export async function listCreditorUsernames(
  db: Kysely<Database>,
  scope: ProductScope,
  companyUser?: string,
): Promise<string[]> {
  const pattern = containsPattern(companyUser ?? '');
  let query = db
    .selectFrom('appUser as u')
    .innerJoin('creditor as c', 'c.id', 'u.creditorId')
    .where((eb) => inScope(eb as unknown as CreditorEb, scope))
    .select('u.username')
    .orderBy('u.username');
  if (pattern) query = query.where('u.username', 'ilike', pattern);
  const rows = await query.execute();
  return rows.map((row) => row.username);
}
