import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { UnprocessedVoucher } from '../../../../generated/types';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';
import { NUMBER_TO_SHOW } from './voucher-list.repository';

/** Filters of GET /unprocessed-voucher/list, as the generated querystring schema validates them. */
export interface UnprocessedListFilters {
  search?: string[];
  status?: string[];
  pendingStatus?: string[];
  processingStatus?: string[];
  deliveryType?: string[];
  source?: string[];
}

export interface UnprocessedListQuery {
  page: number;
  rowsPerPage: number;
  sortBy?: string;
  sortDesc: boolean;
  filters?: UnprocessedListFilters;
}

type VoucherEb = ExpressionBuilder<Database & { v: Database['voucher'] }, 'v'>;

const textOrder = (expression: ReturnType<typeof sql>) => sql`${expression} collate "und-x-icu"`;

// Sortable columns (the generated `sortBy` enum) → the SQL they sort by.
const SORT_COLUMNS: Record<string, ReturnType<typeof sql>> = {
  originalFileName: textOrder(sql.ref('v.originalName')),
  uploadedDate: sql.ref('v.uploadedAt'),
  'debtor.name': textOrder(sql.ref('d.name')),
  voucherDate: sql.ref('v.voucherDate'),
  amount: sql.ref('v.amount'),
  status: sql.ref('v.status'),
  processingStatus: sql.ref('v.processingStatus'),
  pendingStatus: sql.ref('v.pendingStatus'),
  bnetStatus: sql.ref('v.bnetStatus'),
  deliveryType: sql.ref('v.deliveryType'),
  source: sql.ref('v.source'),
};

/** Whether the repository can sort by `column` (checked against the generated enum in tests). */
export const isSortableUnprocessedColumn = (column: string) => column in SORT_COLUMNS;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const present = (values: string[] | undefined) => (values ?? []).map((v) => v.trim()).filter(Boolean);

/** An upload still in processing: it requires processing and has no official number yet (document 1 §3). */
export function isUnprocessed(eb: VoucherEb): Expression<SqlBool> {
  return eb.and([eb('v.requiresProcessing', '=', true), eb('v.officialVoucherNumber', 'is', null)]);
}

function conditions(eb: VoucherEb, creditorId: number, f: UnprocessedListFilters = {}): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [eb('v.creditorId', '=', creditorId), isUnprocessed(eb)];
  for (const term of present(f.search)) {
    const pattern = `%${escapeLike(term)}%`;
    all.push(
      eb.or([
        eb('v.originalName', 'ilike', pattern),
        eb('v.customNumber', 'ilike', pattern),
        eb('v.bnetId', 'ilike', pattern),
        eb.exists(
          eb.selectFrom('debtor as sd').select('sd.id').whereRef('sd.id', '=', 'v.debtorId').where('sd.name', 'ilike', pattern),
        ),
      ]),
    );
  }
  const anyOf = (
    column: 'v.status' | 'v.pendingStatus' | 'v.processingStatus' | 'v.deliveryType' | 'v.source',
    values: string[],
  ) => {
    if (values.length) all.push(eb(column, 'in', values));
  };
  anyOf('v.status', present(f.status));
  anyOf('v.pendingStatus', present(f.pendingStatus));
  anyOf('v.processingStatus', present(f.processingStatus));
  anyOf('v.deliveryType', present(f.deliveryType));
  anyOf('v.source', present(f.source));
  return eb.and(all);
}

/** What the route needs beyond the entity to add texts and permissions. */
export type UnprocessedRow = Omit<UnprocessedVoucher, 'pendingExplanation' | 'pauseRemainingMinutes' | 'pauseInfo' | 'permissions'> & {
  endOfPauseAt: Date | null;
  requiresProcessing: boolean;
  type: string;
  subStatus: string;
  dunningType: string | null;
  leftoverAmount: number;
  paymentDeadline: string | null;
};

