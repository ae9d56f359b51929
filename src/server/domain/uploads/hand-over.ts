import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { uploadPauseMinutes } from '../../processing/processing-config';
import { writeProcessingCode } from '../../processing/processing-log';
import { enqueueProcessing } from '../../processing/processing-queue';
import { storeFile, type UploadedFile } from './file-store';

/** Who hands a file over, and when (a command's creditor, caller and clock). */
export interface HandOverContext {
  trx: Kysely<Database>;
  creditor: { id: number; identifier: string };
  userEmail: string;
  now: Date;
}

/** The settings the new voucher starts with (the upload dialog's, a parent's, a replaced upload's). */
export interface HandOverSettings {
  voucherType: string;
  debtorId: number | null;
  locationId: number | null;
  /** the voucher this one follows (a subsequent invoice, a work-queue upload) */
  parentId?: number | null;
  deliveryType: string;
  email?: string | null;
  emailCopy?: string | null;
  emailBlindCopy?: string | null;
  customisedLabel?: string | null;
  /** the text of processing code 101 (default: "Datei … hochgeladen") */
  receivedText?: string;
}

/**
 * The one way a file becomes a voucher (document 1 §5, issue 8): the voucher in the unprocessed list
 * (requires processing, no official number) with the given settings and a fresh editing pause, its
 * document stored durably in the database, processing code 101 and its document-processing job —
 * all in the caller's transaction, so a refused command keeps none of it. Used by the upload, the
 * re-upload, the subsequent invoice and the work-queue's voucher-upload follow-up.
 *
 * @example await handOverFile(ctx, file, { voucherType: 'invoice', debtorId: null, locationId: null, deliveryType: 'post' })
 */
export async function handOverFile(
  ctx: HandOverContext,
  file: UploadedFile,
  s: HandOverSettings,
): Promise<number> {
  const { trx, creditor, now } = ctx;
  const endOfPauseAt = new Date(now.getTime() + uploadPauseMinutes() * 60_000);
  const byMail = s.deliveryType === 'email';
  const voucher = await trx
    .insertInto('voucher')
    .values({
      creditorId: creditor.id,
      debtorId: s.debtorId,
      locationId: s.locationId,
      parentId: s.parentId ?? null,
      type: s.voucherType,
      status: 'open',
      requiresProcessing: true,
      source: 'portal_upload',
      amount: 0,
      leftoverAmount: 0,
      documentId: randomUUID(),
      originalName: file.name,
      userEmail: ctx.userEmail,
      deliveryType: s.deliveryType,
      email: byMail ? (s.email ?? null) : null,
      emailCopy: byMail ? (s.emailCopy ?? null) : null,
      emailBlindCopy: byMail ? (s.emailBlindCopy ?? null) : null,
      customisedLabel: s.customisedLabel?.trim() || null,
      processingStatus: 'document_in_review',
      endOfPauseAt,
      uploadedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bnetId = `BN-${creditor.identifier}-${String(voucher.id).padStart(8, '0')}`;
  await trx.updateTable('voucher').set({ bnetId }).where('id', '=', voucher.id).execute();
  await attachFile(ctx, voucher.id, file, 'uploads');
  const ids = { creditorId: creditor.id, voucherId: voucher.id };
  await writeProcessingCode(trx, ids, 101, now, s.receivedText ?? `Datei ${file.name} hochgeladen`);
  await enqueueProcessing(trx, ids, endOfPauseAt, now);
  return voucher.id;
}

/** Stores a file and lists it with the voucher (the first one listed is the voucher's document). */
export async function attachFile(
  ctx: HandOverContext,
  voucherId: number,
  file: UploadedFile,
  folder: 'uploads' | 'attachments',
): Promise<void> {
  const { trx, creditor, now } = ctx;
  const path = await storeFile(
    trx,
    { creditorId: creditor.id, creditorIdentifier: creditor.identifier },
    folder,
    file,
    now,
  );
  await trx
    .insertInto('voucherAttachment')
    .values({
      creditorId: creditor.id,
      voucherId,
      fileName: file.name,
      path,
      mimeType: file.mimeType,
      sizeBytes: file.bytes.length,
      createdAt: now,
    })
    .execute();
}
