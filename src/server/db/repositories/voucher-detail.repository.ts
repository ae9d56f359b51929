import type { Kysely } from 'kysely';
import type {
  BalancedVoucher,
  LogItem,
  Voucher,
  VoucherHistoryEntry,
  WorkQueueRef,
} from '../../../../generated/types';
import { enumText } from '../../routes/vouchers/catalogue-text';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';
import {
  findChildVouchers,
  NUMBER_TO_SHOW,
  OPEN_WORK_QUEUE_STATUSES,
  toVoucherListItem,
  voucherRowsQuery,
} from './voucher-list.repository';

/** The stored state the voucher's own action permissions are decided from (routes/vouchers). */
export interface VoucherState {
  id: number;
  status: string;
  subStatus: string;
  type: string;
  dunningType: string | null;
  requiresProcessing: boolean;
  officialVoucherNumber: string | null;
  pendingStatus: string | null;
  amount: number;
  leftoverAmount: number;
  paymentDeadline: string | null;
  endOfPauseAt: Date | null;
  /** stop days used on `dunningBlockLevel` (the dunning stop's limit, voucher.rules.ts) */
  dunningBlockDaysUsed: number;
  dunningBlockLevel: string | null;
}

/** A voucher's state for its permissions, or undefined when it is not this creditor's. */
export async function findVoucherState(
  db: Kysely<Database>,
  creditorId: number,
  id: number,
): Promise<VoucherState | undefined> {
  return db
    .selectFrom('voucher')
    .select([
      'id',
      'status',
      'subStatus',
      'type',
      'dunningType',
      'requiresProcessing',
      'officialVoucherNumber',
      'pendingStatus',
      'amount',
      'leftoverAmount',
      'paymentDeadline',
      'endOfPauseAt',
      'dunningBlockDaysUsed',
      'dunningBlockLevel',
    ])
    .where('creditorId', '=', creditorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A voucher's history, newest first (GET /voucher/{id}/history/list and the detail's history tab). */
export async function findVoucherHistory(
  db: Kysely<Database>,
  creditorId: number,
  id: number,
  types?: string[],
): Promise<VoucherHistoryEntry[]> {
  let query = db
    .selectFrom('voucherHistory')
    .select(['id', 'type', 'value', 'title', 'text', 'userEmail', 'createdAt'])
    .where('creditorId', '=', creditorId)
    .where('voucherId', '=', id);
  if (types) query = query.where('type', 'in', types);
  const rows = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  return rows.map(({ createdAt, ...row }) => ({
    ...row,
    type: row.type as VoucherHistoryEntry['type'],
    title: row.title ?? codeTitle(row.type, row.value),
    valueText: historyValueText(row.type, row.value),
    created: toEpochSeconds(createdAt)!,
  }));
}

/** The enumeration a history entry's value belongs to, by its event type. */
const HISTORY_VALUE_ENUMS: Record<string, string> = {
  bnet_status: 'processingCode',
  bnet_purchase_status: 'purchaseStatus',
};

/** A processing code's or purchase status's German label, as the title of an entry that has none. */
function codeTitle(type: string, value: string | null): string | null {
  const enumName = HISTORY_VALUE_ENUMS[type];
  if (!enumName || value === null) return null;
  const label = enumText(enumName, value);
  return label === value ? null : label;
}

/**
 * A history value as a person reads it: a purchase status by its German label, an ISO date as
 * TT.MM.JJJJ, anything else (a processing code, an amount, a free text) as stored.
 *
 * @example historyValueText('bnet_purchase_status', 'GEKAUFT') // 'Gekauft'
 * @example historyValueText('action', '2026-07-06') // '06.07.2026'
 */
export function historyValueText(type: string, value: string | null): string | null {
  if (value === null) return null;
  if (type === 'bnet_purchase_status') return enumText('purchaseStatus', value);
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return date ? `${date[3]}.${date[2]}.${date[1]}` : value;
}

/** The open work-queue entries a voucher is part of, latest change first. */
export async function findVoucherWorkQueue(
  db: Kysely<Database>,
  creditorId: number,
  id: number,
): Promise<WorkQueueRef[]> {
  const rows = await db
    .selectFrom('workQueueVoucher as wv')
    .innerJoin('workQueueItem as w', 'w.id', 'wv.workQueueItemId')
    .select(['w.id', 'w.title', 'w.updatedAt'])
    .where('wv.creditorId', '=', creditorId)
    .where('wv.voucherId', '=', id)
    .where('w.status', 'in', OPEN_WORK_QUEUE_STATUSES)
    .orderBy('w.updatedAt', 'desc')
    .orderBy('w.id', 'desc')
    .execute();
  return rows.map(({ updatedAt, ...row }) => ({ ...row, updated: toEpochSeconds(updatedAt) }));
}

/**
 * The balancing summary (GET /voucher/{id}/list-balanced-vouchers): the vouchers this one balances
 * and the vouchers that balance it, each with the balanced amount and date, oldest first.
 */
export async function findBalancedVouchers(db: Kysely<Database>, creditorId: number, id: number) {
  const side = (own: 'balancedVoucherId' | 'balancingVoucherId', other: 'balancedVoucherId' | 'balancingVoucherId') =>
    db
      .selectFrom('voucherBalancing as b')
      .innerJoin('voucher as v', 'v.id', `b.${other}`)
      .select([
        'v.id',
        NUMBER_TO_SHOW.as('numberToShow'),
        'v.officialVoucherNumber',
        'v.balancingVoucherNumber',
        'v.type',
        'v.requiresProcessing',
        'v.voucherDate',
        'v.amount',
        'b.amount as balancedAmount',
        'b.balancedDate',
      ])
      .where('b.creditorId', '=', creditorId)
      .where(`b.${own}`, '=', id)
      .orderBy('b.balancedDate')
      .orderBy('v.id')
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, type: row.type as BalancedVoucher['type'] })));
  const [balancedVouchers, balancingVouchers] = await Promise.all([
    side('balancingVoucherId', 'balancedVoucherId'),
    side('balancedVoucherId', 'balancingVoucherId'),
  ]);
  return { balancedVouchers, balancingVouchers };
}