function rowsQuery(db: Kysely<Database>, creditorId: number, filters?: UnprocessedListFilters) {
  return db
    .selectFrom('voucher as v')
    .leftJoin('debtor as d', 'd.id', 'v.debtorId')
    .leftJoin('location as l', 'l.id', 'v.locationId')
    .leftJoin('voucher as p', 'p.id', 'v.parentId')
    .where((eb) => conditions(eb, creditorId, filters))
    .select([
      'v.id',
      'v.bnetId',
      'v.bnetPurchaseStatus',
      'v.bnetStatus',
      'v.deliveryType',
      'v.email',
      'v.emailCopy',
      'v.emailBlindCopy',
      'v.endOfPauseAt',
      'v.emailMarkedForDebtor',
      'v.customisedLabel',
      'v.originalName',
      'v.pendingStatus',
      'v.source',
      'v.uploadedAt',
      'v.voucherDate',
      'v.officialVoucherNumber',
      'v.processingStatus',
      'v.status',
      'v.amount',
      'v.requiresProcessing',
      'v.type',
      'v.subStatus',
      'v.dunningType',
      'v.leftoverAmount',
      'v.paymentDeadline',
      NUMBER_TO_SHOW.as('numberToShow'),
      'd.id as debtorId',
      'd.name as debtorName',
      'l.id as locationId',
      'l.name as locationName',
      'l.customDebtorNumber as locationCustomNumber',
      'p.id as parentId',
      sql<string | null>`coalesce(p.official_voucher_number, p.custom_number)`.as('parentNumber'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number];

async function withAttachments(db: Kysely<Database>, creditorId: number, rows: Row[]): Promise<UnprocessedRow[]> {
  const ids = rows.map((row) => row.id);
  const attachments = ids.length
    ? await db
        .selectFrom('voucherAttachment')
        .select(['id', 'voucherId', 'fileName', 'path'])
        .where('creditorId', '=', creditorId)
        .where('voucherId', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  return rows.map((row) => {
    const { debtorId, debtorName, locationId, locationName, locationCustomNumber, parentId, parentNumber, uploadedAt, originalName, ...rest } =
      row;
    return {
      ...rest,
      bnetPurchaseStatus: rest.bnetPurchaseStatus as UnprocessedVoucher['bnetPurchaseStatus'],
      bnetStatus: rest.bnetStatus as UnprocessedVoucher['bnetStatus'],
      deliveryType: rest.deliveryType as UnprocessedVoucher['deliveryType'],
      pendingStatus: rest.pendingStatus as UnprocessedVoucher['pendingStatus'],
      source: rest.source as UnprocessedVoucher['source'],
      processingStatus: rest.processingStatus as UnprocessedVoucher['processingStatus'],
      status: rest.status as UnprocessedVoucher['status'],
      originalFileName: originalName,
      uploadedDate: toEpochSeconds(uploadedAt),
      endOfPauseDate: toEpochSeconds(rest.endOfPauseAt),
      debtor: debtorId == null ? null : { id: debtorId, name: debtorName ?? '' },
      location: locationId == null ? null : { id: locationId, name: locationName ?? '', customNumber: locationCustomNumber },
      parent: parentId == null ? null : { id: parentId, numberToShow: parentNumber },
      attachments: attachments
        .filter((a) => a.voucherId === row.id)
        .map(({ voucherId: _, ...attachment }) => attachment),
    };
  });
}

/**
 * One page of the creditor's uploads still in processing, newest upload first unless sorted.
 *
 * @example
 * await listUnprocessedVouchers(db, creditorId, { page: 1, rowsPerPage: 15, sortDesc: false });
 */
export async function listUnprocessedVouchers(db: Kysely<Database>, creditorId: number, query: UnprocessedListQuery) {
  const sortColumn = SORT_COLUMNS[query.sortBy ?? 'uploadedDate'];
  if (!sortColumn) throw new Error(`not a sortable unprocessed column: ${query.sortBy}`);
  const desc = query.sortBy ? query.sortDesc : true;
  // uploaded_at is NOT NULL: without `nulls last` the newest-first default walks voucher_unprocessed_idx
  const nulls = query.sortBy && query.sortBy !== 'uploadedDate' ? sql`nulls last` : sql``;
  const [rows, count] = await Promise.all([
    rowsQuery(db, creditorId, query.filters)
      .orderBy(sql`${sortColumn} ${desc ? sql`desc` : sql`asc`} ${nulls}`)
      .orderBy('v.id', desc ? 'desc' : 'asc')
      .limit(query.rowsPerPage)
      .offset((query.page - 1) * query.rowsPerPage)
      .execute(),
    countUnprocessedVouchers(db, creditorId, query.filters),
  ]);
  const filtered = Object.values(query.filters ?? {}).some((values) => present(values).length > 0);
  const empty = count === 0 && (!filtered || (await countUnprocessedVouchers(db, creditorId)) === 0);
  return { vouchers: await withAttachments(db, creditorId, rows), count, empty };
}

/** How many uploads of the creditor are still in processing (GET /unprocessed-voucher/count). */
export async function countUnprocessedVouchers(
  db: Kysely<Database>,
  creditorId: number,
  filters?: UnprocessedListFilters,
): Promise<number> {
  const row = await db
    .selectFrom('voucher as v')
    .where((eb) => conditions(eb, creditorId, filters))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One upload still in processing, or undefined (processed, unknown, or another creditor's). */
export async function findUnprocessedVoucher(
  db: Kysely<Database>,
  creditorId: number,
  id: number,
): Promise<UnprocessedRow | undefined> {
  const rows = await rowsQuery(db, creditorId).where('v.id', '=', id).execute();
  return (await withAttachments(db, creditorId, rows))[0];
}
