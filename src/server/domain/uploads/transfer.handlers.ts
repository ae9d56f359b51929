import type { Selectable } from 'kysely';
import type { CommandHandler } from '../../commands/command.types';
import type { VoucherTable } from '../../db/schema';
import { attachFile, handOverFile } from './hand-over';
import { deleteUpload, requireUnprocessed } from './unprocessed.handlers';

/**
 * POST /voucher/transfer-basic-process/{id} (document 1 §4: "Direct encashment not possible: can be
 * handed over again as a normal invoice"; "a transfer to basic processing yields a new voucher"):
 * a new voucher of type invoice with the old one's document, annexes and settings and a fresh
 * editing pause, handed over like every upload (hand-over.ts); the old upload is deleted in the same
 * transaction, as the re-upload does. Answers the new voucher's identifier.
 */
export const transferBasicProcess: CommandHandler = async (ctx) => {
  requireUnprocessed(ctx);
  const old = ctx.target!.row as Selectable<VoucherTable>;
  if (old.pendingStatus !== 'encashment_direct') ctx.refuse('uploads.transferNotPossible', 409);
  const files = await ctx.trx
    .selectFrom('voucherAttachment as a')
    .innerJoin('storedFile as f', 'f.path', 'a.path')
    .select(['f.content', 'f.fileName', 'f.mimeType'])
    .where('a.voucherId', '=', old.id)
    .where('f.creditorId', '=', old.creditorId)
    .orderBy('a.id')
    .execute();
  const [document, ...annexes] = files.map((f) => ({ name: f.fileName, mimeType: f.mimeType, bytes: Buffer.from(f.content) }));
  if (!document) ctx.refuse('uploads.transferNotPossible', 409);
  const handOver = { trx: ctx.trx, creditor: ctx.creditor!, userEmail: ctx.caller.email, now: ctx.now };
  const identifier = await handOverFile(handOver, document, {
    voucherType: 'invoice',
    debtorId: old.debtorId,
    locationId: old.locationId,
    parentId: old.parentId,
    deliveryType: old.deliveryType ?? 'post',
    email: old.email,
    emailCopy: old.emailCopy,
    emailBlindCopy: old.emailBlindCopy,
    customisedLabel: old.customisedLabel,
    receivedText: `Als normale Rechnung übergeben (ersetzt Beleg ${old.id}, Direktinkasso nicht möglich)`,
  });
  for (const annex of annexes) await attachFile(handOver, identifier, annex, 'attachments');
  await deleteUpload(ctx);
  return {
    response: { identifier },
    actionLog: {
      payload: { replacedVoucherId: old.id, voucherId: identifier, voucherType: 'invoice' },
      voucherIdentifier: String(identifier),
    },
  };
};
