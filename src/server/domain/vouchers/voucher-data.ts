import { type Selectable, sql } from 'kysely';
import { formatMoney } from '../../../shared/format';
import { germanText } from '../../commands/command-audit';
import type { CommandContext } from '../../commands/command.types';
import type { VoucherTable } from '../../db/schema';
import { keepVoucherEInvoice } from '../../einvoice/out/keep-voucher-einvoice';
import { BuyerDataMissing, SellerDataMissing } from '../../einvoice/out/voucher-einvoice';
import { PURCHASED_STATUSES } from '../../services/status-groups';
import {
  closedStateOf,
  isOpenState,
  resumeStateOf,
  runningCase,
  subStatusOfPurchase,
  type VoucherAction,
  voucherActionRefusal,
} from './voucher.rules';

/**
 * What the voucher handlers share: the state guard of the rules (the same the permissions answer
 * uses), the open-amount guard, and settling part of an invoice with a child voucher.
 */

/** The target voucher's row as loaded (and locked) by the pipeline. */
export const voucherOf = (ctx: CommandContext) => ctx.target!.row as Selectable<VoucherTable>;

/** An update of the target voucher, inside its tenant. */
export const updateVoucher = (ctx: CommandContext) =>
  ctx.trx.updateTable('voucher').where('id', '=', ctx.target!.id).where('creditorId', '=', ctx.target!.creditorId);

/**
 * Refuses (409, with the German text of why) an action the voucher's state does not allow now —
 * exactly when its permission flag is off (voucher.rules.ts).
 */
export function requireVoucherAction(ctx: CommandContext, action: VoucherAction): void {
  const reason = voucherActionRefusal(action, voucherOf(ctx), ctx.now);
  if (reason) ctx.refuse(reason);
}

/** Refuses (400) a required text that is blank once trimmed (the form's `required` takes "  "). */
export function requireFilled(ctx: CommandContext, ...values: (string | undefined)[]): void {
  if (values.some((value) => !value?.trim())) ctx.refuse('validation.required', 400);
}

/** Refuses (400) an amount above the voucher's open amount; answers the open amount. */
export function requireWithinOpenAmount(ctx: CommandContext, amount: number): number {
  const open = Number(voucherOf(ctx).leftoverAmount);
  if (amount > open) ctx.refuse('vouchers.amountExceedsOpenAmount', 400);
  return open;
}

/** The German label of an enumeration value, as the product words it. */
export const labelOf = (ctx: CommandContext, enumName: string, value: string) =>
  germanText(`enums.${enumName}.${value}`, {}, ctx.creditor?.product);

/** Short marks of the child numbers the portal gives (the creditor names a credit note itself). */
const CHILD_MARK: Record<string, string> = { direct_payment: 'DZ', abandonment: 'FV', annulation: 'ST' };

export interface Settlement {
  /** voucherType of the child: abandonment, credit_advice, direct_payment, annulation */
  type: string;
  /** integer cents, at most the open amount (checked by the caller) */
  amount: number;
  /** the child's date and the balancing date (`yyyy-MM-dd`) */
  date: string;
  /** the child's number; default: the invoice's number, the type's mark and a counter (`RE-1-DZ2`) */
  number?: string;
}

export interface Settled {
  childVoucherId: number;
  leftoverAmount: number;
  closed: boolean;
}

/**
 * Settles part (or all) of the target invoice: a child voucher of the given type, itself settled,
 * that balances the invoice by `amount` (voucher_balancing, shown by /list-balanced-vouchers); the
 * invoice's open amount falls by it. At 0 the invoice is closed and a running dunning stop, dispute
 * or delay ends (its sub-status and dunning type restored). On a purchased invoice the amount no
 * longer open frees the same of the debtor's and the creditor's available limit (never above the
 * approved limit) — the limits count only what is purchased and open.
 */
