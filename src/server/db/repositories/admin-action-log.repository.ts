import { type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { actionLogRoutes } from '../../../../generated/routes/action-log';
import type { ActionLogEntry } from '../../../../generated/types';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';
import {
  type AdminListQuery,
  containsPattern,
  dayRange,
  type ListFiltersOf,
  orderBy,
  type ProductScope,
  type SortKeyOf,
  valuesOf,
} from './admin-list-query';
import { listAlong } from './list-along';
import { plansKept } from '../database';
import { StatementCache } from '../statement-cache';

/** Filters of GET /action-log/list and /export; creationDate is a `[from, to]` date range. */
export type ActionLogFilters = ListFiltersOf<typeof actionLogRoutes.list>;

type LogEb = ExpressionBuilder<Database & { l: Database['actionLogEntry'] }, 'l'>;
type LogColumn = `l.${keyof Database['actionLogEntry'] & string}`;

const SORT_COLUMNS: Record<string, ReturnType<typeof sql>> = {
  creationDate: sql.ref('l.createdAt'),
  actionType: sql.ref('l.actionType'),
  productType: sql.ref('l.productType'),
  'extra.userEmail': sql`lower(l.user_email)`,
  'extra.adminEmail': sql`lower(l.admin_email)`,
  'additionalFilterInformation.creditorSapNumber': sql`nullif(l.creditor_sap_number, '')`,
} satisfies Record<SortKeyOf<typeof actionLogRoutes.list>, ReturnType<typeof sql>>;

export const isSortableActionLogColumn = (column: string) => column in SORT_COLUMNS;

// A text filter compares against several columns (identifier or SAP number …), each a substring.
const TEXT_FILTERS: Record<'creditor' | 'debtor' | 'voucher' | 'email', LogColumn[]> = {
  creditor: ['l.creditorIdentifier', 'l.creditorSapNumber'],
  debtor: ['l.debtorIdentifier', 'l.debtorSapNumber'],
  voucher: ['l.voucherIdentifier', 'l.voucherReference', 'l.voucherSapNumber'],
  email: ['l.userEmail', 'l.adminEmail'],
};

function conditions(eb: LogEb, scope: ProductScope, filters: ActionLogFilters = {}): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (scope) all.push(eb('l.productType', '=', scope));
  const types = valuesOf(filters.actionType);
  if (types.length) all.push(eb('l.actionType', 'in', types));
  if (filters.productType?.length) all.push(eb('l.productType', 'in', filters.productType));
  const { from, to } = dayRange(filters.creationDate);
  if (from) all.push(eb('l.createdAt', '>=', from));
  if (to) all.push(eb('l.createdAt', '<', to));
  for (const [key, columns] of Object.entries(TEXT_FILTERS)) {
    for (const pattern of valuesOf(filters[key as keyof typeof TEXT_FILTERS]).map(containsPattern)) {
      if (pattern) all.push(eb.or(columns.map((column) => eb(column, 'ilike', pattern))));
    }
  }
  return eb.and(all);
}

const toEntry = (row: Selectable<Database['actionLogEntry']>): ActionLogEntry => ({
  identifier: Number(row.id),
  userIdentifier: row.userId === null ? '' : String(row.userId),
  actionType: row.actionType,
  productType: row.productType as ActionLogEntry['productType'],
  payload: row.payload === null || row.payload === undefined ? null : JSON.stringify(row.payload),
  extra: { adminEmail: row.adminEmail, userEmail: row.userEmail },
  creditorIdentifier: row.creditorIdentifier,
  debtorIdentifier: row.debtorIdentifier,
  voucherIdentifier: row.voucherIdentifier,
  additionalFilterInformation: {
    creditorSapNumber: row.creditorSapNumber,
    debtorSapNumber: row.debtorSapNumber,
    voucherReference: row.voucherReference,
    voucherSapNumber: row.voucherSapNumber,
  },
  transactionKey: row.transactionKey,
  creationDate: toEpochSeconds(row.createdAt)!,
});

type ExportQuery = Omit<AdminListQuery<ActionLogFilters>, 'page' | 'rowsPerPage'>;

/** The entries matching the query in its order: newest first unless sorted otherwise (ties: the id in the same direction). */
export function entriesQuery(db: Kysely<Database>, scope: ProductScope, query: ExportQuery) {
  const sortColumn = query.sortBy ? SORT_COLUMNS[query.sortBy] : undefined;
  if (query.sortBy && !sortColumn) throw new Error(`not a sortable action-log column: ${query.sortBy}`);
  return db
    .selectFrom('actionLogEntry as l')
    .where((eb) => conditions(eb, scope, query.filters))
    .orderBy(sortColumn ? orderBy(sortColumn, query.sortDesc) : sql`l.created_at desc`)
    .orderBy('l.id', sortColumn && !query.sortDesc ? 'asc' : 'desc');
}

/** Every entry matching the list's filters, in its order (GET /action-log/export). */
export async function exportActionLog(db: Kysely<Database>, scope: ProductScope, query: ExportQuery): Promise<ActionLogEntry[]> {
  return (await entriesQuery(db, scope, query).selectAll('l').execute()).map(toEntry);
}

/** The number of entries in scope matching the filters. */
export function actionLogCountQuery(db: Kysely<Database>, scope: ProductScope, filters: ActionLogFilters | undefined) {
  return db
    .selectFrom('actionLogEntry as l')
    .where((eb) => conditions(eb, scope, filters))
    .select((eb) => eb.fn.countAll<number>().as('n'));
}

/** The statements of the list, compiled once per scope kind, filter and sort (src/server/db/statement-cache.ts). */
const listStatements = new StatementCache();

/**
 * One page of the action log (GET /action-log/list), newest first unless sorted otherwise, with the
 * total `count`, `empty` (no entry at all in the admin's scope) and the stored permissions and
 * session of the admin `readerId` who asks — one statement (issue 32, `listAlong`). The route
 * asserts the reader before it answers.
 *
 * @example await listActionLog(db, null, adminId, { page: 1, rowsPerPage: 15, sortDesc: false, filters: { actionType: ['login'] } });
 */
export async function listActionLog(db: Kysely<Database>, scope: ProductScope, readerId: number, query: AdminListQuery<ActionLogFilters>) {
  // an admin list: its plan does not depend on the tenant, PostgreSQL may keep one (plansKept)
  const { rows, ...totals } = await listAlong(plansKept(db), listStatements, scope, readerId, query, {
    page: (slot) => entriesQuery(db, slot, query).selectAll('l'),
    count: (slot) => actionLogCountQuery(db, slot, query.filters),
    any: (slot) => db.selectFrom('actionLogEntry as l').select('l.id').where((eb) => conditions(eb, slot)),
  });
  return { actionLogs: rows.map(toEntry), ...totals };
}

/** One entry in the admin's scope (GET /action-log/{id}, the inline details), or undefined. */
export async function findActionLogEntry(db: Kysely<Database>, scope: ProductScope, id: number) {
  const row = await db
    .selectFrom('actionLogEntry as l')
    .where('l.id', '=', id)
    .where((eb) => conditions(eb, scope))
    .selectAll('l')
    .executeTakeFirst();
  return row ? toEntry(row) : undefined;
}

/** The action types that occur in the log (GET /action-type/list), sorted; they are no enumeration. */
export async function listActionTypes(db: Kysely<Database>, scope: ProductScope): Promise<string[]> {
  const rows = await db
    .selectFrom('actionLogEntry as l')
    .where((eb) => conditions(eb, scope))
    .select('l.actionType')
    .distinct()
    .orderBy('l.actionType')
    .execute();
  return rows.map((row) => row.actionType);
}
