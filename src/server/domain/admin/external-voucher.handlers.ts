import { randomUUID } from 'node:crypto';
import type { ExternalVoucherForm } from '../../../../generated/types';
import type { CommandHandler } from '../../commands/command.types';
import { enqueueProcessing } from '../../processing/processing-queue';
import { uploadPauseMinutes } from '../../processing/processing-config';
import { writeProcessingCode } from '../../processing/processing-log';
import { decodeDataUrl, storeFile } from '../uploads/file-store';

const PRODUCT_ADMIN = 'ROLE_PRODUCT_ADMIN';
const SUPER_ADMIN = 'ROLE_SUPER_ADMIN';

/**
 * POST /research/external-voucher/create (multipart): the admin hands a voucher file to document
 * processing (bnet) on a creditor's behalf. The creditor is named by SAP number, so this handler
 * does what the pipeline does for a path id: another product's creditor is 404 for a product admin,
 * and only an active creditor hands over vouchers (document 1 §4). bnet (the booking-system adapter)
 * checks the creditor's interface key and the file; on acceptance the voucher waits in the
 * creditor's unprocessed list like an upload and its processing job is queued — one transaction.
 */
export const createExternalVoucher: CommandHandler<ExternalVoucherForm> = async (ctx) => {
  const { trx, input, caller, now } = ctx;
  const creditor = await trx
    .selectFrom('creditor')
    .select(['id', 'identifier', 'status', 'product', 'sapNumber', 'webAppKey'])
    .where('sapNumber', '=', input.creditorSapNumber)
    .forUpdate()
    .executeTakeFirst();
  const productAdmin = caller.roles.includes(PRODUCT_ADMIN) && !caller.roles.includes(SUPER_ADMIN);
  if (!creditor || (productAdmin && creditor.product !== caller.product)) ctx.refuse('notFound', 404);
  if (!ctx.command.creditorStatus.includes(creditor!.status))
    ctx.refuse('creditorStatus.actionNotAllowed', 403);
  const [value] = input.files ?? [];
  if (!value) ctx.refuse('externalVoucher.fileMissingOrFaulty', 400);
  const file = decodeDataUrl(value!);
  const customNumber = input.customNumber?.trim() || null;

  const answer = await ctx.adapters.bookingSystem.transferExternalVoucher(trx, {
    creditorId: creditor!.id,
    interfaceKey: creditor!.webAppKey,
    voucherType: input.voucherType,
    customNumber,
    file,
    userId: caller.userId,
    now,
  });
  if (!answer.accepted)
    ctx.refuse(`externalVoucher.${answer.reason}`, answer.reason === 'fileMissingOrFaulty' ? 422 : 409);
  const { bnetId } = answer as Extract<typeof answer, { accepted: true }>;

  const endOfPauseAt = new Date(now.getTime() + uploadPauseMinutes() * 60_000);
  const voucher = await trx
    .insertInto('voucher')
    .values({
      creditorId: creditor!.id,
      type: input.voucherType,
      status: 'open',
      requiresProcessing: true,
      amount: 0,
      leftoverAmount: 0,
      documentId: randomUUID(),
      originalName: file.name,
      customNumber,
      bnetId,
      userEmail: caller.email,
      deliveryType: 'post',
      processingStatus: 'document_in_review',
      endOfPauseAt,
      uploadedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const owner = { creditorId: creditor!.id, creditorIdentifier: creditor!.identifier };
  const path = await storeFile(trx, owner, 'uploads', file, now);
  await trx
    .insertInto('voucherAttachment')
    .values({
      creditorId: creditor!.id,
      voucherId: voucher.id,
      fileName: file.name,
      path,
      mimeType: file.mimeType,
      sizeBytes: file.bytes.length,
      createdAt: now,
    })
    .execute();
  await writeProcessingCode(
    trx,
    { creditorId: creditor!.id, voucherId: voucher.id },
    101,
    now,
    `Externer Beleg ${file.name} übergeben`,
  );
  await enqueueProcessing(trx, { creditorId: creditor!.id, voucherId: voucher.id }, endOfPauseAt, now);
  return {
    response: { voucherId: voucher.id, bnetId },
    creditor: {
      id: creditor!.id,
      identifier: creditor!.identifier,
      status: creditor!.status,
      product: creditor!.product,
      sapNumber: creditor!.sapNumber,
    },
    actionLog: {
      payload: {
        creditorSapNumber: input.creditorSapNumber,
        voucherType: input.voucherType,
        customNumber,
        file: file.name,
        bnetId,
      },
      voucherIdentifier: String(voucher.id),
      voucherSapNumber: bnetId,
    },
  };
};
