import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { WorkQueueItem, WorkQueueMessage, WorkQueueVoucher } from '../../../../generated/types';
import { expandStatusFilter, INVOICE_TYPES } from '../../services/status-groups';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';

/** An item open (or read) longer than this since its creation is shown as an error (document 1 §4, §9). */
export const WORK_QUEUE_ERROR_AFTER_DAYS = 7;

/** The stored statuses that still wait for the creditor (the enumeration's `open` group). */
const OPEN_STATUSES = expandStatusFilter('workQueueStatus', ['open']);
/** The statuses of an unhandled item: waiting for an answer (open, read) or in error. */
export const UNHANDLED_WORK_QUEUE_STATUSES = [...OPEN_STATUSES, 'error'];

/** Days back of the time-period filter's choices (schema/enums/timePeriodFilter.yaml); 0 = since midnight. */
const TIME_PERIOD_DAYS: Record<string, number> = {
  today: 0,
  last_7_days: 7,
  last_30_days: 30,
  last_90_days: 90,
  last_year: 365,
};

/** Whether the repository knows a time-period choice (checked against the generated enum in tests). */
export const isKnownTimePeriod = (value: string) => value in TIME_PERIOD_DAYS;

export interface WorkQueueListFilters {
  search?: string[];
  status?: string[];
  timePeriod?: string[];
}

export interface WorkQueueListQuery {
  page: number;
  rowsPerPage: number;
  sortBy?: string;
  sortDesc: boolean;
  filters?: WorkQueueListFilters;
}

type WqEb = ExpressionBuilder<Database & { w: Database['workQueueItem'] }, 'w'>;

/**
 * The status the screen shows, computed in SQL so it can be filtered and sorted: open and read →
 * open, send → send, done → done; error, or open/read for more than 7 days since creation → error.
 */
const statusToShow = sql<string>`case
  when w.status = 'error' or (w.status in (${sql.join(OPEN_STATUSES)})
    and w.created_at < now() - make_interval(days => ${WORK_QUEUE_ERROR_AFTER_DAYS})) then 'error'
  when w.status in (${sql.join(OPEN_STATUSES)}) then 'open'
  else w.status::text end`;

const TEXT_ORDER = (column: string) => sql`${sql.ref(column)} collate "und-x-icu"`;

// Sortable columns of the list (the generated `sortBy` enum) → the SQL they sort by.
const SORT_COLUMNS: Record<string, ReturnType<typeof sql>> = {
  title: TEXT_ORDER('w.title'),
  'debtor.name': TEXT_ORDER('d.name'),
  statusToShow,
  created: sql.ref('w.createdAt'),
  updated: sql.ref('w.updatedAt'),
};

/** Whether the repository can sort by `column` (checked against the generated enum in tests). */
export const isSortableColumn = (column: string) => column in SORT_COLUMNS;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// A filter value of the status enumeration → the shown status it selects (read is shown as open).
const shownAs = (value: string) => (OPEN_STATUSES.includes(value) ? 'open' : value);

function conditions(eb: WqEb, creditorId: number, filters: WorkQueueListFilters = {}): Expression<SqlBool> {
  const where: Expression<SqlBool>[] = [eb('w.creditorId', '=', creditorId)];
  for (const term of filters.search ?? []) {
    const trimmed = term.trim();
    if (!trimmed) continue;
    const pattern = `%${escapeLike(trimmed)}%`;
    where.push(
      eb.or([
        eb('w.title', 'ilike', pattern),
        eb('w.fileIdentifier', 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('debtor as sd')
            .select('sd.id')
            .whereRef('sd.id', '=', 'w.debtorId')
            .where('sd.name', 'ilike', pattern),
        ),
      ]),
    );
  }
  if (filters.status?.length) {
    const shown = [...new Set(filters.status.map(shownAs))];
    where.push(sql<SqlBool>`(${statusToShow}) in (${sql.join(shown)})`);
  }
  const days = (filters.timePeriod ?? [])
    .map((value) => TIME_PERIOD_DAYS[value])
    .filter((d) => d !== undefined);
  if (days.length) {
    const widest = Math.max(...days);
    where.push(sql<SqlBool>`w.created_at >= date_trunc('day', now()) - make_interval(days => ${widest})`);
  }
  return eb.and(where);
}

const hasFilters = (filters: WorkQueueListFilters = {}) =>
  Object.values(filters).some((values: string[] | undefined) => (values ?? []).some((v) => v.trim() !== ''));

