import type {
  AddAttachmentForm,
  CustomisedLabelForm,
  EditDeliveryTypeForm,
  ReUploadVoucherForm,
} from '../../../../generated/types';
import type { CommandContext, CommandHandler } from '../../commands/command.types';
import { moveJob } from '../../processing/processing-queue';
import { INVOICE_TYPES } from '../../services/status-groups';
import { decodeDataUrl, storeFile } from './file-store';
import { handOverFile } from './hand-over';

/**
 * The unprocessed area's commands (document 1 §4 "A voucher in the unprocessed list can be
 * cancelled, continued, or have its delivery type edited … attachments until the pause ends").
 * Their rules are those of the voucher's own permissions (voucherStateRules): an action offered is
 * accepted, one not offered is refused with a German text.
 */

const row = (ctx: CommandContext) => ctx.target!.row;
const isUnprocessed = (ctx: CommandContext) => row(ctx).requiresProcessing && !row(ctx).officialVoucherNumber;

export function requireUnprocessed(ctx: CommandContext) {
  if (!isUnprocessed(ctx)) ctx.refuse('uploads.notUnprocessed', 409);
}

function requirePauseRunning(ctx: CommandContext) {
  requireUnprocessed(ctx);
  const end = row(ctx).endOfPauseAt as Date | null;
  if (!end || end.getTime() <= ctx.now.getTime()) ctx.refuse('uploads.pauseEnded', 409);
}

/** Deletes an upload not yet processed, with its files, notifications and job (the voucher's rows cascade). */
export async function deleteUpload(ctx: CommandContext): Promise<string[]> {
  const { trx } = ctx;
  const id = ctx.target!.id;
  const paths = (
    await trx.selectFrom('voucherAttachment').select('path').where('voucherId', '=', id).execute()
  ).map((a) => a.path);
  await trx.deleteFrom('notification').where('voucherId', '=', id).execute();
  await trx
    .deleteFrom('debtorAssignment')
    .where('voucherId', '=', id)
    .where('status', '!=', 'accepted')
    .execute();
  await trx.updateTable('debtorAssignment').set({ voucherId: null }).where('voucherId', '=', id).execute();
  await trx.deleteFrom('voucher').where('id', '=', id).execute();
  if (paths.length)
    await trx
      .deleteFrom('storedFile')
      .where('creditorId', '=', ctx.target!.creditorId)
      .where('path', 'in', paths)
      .execute();
  return paths;
}

/**
 * POST /voucher/{id}/reupload (multipart, one file): "re-upload needs cancel plus voucher upload"
 * (document 1 §7) in one transaction — a new voucher with the old one's settings (type, debtor,
 * location, delivery, label) and a fresh editing pause, then the old upload is deleted.
 */
export const reuploadVoucher: CommandHandler<ReUploadVoucherForm> = async (ctx) => {
  requireUnprocessed(ctx);
  const old = row(ctx);
  const creditor = ctx.creditor!;
  const file = decodeDataUrl(ctx.input.files[0]);
  const isXml = /\.xml$/i.test(file.name) || file.mimeType.includes('xml');
  if (isXml && !INVOICE_TYPES.includes(old.type)) ctx.refuse('files.uploadFailed', 400);
  const createdId = await handOverFile(
    { trx: ctx.trx, creditor, userEmail: ctx.caller.email, now: ctx.now },
    file,
    {
      voucherType: old.type,
      debtorId: old.debtorId,
      locationId: old.locationId,
      parentId: old.parentId,
      deliveryType: old.deliveryType,
      email: old.email,
      emailCopy: old.emailCopy,
      emailBlindCopy: old.emailBlindCopy,
      customisedLabel: old.customisedLabel,
      receivedText: `Datei ${file.name} erneut hochgeladen (ersetzt Beleg ${ctx.target!.id})`,
    },
  );
  const created = { id: createdId };
  await deleteUpload(ctx);
  return {
    response: { voucherId: created.id },
    actionLog: {
      payload: { replacedVoucherId: ctx.target!.id, voucherId: created.id, file: file.name },
      voucherIdentifier: String(created.id),
    },
  };
};

/** POST /bnet/voucher/{id}/cancel: deletes an upload not yet processed, with its files and job. */
export const cancelUpload: CommandHandler = async (ctx) => {
  requireUnprocessed(ctx);
  const id = ctx.target!.id;
  const paths = await deleteUpload(ctx);
  return {
    actionLog: { payload: { voucherId: id, originalName: row(ctx).originalName, files: paths.length } },
  };
};

/**
 * GET /voucher/continue/{id}: the creditor's "process anyway" on a pending decision — without
 * purchase or insurance (the pending reason stays as purchase-status reason). Processing resumes
 * with the checks at once. A direct encashment that is not possible is refused here: the spec hands
 * it over as a NEW voucher (transfer to basic processing), it does not change this one's type.
 */
