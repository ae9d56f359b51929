import type { Selectable } from 'kysely';
import type { WorkQueueAnswerForm } from '../../../../generated/types';
import { formatMoney } from '../../../shared/format';
import { parseDataUrl } from '../../../shared/validation/file.rules';
import { todayIso } from '../../../shared/validation';
import type { CommandContext, CommandHandler } from '../../commands/command.types';
import type { WorkQueueItemTable } from '../../db/schema';
import { enumValue, INVOICE_TYPES } from '../../services/status-groups';
import { decodeDataUrl } from '../uploads/file-store';
import { attachFile, handOverFile } from '../uploads/hand-over';
import { isOpenState, mayHandOverVouchers } from '../vouchers/voucher.rules';
import { runVoucherCommand } from './follow-up';

/**
 * POST /user-information/work-queue/{id}/{answerCode}/{followUpAction} (schema/commands/workQueue.yaml):
 * the creditor's answer to a decision of the provider. The answer is one of the item's options;
 * its follow-up runs through the voucher commands; the item is then sent.
 */

const WORK_QUEUE_EVENT = enumValue('historyEventType', 'work_queue');
const SENDER_CREDITOR = 'creditor';

/** Follow-up kinds carried out by a voucher command, and that command. */
const VOUCHER_COMMAND: Record<string, string> = {
  credit_advice: 'createCreditAdvice',
  direct_payment: 'reportDirectPayment',
  abandonment: 'abandonVoucher',
  annulation: 'annulVoucher',
};

type Item = Selectable<WorkQueueItemTable>;
interface Option {
  code: string;
  text: string;
  accepted: boolean;
  fullAmount: boolean;
  noteRequired: boolean;
}
interface OpenVoucher {
  id: number;
  leftoverAmount: number;
  number: string;
}

/** The chosen option of the item's state of affairs and what it requires; refuses anything else. */
async function chosenOption(ctx: CommandContext<WorkQueueAnswerForm>, item: Item, answerCode: string) {
  if (!item.stateOfAffairsCode) return ctx.refuse('workQueue.unknownAnswer', 400);
  const state = await ctx.trx
    .selectFrom('stateOfAffairs')
    .selectAll()
    .where('code', '=', item.stateOfAffairsCode)
    .executeTakeFirst();
  const option = state
    ? await ctx.trx
        .selectFrom('stateOfAffairsOption')
        .select(['code', 'text', 'accepted', 'fullAmount', 'noteRequired'])
        .where('stateCode', '=', state.code)
        .where('code', '=', answerCode)
        .executeTakeFirst()
    : undefined;
  if (!state || !option) return ctx.refuse('workQueue.unknownAnswer', 400);
  return {
    option: option as Option,
    followUp: option.accepted ? state.followUpAction : state.rejectAction,
    fileRequired: option.accepted ? state.acceptFileRequired : state.rejectFileRequired,
  };
}

/** The item's vouchers (not the counter vouchers) the follow-up can still act on: open invoices with an open amount. */
async function openVouchersOf(ctx: CommandContext, item: Item): Promise<OpenVoucher[]> {
  const rows = await ctx.trx
    .selectFrom('workQueueVoucher as wv')
    .innerJoin('voucher as v', 'v.id', 'wv.voucherId')
    .select(['v.id', 'v.status', 'v.type', 'v.leftoverAmount', 'v.officialVoucherNumber', 'v.customNumber'])
    .where('wv.creditorId', '=', item.creditorId)
    .where('wv.workQueueItemId', '=', item.id)
    .where('wv.isCounterVoucher', '=', false)
    .orderBy('v.id')
    .execute();
  return rows
    .filter((v) => isOpenState(v.status) && INVOICE_TYPES.includes(v.type) && Number(v.leftoverAmount) > 0)
    .map((v) => ({
      id: v.id,
      leftoverAmount: Number(v.leftoverAmount),
      number: v.officialVoucherNumber ?? v.customNumber ?? String(v.id),
    }));
}

