import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { isValidIsoDate } from '../../../shared/validation';
import type { CreditorVoucher } from '../../../../generated/types';
import type { Database } from '../schema';

export interface CreditorVoucherFilters {
  type?: string[];
  readStatus?: string[];
  sapNumber?: string[];
  sapReferenceNumber?: string[];
  /** [from, to] as yyyy-MM-dd, either may be empty */
  voucherDate?: string[];
}

export interface CreditorVoucherListQuery {
  page: number;
  rowsPerPage: number;
  sortBy?: string;
  sortDesc: boolean;
  filters?: CreditorVoucherFilters;
}

type CvEb = ExpressionBuilder<Database & { c: Database['creditorVoucher'] }, 'c'>;

// Sortable columns (the schema's `sortBy` enum) → the SQL they sort by.
export const CREDITOR_VOUCHER_SORT_COLUMNS: Record<string, ReturnType<typeof sql>> = {
  voucherDate: sql.ref('c.voucherDate'),
  type: sql.ref('c.type'),
  amount: sql.ref('c.amount'),
  sapNumber: sql.ref('c.sapNumber'),
  sapReferenceNumber: sql.ref('c.sapReferenceNumber'),
  readStatus: sql.ref('c.readStatus'),
};


function conditions(eb: CvEb, creditorId: number, filters: CreditorVoucherFilters = {}): Expression<SqlBool> {
  const where: Expression<SqlBool>[] = [eb('c.creditorId', '=', creditorId)];
  if (filters.type?.length) where.push(eb('c.type', 'in', filters.type));
  if (filters.readStatus?.length) where.push(eb('c.readStatus', 'in', filters.readStatus));
  if (filters.sapNumber?.length) where.push(eb('c.sapNumber', 'in', filters.sapNumber));
  if (filters.sapReferenceNumber?.length)
    where.push(eb('c.sapReferenceNumber', 'in', filters.sapReferenceNumber));
  const [from, to] = filters.voucherDate ?? [];
  if (from && isValidIsoDate(from)) where.push(eb('c.voucherDate', '>=', from));
  if (to && isValidIsoDate(to)) where.push(eb('c.voucherDate', '<=', to));
  return eb.and(where);
}

const hasFilters = (filters: CreditorVoucherFilters = {}) =>
  Object.values(filters).some((values: string[] | undefined) => (values ?? []).some((v) => v.trim() !== ''));

const toStatement = (row: {
  id: number;
  amount: number;
  readStatus: string;
  sapReferenceNumber: string | null;
  sapNumber: string | null;
  archiveSourceFile: string | null;
  type: string;
  voucherDate: string;
}): CreditorVoucher => ({
  identifier: row.id,
  amount: row.amount,
  readStatus: row.readStatus as CreditorVoucher['readStatus'],
  sapReferenceNumber: row.sapReferenceNumber,
  sapNumber: row.sapNumber,
  archiveSourceFile: row.archiveSourceFile,
  type: row.type as CreditorVoucher['type'],
  voucherDate: row.voucherDate,
});

const COLUMNS = [
  'c.id',
  'c.amount',
  'c.readStatus',
  'c.sapReferenceNumber',
  'c.sapNumber',
  'c.archiveSourceFile',
  'c.type',
  'c.voucherDate',
] as const;

/**
 * One page of the creditor's statements (newest first by default) with `count` and `empty`.
 *
 * @example
 * await listCreditorVouchers(db, creditorId, { page: 1, rowsPerPage: 15, sortDesc: true, filters: { type: ['VB'] } });
 */
export async function listCreditorVouchers(
  db: Kysely<Database>,
  creditorId: number,
  query: CreditorVoucherListQuery,
) {
  const sortColumn = CREDITOR_VOUCHER_SORT_COLUMNS[query.sortBy ?? 'voucherDate'];
  if (!sortColumn) throw new Error(`not a sortable creditor-voucher column: ${query.sortBy}`);
  const desc = query.sortBy ? query.sortDesc : true;
  const [rows, { count }] = await Promise.all([
    db
      .selectFrom('creditorVoucher as c')
      .where((eb) => conditions(eb, creditorId, query.filters))
      .select(COLUMNS)
      .orderBy(sql`${sortColumn} ${desc ? sql`desc` : sql`asc`} nulls last`)
      .orderBy('c.id', desc ? 'desc' : 'asc')
      .limit(query.rowsPerPage)
      .offset((query.page - 1) * query.rowsPerPage)
      .execute(),
    db
      .selectFrom('creditorVoucher as c')
      .where((eb) => conditions(eb, creditorId, query.filters))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  const empty =
    count === 0 &&
    (!hasFilters(query.filters) ||
      !(await db
        .selectFrom('creditorVoucher')
        .select('id')
        .where('creditorId', '=', creditorId)
        .limit(1)
        .executeTakeFirst()));
  return { creditorVouchers: rows.map(toStatement), count, empty };
}

/** The creditor's statements with the given ids (others' ids are left out), oldest first. */
export async function findCreditorVouchers(db: Kysely<Database>, creditorId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('creditorVoucher as c')
    .where('c.creditorId', '=', creditorId)
    .where('c.id', 'in', ids)
    .select(COLUMNS)
    .orderBy('c.voucherDate')
    .orderBy('c.id')
    .execute();
  return rows.map(toStatement);
}

/** The latest statements (dashboard). */
export async function latestCreditorVouchers(db: Kysely<Database>, creditorId: number, limit: number) {
  const rows = await db
    .selectFrom('creditorVoucher as c')
    .where('c.creditorId', '=', creditorId)
    .select(COLUMNS)
    .orderBy('c.voucherDate', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toStatement);
}

/** Distinct values of a column for the filter choices, sorted. */
export async function creditorVoucherValues(
  db: Kysely<Database>,
  creditorId: number,
  column: 'sapNumber' | 'sapReferenceNumber',
): Promise<string[]> {
  const rows = await db
    .selectFrom('creditorVoucher')
    .where('creditorId', '=', creditorId)
    .where(column, 'is not', null)
    .select(column)
    .distinct()
    .orderBy(column)
    .execute();
  return rows.map((row) => String(row[column]));
}

/** Sets the read status of the creditor's statements (`ids` undefined: all). Returns how many changed. */
/** Whether every id names one of the creditor's own statements (unknown and other tenants' ids do not). */
export async function ownsCreditorVouchers(db: Kysely<Database>, creditorId: number, ids: number[]): Promise<boolean> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return true;
  const row = await db
    .selectFrom('creditorVoucher')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('creditorId', '=', creditorId)
    .where('id', 'in', wanted)
    .executeTakeFirstOrThrow();
  return Number(row.count) === wanted.length;
}

export async function setCreditorVoucherReadStatus(
  db: Kysely<Database>,
  creditorId: number,
  readStatus: 'new' | 'read',
  ids?: number[],
): Promise<number> {
  if (ids && ids.length === 0) return 0;
  const result = await db
    .updateTable('creditorVoucher')
    .set({ readStatus })
    .where('creditorId', '=', creditorId)
    .where('readStatus', '<>', readStatus)
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
