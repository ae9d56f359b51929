import type { UploadVoucherForm } from '../../../../generated/types';
import type { CommandContext, CommandHandler } from '../../commands/command.types';
import { ACTIVE_DEBTOR_STATUSES } from '../../services/status-groups';
import { INVOICE_TYPES } from '../../services/status-groups';
import { decodeDataUrl } from './file-store';
import { handOverFile } from './hand-over';

/** The debtor and location the dialog named, checked inside the tenant: both active, the location the debtor's. */
async function chosenDebtor(
  ctx: CommandContext<UploadVoucherForm>,
): Promise<{ debtorId: number | null; locationId: number | null }> {
  const { debtor, location } = ctx.input;
  if (debtor === undefined) {
    if (location !== undefined) ctx.refuse('uploads.locationWithoutDebtor', 400);
    return { debtorId: null, locationId: null };
  }
  const creditorId = ctx.creditor!.id;
  const found = await ctx.trx
    .selectFrom('debtor')
    .select(['id', 'status'])
    .where('creditorId', '=', creditorId)
    .where('id', '=', debtor)
    .executeTakeFirst();
  // another creditor's debtor is "not found", like every target
  if (!found) ctx.refuse('notFound', 404);
  if (!ACTIVE_DEBTOR_STATUSES.includes(found!.status)) ctx.refuse('uploads.debtorInactive', 409);
  let query = ctx.trx
    .selectFrom('location')
    .select(['id'])
    .where('creditorId', '=', creditorId)
    .where('debtorId', '=', debtor)
    .where('status', 'in', [...ACTIVE_DEBTOR_STATUSES]);
  query = location !== undefined ? query.where('id', '=', location) : query.orderBy('id').limit(1);
  const loc = await query.executeTakeFirst();
  if (!loc)
    ctx.refuse(
      location !== undefined ? 'notFound' : 'uploads.debtorInactive',
      location !== undefined ? 404 : 409,
    );
  return { debtorId: debtor, locationId: loc!.id };
}

/**
 * POST /voucher/upload (multipart): every file becomes one voucher in the unprocessed list, with the
 * dialog's settings, its document stored in the database and its processing job queued — all in the
 * command's transaction. The form schema has already refused empty, too large, wrongly typed
 * (by name/MIME and by content) files and more than 10; XML only for invoice-like types.
 */
export const uploadVoucher: CommandHandler<UploadVoucherForm> = async (ctx) => {
  const { input, now, caller } = ctx;
  const creditor = ctx.creditor!;
  const invoiceLike = INVOICE_TYPES.includes(input.voucherType);
  const files = (invoiceLike ? input.invoiceFiles : input.files) ?? [];
  if (files.length === 0) ctx.refuse('uploads.noFile', 400);
  const { debtorId, locationId } = await chosenDebtor(ctx);
  const email = input.deliveryType === 'email' ? input.email : undefined;
  if (input.deliveryType === 'email' && !email) ctx.refuse('uploads.emailRequired', 400);
  const handOver = { trx: ctx.trx, creditor, userEmail: caller.email, now };
  const ids: number[] = [];
  const names: string[] = [];
  for (const value of files) {
    const file = decodeDataUrl(value);
    const id = await handOverFile(handOver, file, {
      voucherType: input.voucherType,
      debtorId,
      locationId,
      deliveryType: input.deliveryType,
      email,
      emailCopy: input.emailCopy,
      emailBlindCopy: input.emailBlindCopy,
      customisedLabel: input.customisedLabel,
    });
    ids.push(id);
    names.push(file.name);
  }
  return {
    response: { voucherIds: ids, voucherId: ids[0], count: ids.length },
    // the log keeps what was handed over, not the files' contents
    actionLog: {
      payload: {
        voucherType: input.voucherType,
        files: names,
        voucherIds: ids,
        debtorId,
        locationId,
        deliveryType: input.deliveryType,
      },
      voucherIdentifier: ids.join(','),
    },
  };
};