/** Carries out the follow-up on the open vouchers; answers a sentence per voucher for the message. */
async function carryOut(
  ctx: CommandContext<WorkQueueAnswerForm>,
  item: Item,
  followUp: string,
  option: Option,
  note: string,
): Promise<string[]> {
  if (followUp === 'default') return [];
  if (followUp === 'voucher_upload') return uploadVoucherFollowUp(ctx, item);
  const vouchers = await openVouchersOf(ctx, item);
  if (vouchers.length === 0) ctx.refuse('workQueue.noOpenVoucher', 409);
  const today = todayIso(ctx.now);
  const reason = [`Entscheidung ${item.fileIdentifier ?? item.id}: ${option.text}`, note]
    .filter(Boolean)
    .join(' – ');

  if (followUp === 'exposure_type') {
    const exposureType = ctx.input.exposureType;
    if (!exposureType) ctx.refuse('validation.required', 400);
    await ctx.trx
      .updateTable('voucher')
      .set({ exposureType, updatedAt: ctx.now })
      .where('creditorId', '=', item.creditorId)
      .where(
        'id',
        'in',
        vouchers.map((v) => v.id),
      )
      .execute();
    return vouchers.map((v) => `Beleg ${v.number}: Übergabeart ${exposureType}.`);
  }

  const name = VOUCHER_COMMAND[followUp];
  if (!name) throw new Error(`unknown follow-up action ${followUp}`);
  // an amount only where the option is not about the whole open amount (then one voucher)
  if (!option.fullAmount && followUp !== 'annulation') {
    if (ctx.input.amount == null) ctx.refuse('workQueue.amountRequired', 400);
    if (vouchers.length !== 1) ctx.refuse('workQueue.amountForOneVoucher', 409);
  }
  const done: string[] = [];
  for (const [index, v] of vouchers.entries()) {
    const amount = option.fullAmount ? v.leftoverAmount : Number(ctx.input.amount);
    const input: Record<string, unknown> =
      followUp === 'credit_advice'
        ? { amount, creditVoucherNumber: `GS-AK${item.id}-${index + 1}`, voucherDate: today, reason }
        : followUp === 'direct_payment'
          ? { amount, paymentDate: today, note: reason }
          : followUp === 'abandonment'
            ? { abandonRest: option.fullAmount, ...(option.fullAmount ? {} : { amount }), reason }
            : { reason, confirmAnnulation: true };
    await runVoucherCommand(ctx, name, v.id, input);
    done.push(`Beleg ${v.number}: ${followUp === 'annulation' ? 'storniert' : formatMoney(amount)}.`);
  }
  return done;
}

const INVOICE = enumValue('voucherType', 'invoice');

/**
 * The follow-up "voucher upload": the answer's first file is handed over through the upload
 * pipeline (src/server/domain/uploads/hand-over.ts) as an invoice whose parent is the item's first
 * voucher, for that voucher's debtor and location and with its delivery (else the item's debtor and
 * location, delivered by post); further files become its attachments. It is an upload: the caller
 * needs vouchers.upload and a creditor that may hand over vouchers. Document processing then treats
 * it like any upload — a copy carrying the number of the invoice it completes waits as "duplicate"
 * for the creditor's continue or delete, so no claim is counted twice unasked.
 */
async function uploadVoucherFollowUp(
  ctx: CommandContext<WorkQueueAnswerForm>,
  item: Item,
): Promise<string[]> {
  if (!(await ctx.allowed('vouchers.upload'))) ctx.refuse('forbidden', 403);
  if (!mayHandOverVouchers(ctx.creditor!.status)) ctx.refuse('creditorStatus.actionNotAllowed', 403);
  const files = ctx.input.files ?? [];
  if (files.length === 0) ctx.refuse('workQueue.fileRequired', 400);
  const parent = await ctx.trx
    .selectFrom('workQueueVoucher as wv')
    .innerJoin('voucher as v', 'v.id', 'wv.voucherId')
    .select([
      'v.id',
      'v.debtorId',
      'v.locationId',
      'v.deliveryType',
      'v.email',
      'v.officialVoucherNumber',
      'v.customNumber',
    ])
    .where('wv.creditorId', '=', item.creditorId)
    .where('v.creditorId', '=', item.creditorId)
    .where('wv.workQueueItemId', '=', item.id)
    .where('wv.isCounterVoucher', '=', false)
    .orderBy('v.id')
    .executeTakeFirst();
  const [document, ...annexes] = files.map(decodeDataUrl);
  const handOver = { trx: ctx.trx, creditor: ctx.creditor!, userEmail: ctx.caller.email, now: ctx.now };
  const byMail = parent?.deliveryType === 'email' && !!parent.email;
  const voucherId = await handOverFile(handOver, document, {
    voucherType: INVOICE,
    debtorId: parent?.debtorId ?? item.debtorId,
    locationId: parent ? parent.locationId : item.debtorId ? item.locationId : null,
    parentId: parent?.id ?? null,
    deliveryType: byMail ? 'email' : 'post',
    email: byMail ? parent!.email : null,
    receivedText: `Entscheidung ${item.fileIdentifier ?? item.id}: Datei ${document.name} hochgeladen`,
  });
  for (const annex of annexes) await attachFile(handOver, voucherId, annex, 'attachments');
  const number = parent ? (parent.officialVoucherNumber ?? parent.customNumber ?? String(parent.id)) : null;
  return [
    `Datei ${document.name} als Beleg ${voucherId} übergeben${number ? ` (Folgebeleg zu ${number})` : ''}.`,
  ];
}

