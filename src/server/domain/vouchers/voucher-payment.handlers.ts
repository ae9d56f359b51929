import type { AbandonmentForm, AnnulationForm, CreditAdviceForm, DirectPaymentForm } from '../../../../generated/types';
import { formatDate } from '../../../shared/format';
import { todayIso } from '../../../shared/validation';
import type { CommandContext, CommandHandler, CommandOutcome } from '../../commands/command.types';
import { enumValue, PURCHASED_STATUSES } from '../../services/status-groups';
import {
  money,
  requireFilled,
  requireVoucherAction,
  requireWithinOpenAmount,
  type Settled,
  sentence,
  settle,
  voucherOf,
} from './voucher-data';

// The child voucher each payment action creates (schema/enums/voucherType.yaml).
const CHILD = {
  abandonment: enumValue('voucherType', 'abandonment'),
  creditAdvice: enumValue('voucherType', 'credit_advice'),
  directPayment: enumValue('voucherType', 'direct_payment'),
  annulation: enumValue('voucherType', 'annulation'),
};
// An annulled purchased invoice is counted back: the provider no longer holds a claim to it.
const COUNTED_BACK = { purchaseStatus: enumValue('purchaseStatus', 'RUECKBELASTET'), subStatus: enumValue('voucherSubStatus', 'counted_back') };

/** What every payment action answers and records: the child, the new open amount, a readable text. */
function settledOutcome(ctx: CommandContext, settled: Settled, parts: string[]): CommandOutcome {
  const closing = settled.closed ? 'Die Rechnung ist damit ausgeglichen.' : `Offen bleiben ${money(settled.leftoverAmount)}.`;
  return {
    response: { childVoucherId: settled.childVoucherId, leftoverAmount: settled.leftoverAmount },
    history: { value: money(settled.leftoverAmount), text: [...parts.filter(Boolean), closing].join(' ') },
    actionLog: { payload: { ...ctx.input, childVoucherId: settled.childVoucherId, leftoverAmount: settled.leftoverAmount } },
  };
}

/**
 * POST /voucher/{id}/abandon: the creditor waives the whole open rest (abandonRest, the default) or a
 * part of it, at most the open amount. An abandonment voucher dated today balances it. An amount
 * without `abandonRest: false` is ambiguous (the form sends the amount only with the box unticked):
 * refused, never read as "the whole rest" (issue 25 item 3).
 */
export const abandonVoucher: CommandHandler<AbandonmentForm> = async (ctx) => {
  requireVoucherAction(ctx, 'abandonment');
  const rest = ctx.input.abandonRest !== false;
  if (rest && ctx.input.amount !== undefined) ctx.refuse('vouchers.abandonmentAmbiguous', 400);
  const amount = rest ? Number(voucherOf(ctx).leftoverAmount) : ctx.input.amount;
  if (amount == null) ctx.refuse('validation.required', 400);
  requireWithinOpenAmount(ctx, amount!);
  const settled = await settle(ctx, { type: CHILD.abandonment, amount: amount!, date: todayIso(ctx.now) });
  return settledOutcome(ctx, settled, [
    `Verzicht auf ${money(amount!)} (${rest ? 'gesamter offener Restbetrag' : 'Teilbetrag'}).`,
    sentence('Grund', ctx.input.reason),
  ]);
};

/**
 * Refuses (400) a payment or credit dated before the invoice it settles: the latest bound, today, is
 * the form's `dateMax` (schema/forms/directPayment.yaml, creditAdvice.yaml), checked by the route schema.
 */
function requireNotBeforeVoucherDate(ctx: CommandContext, date: string, reason: string): void {
  const voucherDate = voucherOf(ctx).voucherDate;
  if (voucherDate && date < voucherDate) ctx.refuse(reason, 400);
}

/** The number is the creditor's own and must be unique among its vouchers (document 1 §5). */
async function requireFreeCreditNumber(ctx: CommandContext, number: string): Promise<void> {
  const taken = await ctx.trx
    .selectFrom('voucher')
    .select('id')
    .where('creditorId', '=', ctx.target!.creditorId)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['customNumber']), '=', number.toLowerCase()),
        eb(eb.fn('lower', ['officialVoucherNumber']), '=', number.toLowerCase()),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  if (taken) ctx.refuse('vouchers.creditNumberTaken');
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * POST /voucher/{id}/credit: a credit note of the creditor (its number unique, at most 20
 * characters; its date; an amount up to the open amount) becomes a credit_advice child of the
 * invoice that balances it by that amount.
 */
export const createCreditAdvice: CommandHandler<CreditAdviceForm> = async (ctx) => {
  requireVoucherAction(ctx, 'creditAdvice');
  const { amount, voucherDate, reason } = ctx.input;
  const number = ctx.input.creditVoucherNumber.trim();
  requireFilled(ctx, number);
  requireNotBeforeVoucherDate(ctx, voucherDate, 'vouchers.creditBeforeVoucherDate');
  requireWithinOpenAmount(ctx, amount);
  await requireFreeCreditNumber(ctx, number);
  let settled: Settled;
  try {
    settled = await settle(ctx, { type: CHILD.creditAdvice, amount, date: voucherDate, number });
  } catch (error) {
    // another credit note took the number since the check (voucher_credit_advice_number_key)
    if (isUniqueViolation(error)) ctx.refuse('vouchers.creditNumberTaken');
    throw error;
  }
  return settledOutcome(ctx, settled, [
    `Gutschrift ${number} vom ${formatDate(voucherDate)} über ${money(amount)}.`,
    sentence('Grund', reason),
  ]);
};

/**
 * POST /voucher/{id}/direct-payment: the debtor paid the creditor directly; a direct_payment child
 * dated on the payment day balances the invoice by the amount paid (at most the open amount).
 */
export const reportDirectPayment: CommandHandler<DirectPaymentForm> = async (ctx) => {
  requireVoucherAction(ctx, 'directPayment');
  const { amount, paymentDate, note } = ctx.input;
  requireNotBeforeVoucherDate(ctx, paymentDate, 'vouchers.paymentBeforeVoucherDate');
  requireWithinOpenAmount(ctx, amount);
  const settled = await settle(ctx, { type: CHILD.directPayment, amount, date: paymentDate });
  return settledOutcome(ctx, settled, [
    `Zahlung über ${money(amount)} am ${formatDate(paymentDate)} direkt beim Gläubiger eingegangen.`,
    sentence('Notiz', note),
  ]);
};

/**
 * POST /voucher/{id}/decline (annulation): the whole invoice, nothing of it balanced yet, is
 * cancelled by an annulation child over its full amount and closed; a purchased one is counted back
 * (purchase status RUECKBELASTET) and its amount freed from the limits.
 */
export const annulVoucher: CommandHandler<AnnulationForm> = async (ctx) => {
  requireVoucherAction(ctx, 'annulation');
  requireFilled(ctx, ctx.input.reason);
  const v = voucherOf(ctx);
  const purchased = PURCHASED_STATUSES.includes(v.purchaseStatus);
  const amount = Number(v.leftoverAmount);
  const settled = await settle(ctx, { type: CHILD.annulation, amount, date: todayIso(ctx.now) }, purchased ? COUNTED_BACK : {});
  return settledOutcome(ctx, settled, [
    `Rechnung über ${money(amount)} vollständig storniert${purchased ? '; der Ankauf wird rückbelastet' : ''}.`,
    sentence('Grund', ctx.input.reason),
  ]);
};
