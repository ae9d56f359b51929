import type { UploadSubsequentInvoiceForm } from '../../../../generated/types';
import type { CommandHandler } from '../../commands/command.types';
import { enumValue } from '../../services/status-groups';
import { requireVoucherAction, voucherOf } from '../vouchers/voucher-data';
import { decodeDataUrl } from './file-store';
import { handOverFile } from './hand-over';

const INVOICE = enumValue('voucherType', 'invoice');

/**
 * POST /voucher/{id}/subsequent-invoice (multipart, one file; document 1 §4 "upload subsequent
 * invoice"): the file is handed over like an upload (src/server/domain/uploads/hand-over.ts) as an
 * invoice whose parent is this voucher, for the parent's debtor and location (document processing
 * skips the identification), with the dialog's delivery type and label. It appears at once among
 * the parent's children and in the unprocessed list; after the editing pause it is processed like
 * any upload. The parent's history and the action log name the new voucher.
 */
export const uploadSubsequentInvoice: CommandHandler<UploadSubsequentInvoiceForm> = async (ctx) => {
  // an upload: the product and the user must be allowed to hand over vouchers at all (TPF: no uploads)
  if (!(await ctx.allowed('vouchers.upload'))) ctx.refuse('forbidden', 403);
  requireVoucherAction(ctx, 'uploadSubsequentInvoice');
  const parent = voucherOf(ctx);
  const { deliveryType, email, customisedLabel } = ctx.input;
  if (deliveryType === 'email' && !email) ctx.refuse('uploads.emailRequired', 400);
  const file = decodeDataUrl(ctx.input.files[0]);
  const parentNumber = parent.officialVoucherNumber ?? parent.customNumber ?? String(parent.id);
  const voucherId = await handOverFile(
    { trx: ctx.trx, creditor: ctx.creditor!, userEmail: ctx.caller.email, now: ctx.now },
    file,
    {
      voucherType: INVOICE,
      debtorId: parent.debtorId,
      locationId: parent.locationId,
      parentId: parent.id,
      deliveryType,
      email,
      customisedLabel,
      receivedText: `Folgerechnung zu Beleg ${parentNumber}: Datei ${file.name} hochgeladen`,
    },
  );
  return {
    response: { voucherId },
    history: {
      value: file.name,
      text: `Folgerechnung ${file.name} übergeben (Beleg ${voucherId}); sie wird nach der Bearbeitungspause verarbeitet.`,
    },
    actionLog: {
      payload: {
        parentVoucherId: parent.id,
        voucherId,
        file: file.name,
        deliveryType,
        customisedLabel: customisedLabel ?? null,
      },
    },
  };
};