/** The files of the answer, kept with the item. */
async function keepFiles(
  ctx: CommandContext<WorkQueueAnswerForm>,
  item: Item,
  files: string[],
): Promise<string[]> {
  const names: string[] = [];
  for (const url of files) {
    const file = parseDataUrl(url);
    if (!file) ctx.refuse('validationError', 400);
    const content = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    await ctx.trx
      .insertInto('workQueueAnswerFile')
      .values({
        creditorId: item.creditorId,
        workQueueItemId: item.id,
        name: file!.name || 'dokument.pdf',
        contentType: file!.type || 'application/pdf',
        size: content.length,
        content,
        createdAt: ctx.now,
      })
      .execute();
    names.push(file!.name || 'dokument.pdf');
  }
  return names;
}

export const answerWorkQueueItem: CommandHandler<WorkQueueAnswerForm> = async (ctx) => {
  const item = ctx.target!.row as Item;
  const answerCode = String(ctx.params.answerCode ?? '');
  const followUpAction = String(ctx.params.followUpAction ?? '');
  // the body repeats what the path says (the dialog sends its whole data); they must agree
  if (ctx.input.answerCode !== undefined && ctx.input.answerCode !== answerCode)
    ctx.refuse('workQueue.unknownAnswer', 400);
  if (ctx.input.followUpAction !== undefined && ctx.input.followUpAction !== followUpAction)
    ctx.refuse('workQueue.followUpMismatch', 400);

  const { option, followUp, fileRequired } = await chosenOption(ctx, item, answerCode);
  if (followUpAction !== followUp) ctx.refuse('workQueue.followUpMismatch', 400);
  const note = ctx.input.note?.trim() ?? '';
  if (option.noteRequired && !note) ctx.refuse('workQueue.noteRequired', 400);
  const files = ctx.input.files ?? [];
  if (fileRequired && files.length === 0) ctx.refuse('workQueue.fileRequired', 400);

  const done = await carryOut(ctx, item, followUp, option, note);
  const fileNames = await keepFiles(ctx, item, files);

  await ctx.trx
    .updateTable('workQueueItem')
    .set({
      answerCode,
      answerFollowUp: followUp,
      answerNote: note || null,
      answeredByUserId: ctx.caller.userId,
      sentAt: ctx.now,
      updatedAt: ctx.now,
    })
    .where('creditorId', '=', item.creditorId)
    .where('id', '=', item.id)
    .execute();
  const text = [
    `Antwort: ${option.text}`,
    note ? `Notiz: ${note}` : '',
    fileNames.length ? `Dateien: ${fileNames.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  await ctx.trx
    .insertInto('workQueueMessage')
    .values({
      creditorId: item.creditorId,
      workQueueItemId: item.id,
      sender: SENDER_CREDITOR,
      text,
      createdAt: ctx.now,
    })
    .execute();

  // every voucher of the decision shows the answer in its history (event type work_queue)
  const linked = await ctx.trx
    .selectFrom('workQueueVoucher')
    .select('voucherId')
    .where('creditorId', '=', item.creditorId)
    .where('workQueueItemId', '=', item.id)
    .where('isCounterVoucher', '=', false)
    .execute();
  for (const { voucherId } of linked) {
    await ctx.trx
      .insertInto('voucherHistory')
      .values({
        creditorId: item.creditorId,
        voucherId,
        type: WORK_QUEUE_EVENT,
        value: answerCode,
        title: item.title,
        text: [`Antwort: ${option.text}`, note ? `Notiz: ${note}` : '', ...done].filter(Boolean).join(' '),
        userEmail: ctx.caller.email,
        event: 'workQueueAnswered',
        payload: JSON.stringify({ workQueueItemId: item.id, answerCode, followUpAction: followUp }),
        createdAt: ctx.now,
      })
      .execute();
  }
  return {
    actionLog: {
      payload: {
        workQueueItemId: item.id,
        answerCode,
        followUpAction: followUp,
        note: note || null,
        files: fileNames,
        done,
      },
    },
  };
};