/**
 * One page of a creditor's work-queue items (full items: debtor, vouchers, messages, state of
 * affairs), the matching `count` and `empty` (no items at all, filters aside).
 *
 * @example
 * await listWorkQueue(db, creditorId, { page: 1, rowsPerPage: 15, sortBy: 'created', sortDesc: true });
 */
export async function listWorkQueue(db: Kysely<Database>, creditorId: number, query: WorkQueueListQuery) {
  const sortBy = query.sortBy ?? 'created';
  const sortColumn = SORT_COLUMNS[sortBy];
  if (!sortColumn) throw new Error(`not a sortable work-queue column: ${sortBy}`);
  // without an explicit sort the newest come first
  const desc = query.sortBy ? query.sortDesc : true;
  const direction = desc ? sql`desc` : sql`asc`;

  const idsQuery = db
    .selectFrom('workQueueItem as w')
    .leftJoin('debtor as d', 'd.id', 'w.debtorId')
    .where((eb) => conditions(eb, creditorId, query.filters))
    .select('w.id')
    .orderBy(sql`${sortColumn} ${direction} nulls last`)
    .orderBy('w.id', desc ? 'desc' : 'asc')
    .limit(query.rowsPerPage)
    .offset((query.page - 1) * query.rowsPerPage);
  const countQuery = db
    .selectFrom('workQueueItem as w')
    .where((eb) => conditions(eb, creditorId, query.filters))
    .select((eb) => eb.fn.countAll<number>().as('count'));

  const [ids, { count }] = await Promise.all([idsQuery.execute(), countQuery.executeTakeFirstOrThrow()]);
  const items = await loadItems(
    db,
    creditorId,
    ids.map((row) => row.id),
  );
  const empty =
    count === 0 &&
    (!hasFilters(query.filters) ||
      !(await db
        .selectFrom('workQueueItem')
        .select('id')
        .where('creditorId', '=', creditorId)
        .limit(1)
        .executeTakeFirst()));
  return { items, count, empty };
}

/** One work-queue item of `creditorId`, or undefined (also for another creditor's id). */
export async function findWorkQueueItem(
  db: Kysely<Database>,
  creditorId: number,
  id: number,
): Promise<WorkQueueItem | undefined> {
  const [item] = await loadItems(db, creditorId, [id]);
  return item;
}

/**
 * The unhandled items of a creditor: those still waiting for an answer (open, read) and those in
 * error (decision: an error needs the creditor too, so it counts as unhandled).
 */
export async function countUnhandledWorkQueue(db: Kysely<Database>, creditorId: number): Promise<number> {
  const row = await db
    .selectFrom('workQueueItem')
    .where('creditorId', '=', creditorId)
    .where('status', 'in', UNHANDLED_WORK_QUEUE_STATUSES)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** The oldest unhandled item (dashboard: open decisions with the oldest item). */
export async function findOldestUnhandledWorkQueue(db: Kysely<Database>, creditorId: number) {
  const row = await db
    .selectFrom('workQueueItem')
    .where('creditorId', '=', creditorId)
    .where('status', 'in', UNHANDLED_WORK_QUEUE_STATUSES)
    .select(['id', 'title', 'createdAt'])
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, title: row.title, created: toEpochSeconds(row.createdAt)! } : null;
}

