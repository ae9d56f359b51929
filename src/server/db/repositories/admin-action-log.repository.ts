import { type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { ActionLogEntry } from '../../../../generated/types';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';
import {
  type AdminListQuery,
  containsPattern,
  dayRange,
  hasFilters,
  orderBy,
  type ProductScope,
  valuesOf,
} from './admin-list-query';

/** Filters of GET /action-log/list and /export; creationDate is a `[from, to]` date range. */
export interface ActionLogFilters {
  actionType?: string[];
  creationDate?: string[];
  productType?: string[];
  creditor?: string[];
  debtor?: string[];
  voucher?: string[];
  email?: string[];
}

type LogEb = ExpressionBuilder<Database & { l: Database['actionLogEntry'] }, 'l'>;
type LogColumn = `l.${keyof Database['actionLogEntry'] & string}`;

const SORT_COLUMNS: Record<string, ReturnType<typeof sql>> = {
  creationDate: sql.ref('l.createdAt'),
  actionType: sql.ref('l.actionType'),
  productType: sql.ref('l.productType'),
  'extra.userEmail': sql`lower(l.user_email)`,
  'extra.adminEmail': sql`lower(l.admin_email)`,
  'additionalFilterInformation.creditorSapNumber': sql`nullif(l.creditor_sap_number, '')`,
};

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

/**
 * Action-log entries (GET /action-log/list), newest first unless sorted otherwise; `rowsPerPage`
 * null gives every matching entry (the export).
 *
 * @example await listActionLog(db, null, { page: 1, rowsPerPage: 15, sortDesc: false, filters: { actionType: ['login'] } });
 */
export async function listActionLog(
  db: Kysely<Database>,
  scope: ProductScope,
  query: Omit<AdminListQuery<ActionLogFilters>, 'rowsPerPage'> & { rowsPerPage: number | null },
) {
  const sortColumn = query.sortBy ? SORT_COLUMNS[query.sortBy] : undefined;
  if (query.sortBy && !sortColumn) throw new Error(`not a sortable action-log column: ${query.sortBy}`);
  let rowsQuery = db
    .selectFrom('actionLogEntry as l')
    .where((eb) => conditions(eb, scope, query.filters))
    .selectAll('l')
    .orderBy(sortColumn ? orderBy(sortColumn, query.sortDesc) : sql`l.created_at desc`)
    .orderBy('l.id', sortColumn && !query.sortDesc ? 'asc' : 'desc');
  if (query.rowsPerPage !== null)
    rowsQuery = rowsQuery.limit(query.rowsPerPage).offset((query.page - 1) * query.rowsPerPage);
  const [rows, { count }] = await Promise.all([
    rowsQuery.execute(),
    db
      .selectFrom('actionLogEntry as l')
      .where((eb) => conditions(eb, scope, query.filters))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  const empty =
    count === 0 &&
    (!hasFilters(query.filters) ||
      !(await db
        .selectFrom('actionLogEntry as l')
        .where((eb) => conditions(eb, scope))
        .select('l.id')
        .limit(1)
        .executeTakeFirst()));
  return { actionLogs: rows.map(toEntry), count, empty };
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