export const continueVoucher: CommandHandler = async (ctx) => {
  requireUnprocessed(ctx);
  const v = row(ctx);
  // handed over as a new, normal invoice: POST /voucher/transfer-basic-process/{id} (transfer.handlers.ts)
  if (v.pendingStatus === 'encashment_direct') ctx.refuse('uploads.continueEncashment', 409);
  await ctx.trx
    .updateTable('voucher')
    .set({
      pendingStatus: null,
      purchaseStatus: 'NICHT_ANKAUFBAR',
      // a reason > 0 tells the checks the creditor has decided (not asked again)
      purchaseStatusReason: v.purchaseStatusReason && v.purchaseStatusReason > 0 ? v.purchaseStatusReason : 1,
      updatedAt: ctx.now,
    })
    .where('id', '=', ctx.target!.id)
    .execute();
  // an upload handed over before processing jobs existed (demo data) gets its job now
  const job = await ctx.trx
    .selectFrom('processingJob')
    .select('id')
    .where('voucherId', '=', ctx.target!.id)
    .executeTakeFirst();
  if (job) await moveJob(ctx.trx, ctx.target!.id, 'check', ctx.now, ctx.now);
  else {
    await ctx.trx
      .insertInto('processingJob')
      .values({
        creditorId: ctx.target!.creditorId,
        voucherId: ctx.target!.id,
        stage: 'check',
        runAt: ctx.now,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .execute();
  }
  return {
    history: { text: 'Ohne Ankauf bzw. Absicherung' },
  };
};

/** POST /voucher/{id}/delivery-type: post or e-mail (with the addresses) while unprocessed. */
export const editDeliveryType: CommandHandler<EditDeliveryTypeForm> = async (ctx) => {
  requireUnprocessed(ctx);
  const { deliveryType, email, emailCopy, emailBlindCopy } = ctx.input;
  if (deliveryType === 'email' && !email) ctx.refuse('uploads.emailRequired', 400);
  const byMail = deliveryType === 'email';
  await ctx.trx
    .updateTable('voucher')
    .set({
      deliveryType,
      email: byMail ? email! : null,
      emailCopy: byMail ? (emailCopy ?? null) : null,
      emailBlindCopy: byMail ? (emailBlindCopy ?? null) : null,
      updatedAt: ctx.now,
    })
    .where('id', '=', ctx.target!.id)
    .execute();
  return { history: { value: deliveryType === 'email' ? 'E-Mail' : 'Post', text: byMail ? email! : null } };
};

/** POST /voucher/{id}/customised-label: the creditor's own label of an unprocessed voucher. */
export const editCustomisedLabel: CommandHandler<CustomisedLabelForm> = async (ctx) => {
  requireUnprocessed(ctx);
  const label = ctx.input.customisedLabel.trim();
  await ctx.trx
    .updateTable('voucher')
    .set({ customisedLabel: label || null, updatedAt: ctx.now })
    .where('id', '=', ctx.target!.id)
    .execute();
  return { history: { value: label } };
};

/** POST /voucher/{id}/attachment (multipart): up to 5 PDF attachments while the editing pause runs. */
export const addAttachment: CommandHandler<AddAttachmentForm> = async (ctx) => {
  requirePauseRunning(ctx);
  const creditor = ctx.creditor!;
  const names: string[] = [];
  for (const value of ctx.input.files) {
    const file = decodeDataUrl(value);
    const path = await storeFile(
      ctx.trx,
      { creditorId: creditor.id, creditorIdentifier: creditor.identifier },
      'attachments',
      file,
      ctx.now,
    );
    await ctx.trx
      .insertInto('voucherAttachment')
      .values({
        creditorId: creditor.id,
        voucherId: ctx.target!.id,
        fileName: file.name,
        path,
        mimeType: 'application/pdf',
        sizeBytes: file.bytes.length,
        createdAt: ctx.now,
      })
      .execute();
    names.push(file.name);
  }
  return {
    response: { count: names.length },
    history: { text: names.join(', ') },
    actionLog: { payload: { files: names } },
  };
};

/** DELETE /voucher/{id}/attachment/{attachmentId}: while the pause runs; never the uploaded document itself. */
export const deleteAttachment: CommandHandler = async (ctx) => {
  requirePauseRunning(ctx);
  const attachmentId = Number(ctx.params.attachmentId);
  const all = await ctx.trx
    .selectFrom('voucherAttachment')
    .select(['id', 'path', 'fileName'])
    .where('voucherId', '=', ctx.target!.id)
    .orderBy('id')
    .execute();
  const found = all.find((a) => a.id === attachmentId);
  if (!found) ctx.refuse('uploads.attachmentNotFound', 404);
  if (found!.id === all[0].id) ctx.refuse('uploads.mainDocument', 409);
  await ctx.trx.deleteFrom('voucherAttachment').where('id', '=', found!.id).execute();
  await ctx.trx
    .deleteFrom('storedFile')
    .where('creditorId', '=', ctx.target!.creditorId)
    .where('path', '=', found!.path)
    .execute();
  return {
    history: { text: found!.fileName },
    actionLog: { payload: { attachmentId, fileName: found!.fileName } },
  };
};