/** Full items for `ids`, in the order of `ids`, limited to the creditor's own. */
async function loadItems(db: Kysely<Database>, creditorId: number, ids: number[]): Promise<WorkQueueItem[]> {
  if (ids.length === 0) return [];
  const [rows, vouchers, messages] = await Promise.all([
    db
      .selectFrom('workQueueItem as w')
      .leftJoin('debtor as d', 'd.id', 'w.debtorId')
      .leftJoin('location as l', 'l.id', 'w.locationId')
      .where('w.creditorId', '=', creditorId)
      .where('w.id', 'in', ids)
      .selectAll('w')
      .select([
        'd.name as debtorName',
        'd.debtorType',
        'l.name as locationName',
        'l.customDebtorNumber',
        statusToShow.as('statusToShow'),
      ])
      .execute(),
    db
      .selectFrom('workQueueVoucher as wv')
      .innerJoin('voucher as v', 'v.id', 'wv.voucherId')
      .where('wv.creditorId', '=', creditorId)
      .where('wv.workQueueItemId', 'in', ids)
      .select([
        'wv.workQueueItemId',
        'wv.isCounterVoucher',
        'v.id',
        'v.customNumber',
        'v.officialVoucherNumber',
        'v.type',
        'v.source',
        'v.originalName',
        'v.amount',
        'v.leftoverAmount',
        'v.paymentDeadline',
      ])
      .orderBy('v.id')
      .execute(),
    db
      .selectFrom('workQueueMessage')
      .where('creditorId', '=', creditorId)
      .where('workQueueItemId', 'in', ids)
      .select(['workQueueItemId', 'sender', 'text', 'createdAt'])
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
  ]);
  const states = await loadStates(db, [
    ...new Set(rows.map((r) => r.stateOfAffairsCode).filter((c) => c !== null)),
  ]);

  const byId = new Map(
    rows.map((row) => {
      const own = vouchers.filter((v) => v.workQueueItemId === row.id);
      const toVoucher = (v: (typeof vouchers)[number]): WorkQueueVoucher => ({
        identifier: v.id,
        numberToShow: v.officialVoucherNumber ?? v.customNumber,
        type: v.type as WorkQueueVoucher['type'],
        officialVoucherNumber: v.officialVoucherNumber,
        isProcessableVoucherType: INVOICE_TYPES.includes(v.type),
        source: v.source as WorkQueueVoucher['source'],
        originalFileName: v.originalName,
        amount: v.amount,
        leftOverAmount: v.leftoverAmount,
        paymentDeadline: v.paymentDeadline,
      });
      const item: WorkQueueItem = {
        identifier: row.id,
        debtor:
          row.debtorId && row.debtorName
            ? { id: row.debtorId, name: row.debtorName, type: row.debtorType as 'business' | 'customer' }
            : null,
        fileIdentifier: row.fileIdentifier,
        location: row.locationId
          ? { id: row.locationId, name: row.locationName ?? '', customNumber: row.customDebtorNumber }
          : null,
        documentUrls: row.documentUrls,
        vouchers: own.filter((v) => !v.isCounterVoucher).map(toVoucher),
        counterVouchers: own.filter((v) => v.isCounterVoucher).map(toVoucher),
        messages: messages
          .filter((m) => m.workQueueItemId === row.id)
          .map(
            (m): WorkQueueMessage => ({
              text: m.text,
              created: toEpochSeconds(m.createdAt)!,
              sender: m.sender as WorkQueueMessage['sender'],
            }),
          ),
        status: row.status as WorkQueueItem['status'],
        statusToShow: row.statusToShow as WorkQueueItem['statusToShow'],
        title: row.title,
        text: row.text,
        transactionKey: row.transactionKey,
        created: toEpochSeconds(row.createdAt)!,
        updated: toEpochSeconds(row.updatedAt),
        finished: toEpochSeconds(row.finishedAt),
        sent: toEpochSeconds(row.sentAt),
        stateOfAffairs: row.stateOfAffairsCode ? (states.get(row.stateOfAffairsCode) ?? null) : null,
        answerCode: row.answerCode,
      };
      return [row.id, item] as const;
    }),
  );
  return ids.map((id) => byId.get(id)).filter((item): item is WorkQueueItem => item !== undefined);
}

/** States of affairs of the catalogue with their accepted and rejected options. */
async function loadStates(db: Kysely<Database>, codes: string[]) {
  const states = new Map<string, NonNullable<WorkQueueItem['stateOfAffairs']>>();
  if (codes.length === 0) return states;
  const [rows, options] = await Promise.all([
    db.selectFrom('stateOfAffairs').selectAll().where('code', 'in', codes).execute(),
    db
      .selectFrom('stateOfAffairsOption')
      .selectAll()
      .where('stateCode', 'in', codes)
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  for (const row of rows) {
    const own = options.filter((o) => o.stateCode === row.code);
    const toOption = (o: (typeof options)[number]) => ({
      code: o.code,
      text: o.text,
      fullAmount: o.fullAmount,
      noteRequired: o.noteRequired,
    });
    type FollowUp = NonNullable<WorkQueueItem['stateOfAffairs']>['followUpAction'];
    states.set(row.code, {
      code: row.code,
      acceptedOptions: own.filter((o) => o.accepted).map(toOption),
      rejectedOptions: own.filter((o) => !o.accepted).map(toOption),
      followUpAction: row.followUpAction as FollowUp,
      rejectAction: row.rejectAction as FollowUp,
      acceptFileRequired: row.acceptFileRequired,
      rejectFileRequired: row.rejectFileRequired,
    });
  }
  return states;
}
