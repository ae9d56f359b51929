import type {
  CancelDunningBlockForm,
  CloseDelayForm,
  CloseDisputeForm,
  CommentForm,
  OpenDelayForm,
  OpenDisputeForm,
  SetDunningBlockForm,
} from '../../../../generated/types';
import { formatDate } from '../../../shared/format';
import type { CommandContext, CommandHandler, CommandOutcome } from '../../commands/command.types';
import { labelOf, requireFilled, requireVoucherAction, sentence, updateVoucher, voucherOf } from './voucher-data';
import { todayIso } from '../../../shared/validation';
import { addDays } from '../../../shared/validation/german-input.parse';
import {
  dunningBlockBounds,
  dunningBlockDaysCharged,
  DUNNING_BLOCK_MAX_DAYS,
  dunningBlockDaysLeft,
  dunningLevelOf,
  resumeStateOf,
  startCase,
  type VoucherAction,
  type VoucherCase,
} from './voucher.rules';

/**
 * The comment and the three cases that pause dunning — dunning stop, dispute, delay (document 1 §4:
 * "the state changes; each is recorded in the voucher history"). Opening one sets its sub-status and
 * dunning type and keeps those before; closing it restores them (voucher.rules.ts).
 */

/** POST /voucher/{id}/comment {comment}: the voucher shows the latest comment; every one stays in the history. */
export const commentVoucher: CommandHandler<CommentForm> = async (ctx) => {
  requireVoucherAction(ctx, 'comment');
  const comment = ctx.input.comment.trim();
  requireFilled(ctx, comment);
  await updateVoucher(ctx).set({ comment, updatedAt: ctx.now }).execute();
  return { history: { text: comment } };
};

/** Opens a case: the history shows the new sub-status. */
async function openCase(ctx: CommandContext, action: VoucherAction, c: VoucherCase, extra: Record<string, unknown>, text: string): Promise<CommandOutcome> {
  requireVoucherAction(ctx, action);
  const started = startCase(voucherOf(ctx), c);
  await updateVoucher(ctx).set({ ...started, ...extra, updatedAt: ctx.now }).execute();
  return { history: { value: labelOf(ctx, 'voucherSubStatus', started.subStatus), text } };
}

/** Closes the running case: back to what the voucher showed before; the history shows that sub-status. */
async function closeCase(ctx: CommandContext, action: VoucherAction, text: string, extra: Record<string, unknown> = {}): Promise<CommandOutcome> {
  requireVoucherAction(ctx, action);
  const resumed = resumeStateOf(voucherOf(ctx));
  await updateVoucher(ctx)
    .set({ ...resumed, resumeSubStatus: null, resumeDunningType: null, dunningBlockUntil: null, ...extra, updatedAt: ctx.now })
    .execute();
  return { history: { value: labelOf(ctx, 'voucherSubStatus', resumed.subStatus), text } };
}

const texts = (...parts: string[]) => parts.filter(Boolean).join(' ');

/**
 * POST /sap/voucher/{id}/dunning/block: a dunning stop from tomorrow up to 10 days (the form's own
 * bounds, on the command's clock) and up to the stop days the voucher has left on its dunning level
 * (at most 10 in total, voucher.rules.ts); its last day is kept and it counts in dunningBlockCount.
 * When it runs out the purchase is reversed or the assurance lapses — the job of "dunning over time".
 */
export const setDunningBlock: CommandHandler<SetDunningBlockForm> = async (ctx) => {
  requireVoucherAction(ctx, 'setDunningBlock');
  const { blockUntil, reason } = ctx.input;
  requireFilled(ctx, reason);
  const { earliest, latest } = dunningBlockBounds(ctx.now);
  if (blockUntil < earliest || blockUntil > latest) ctx.refuse('vouchers.dunningBlockPeriod', 400);
  const v = voucherOf(ctx);
  const today = todayIso(ctx.now);
  const left = dunningBlockDaysLeft(v);
  if (blockUntil > addDays(today, left)) ctx.refuse('vouchers.dunningBlockTooLong', 400);
  const level = dunningLevelOf(v);
  const outcome = await openCase(
    ctx,
    'setDunningBlock',
    'dunningBlock',
    {
      dunningBlockUntil: blockUntil,
      dunningBlockCount: Number(v.dunningBlockCount) + 1,
      dunningBlockLevel: level,
      dunningBlockDaysUsed: DUNNING_BLOCK_MAX_DAYS - left,
      dunningBlockFrom: today,
    },
    texts(`Mahnstopp bis einschließlich ${formatDate(blockUntil)}.`, sentence('Grund', reason)),
  );
  return { ...outcome, history: { ...outcome.history, value: `bis ${formatDate(blockUntil)}` } };
};

/** POST /sap/voucher/{id}/dunning/reopen: the dunning stop ends early; dunning resumes. */
export const cancelDunningBlock: CommandHandler<CancelDunningBlockForm> = async (ctx) => {
  const v = voucherOf(ctx);
  const until = v.dunningBlockUntil;
  const ended = until ? `Mahnstopp (bis ${formatDate(until)}) aufgehoben; das Mahnverfahren wird fortgesetzt.` : 'Mahnstopp aufgehoben; das Mahnverfahren wird fortgesetzt.';
  // the days it ran count against the level's 10 (a stop the portal did not set counts nothing)
  const today = todayIso(ctx.now);
  const used = v.dunningBlockFrom ? dunningBlockDaysCharged(v.dunningBlockFrom, until && until < today ? until : today) : 0;
  const extra = { dunningBlockDaysUsed: Math.min(DUNNING_BLOCK_MAX_DAYS, Number(v.dunningBlockDaysUsed) + used), dunningBlockFrom: null };
  return closeCase(ctx, 'cancelDunningBlock', texts(ended, sentence('Notiz', ctx.input.note)), extra);
};

/** POST /sap/voucher/{id}/dunning/dispute/open: the debtor disputes the claim (confirmed in the form). */
export const openDispute: CommandHandler<OpenDisputeForm> = async (ctx) => {
  requireFilled(ctx, ctx.input.reason);
  return openCase(ctx, 'openDispute', 'dispute', {}, sentence('Inhalt der Reklamation', ctx.input.reason));
};

/** POST /sap/voucher/{id}/dunning/dispute/close: the dispute is settled. */
export const closeDispute: CommandHandler<CloseDisputeForm> = async (ctx) =>
  closeCase(ctx, 'closeDispute', texts('Reklamation geschlossen.', sentence('Ergebnis', ctx.input.note)));

/**
 * POST /sap/voucher/{id}/dunning/delay/open: the debtor was reminded in writing three times within
 * 45 days after the due date and has not paid (confirmed in the form); the invoice must be overdue.
 */
export const openDelay: CommandHandler<OpenDelayForm> = async (ctx) =>
  openCase(
    ctx,
    'openDelay',
    'delay',
    {},
    texts('Dreimal schriftlich gemahnt innerhalb von 45 Tagen nach Fälligkeit, ohne Zahlung.', sentence('Notiz', ctx.input.note)),
  );

/** POST /sap/voucher/{id}/dunning/delay/close: the delay ends. */
export const closeDelay: CommandHandler<CloseDelayForm> = async (ctx) =>
  closeCase(ctx, 'closeDelay', texts('Zahlungsverzug beendet.', sentence('Notiz', ctx.input.note)));