export async function settle(ctx: CommandContext, s: Settlement, extra: Record<string, unknown> = {}): Promise<Settled> {
  const { trx, now, caller } = ctx;
  const v = voucherOf(ctx);
  const parentNumber: string = v.officialVoucherNumber ?? v.customNumber ?? String(v.id);
  let number = s.number;
  if (!number) {
    const siblings = await trx
      .selectFrom('voucher')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('creditorId', '=', v.creditorId)
      .where('parentId', '=', v.id)
      .where('type', '=', s.type)
      .executeTakeFirstOrThrow();
    number = `${parentNumber}-${CHILD_MARK[s.type] ?? 'AG'}${Number(siblings.n) + 1}`;
  }
  const child = await trx
    .insertInto('voucher')
    .values({
      creditorId: v.creditorId,
      debtorId: v.debtorId,
      locationId: v.locationId,
      parentId: v.id,
      customNumber: number,
      type: s.type,
      status: closedStateOf(v.status),
      subStatus: subStatusOfPurchase(v.purchaseStatus),
      purchaseStatus: v.purchaseStatus,
      amount: s.amount,
      leftoverAmount: 0,
      initialLeftoverAmount: s.amount,
      voucherDate: s.date,
      performanceDate: s.date,
      source: 'portal_upload',
      isBalancingVoucher: true,
      balancingVoucherNumber: number,
      userEmail: caller.email,
      uploadedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('voucherBalancing')
    .values({ creditorId: v.creditorId, balancedVoucherId: v.id, balancingVoucherId: child.id, amount: s.amount, balancedDate: s.date })
    .execute();

  const leftoverAmount = Number(v.leftoverAmount) - s.amount;
  const closed = leftoverAmount === 0;
  await updateVoucher(ctx)
    .set({
      leftoverAmount,
      updatedAt: now,
      ...(closed ? { status: closedStateOf(v.status), ...endCase(v) } : {}),
      ...extra,
    })
    .execute();
  if (isOpenState(v.status) && PURCHASED_STATUSES.includes(v.purchaseStatus)) await releaseLimits(ctx, s.amount);
  await keepCreditNote(ctx, child.id);
  return { childVoucherId: child.id, leftoverAmount, closed };
}

/**
 * Issue 29: a credit advice, annulation or abandonment of an invoice whose location delivers
 * e-invoices is kept as the credit note (381, BG-3 naming the invoice) in that format, as a file of
 * the child voucher. Missing seller or buyer data do not stop the command: no file is written, and
 * the download answers why in German.
 */
async function keepCreditNote(ctx: CommandContext, childId: number): Promise<void> {
  const creditor = await ctx.trx.selectFrom('creditor').select(['id', 'identifier']).where('id', '=', voucherOf(ctx).creditorId).executeTakeFirstOrThrow();
  try {
    await keepVoucherEInvoice(ctx.trx, creditor, childId, ctx.now);
  } catch (error) {
    if (!(error instanceof SellerDataMissing || error instanceof BuyerDataMissing)) throw error;
  }
}

/** The columns that end a running case (or nothing when none runs). */
export function endCase(v: Selectable<VoucherTable>): Record<string, unknown> {
  if (v.dunningBlockUntil == null && v.resumeSubStatus == null && !runningCase(v)) return {};
  return { ...resumeStateOf(v), dunningBlockUntil: null, resumeSubStatus: null, resumeDunningType: null };
}

/** The amount no longer open on a purchased invoice frees debtor and creditor limit. */
async function releaseLimits(ctx: CommandContext, amount: number): Promise<void> {
  const v = voucherOf(ctx);
  if (v.debtorId != null) {
    await ctx.trx
      .updateTable('debtor')
      .set({ availableLimit: sql`least(approved_limit, available_limit + ${amount})`, updatedAt: ctx.now })
      .where('creditorId', '=', v.creditorId)
      .where('id', '=', v.debtorId)
      .execute();
  }
  await ctx.trx
    .updateTable('creditor')
    .set({ availableLimit: sql`least(approved_limit, available_limit + ${amount})`, updatedAt: ctx.now })
    .where('id', '=', v.creditorId)
    .execute();
}

/** `1.234,56 €` — how history values show amounts. */
export const money = (cents: number) => formatMoney(cents);

/** A sentence of the history text, or nothing for an empty note. */
export const sentence = (label: string, value: unknown) => {
  const text = typeof value === 'string' ? value.trim() : '';
  return text ? `${label}: ${text}` : '';
};