/**
 * The detail of one voucher of `creditorId` (GET /voucher/show/{id}) without its permissions (the
 * route adds them), or undefined when it does not exist *for this creditor*.
 *
 * @example
 * const voucher = await findVoucherDetail(db, creditorId, 42);
 */
export async function findVoucherDetail(
  db: Kysely<Database>,
  creditorId: number,
  id: number,
): Promise<Omit<Voucher, 'permissions'> | undefined> {
  const row = await voucherRowsQuery(db, creditorId, { sortDesc: false })
    .where('v.id', '=', id)
    .select([
      'v.dunningStatus',
      'v.dunningBlockCount',
      'v.dunningBlockUntil',
      'v.balancingVoucherNumber',
      'v.isBalancingVoucher',
      'v.sapNumber',
      'v.userEmail',
      'v.bnetStatus',
      'v.bnetPurchaseStatus',
      'v.documentId',
      'v.originalName',
      'v.officialVoucherSource',
      'v.comment',
      'v.serviceFeeRate',
      'v.serviceFeeAmount',
      'v.firstDunningDate',
      'v.performanceDate',
      'v.permanentDebtId',
    ])
    .executeTakeFirst();
  if (!row) return undefined;

  const [children, history, workQueueEntries, balancing, attachment, permanentDebt] = await Promise.all([
    findChildVouchers(db, creditorId, [id]),
    findVoucherHistory(db, creditorId, id),
    findVoucherWorkQueue(db, creditorId, id),
    findBalancedVouchers(db, creditorId, id),
    db
      .selectFrom('voucherAttachment')
      .select(['id', 'fileName', 'path'])
      .where('creditorId', '=', creditorId)
      .where('voucherId', '=', id)
      .orderBy('id')
      .executeTakeFirst(),
    row.permanentDebtId == null
      ? undefined
      : db
          .selectFrom('permanentDebt as pd')
          .innerJoin('location as l', 'l.id', 'pd.locationId')
          .select(['pd.id', 'pd.customNumber', 'l.id as locationId', 'l.name', 'l.customDebtorNumber'])
          .where('pd.creditorId', '=', creditorId)
          .where('pd.id', '=', row.permanentDebtId)
          .executeTakeFirst(),
  ]);
  return {
    ...toVoucherListItem(row, workQueueEntries.length > 0),
    children: children.get(id) ?? [],
    dunningStatus: row.dunningStatus,
    dunningType: row.dunningType as Voucher['dunningType'],
    dunningBlockCount: row.dunningBlockCount,
    dunningBlockUntil: row.dunningBlockUntil,
    customisedLabel: row.customisedLabel,
    balancingVoucherNumber: row.balancingVoucherNumber,
    isBalancingVoucher: row.isBalancingVoucher,
    sapNumber: row.sapNumber,
    userEmail: row.userEmail,
    bnetStatus: row.bnetStatus as Voucher['bnetStatus'],
    bnetPurchaseStatus: row.bnetPurchaseStatus as Voucher['bnetPurchaseStatus'],
    documentId: row.documentId,
    originalName: row.originalName,
    attachment: attachment ?? null,
    officialVoucherSource: row.officialVoucherSource,
    comment: row.comment,
    permanentDebt: permanentDebt
      ? {
          id: permanentDebt.id,
          customNumber: permanentDebt.customNumber,
          location: { id: permanentDebt.locationId, name: permanentDebt.name, customNumber: permanentDebt.customDebtorNumber },
        }
      : null,
    encashmentFileNumber: row.encashmentFileNumber,
    serviceFee:
      row.serviceFeeRate == null && row.serviceFeeAmount == null
        ? null
        : { condition: row.serviceFeeRate, amount: row.serviceFeeAmount },
    history,
    workQueueEntries,
    firstDunningDate: row.firstDunningDate,
    performanceDate: row.performanceDate,
    ...balancing,
  };
}

/**
 * The process log of a voucher (admin view, GET /voucher/{id}/process-log/list), oldest first;
 * undefined when the voucher does not exist. Admins see every creditor's vouchers.
 */
export async function findVoucherProcessLog(db: Kysely<Database>, id: number): Promise<LogItem[] | undefined> {
  const voucher = await db.selectFrom('voucher').select('id').where('id', '=', id).executeTakeFirst();
  if (!voucher) return undefined;
  const rows = await db
    .selectFrom('logItem')
    .select(['id', 'channel', 'message', 'context', 'extra', 'createdAt', 'updatedAt'])
    .where('voucherId', '=', id)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const json = (value: unknown) => (value == null ? null : typeof value === 'string' ? value : JSON.stringify(value));
  return rows.map((row) => ({
    identifier: row.id,
    channel: row.channel,
    message: row.message,
    context: json(row.context),
    extra: json(row.extra),
    creationDate: toEpochSeconds(row.createdAt)!,
    updateDate: toEpochSeconds(row.updatedAt),
  }));
}
