import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { storeFile } from '../../domain/uploads/file-store';
import type { BuiltEInvoice } from './outgoing-invoice.types';
import { hasEInvoice, loadVoucherRecords, voucherEInvoice } from './voucher-einvoice';

/**
 * Builds the e-invoice of a voucher in its location's format and keeps it as a file of the voucher
 * (stored_file + voucher_attachment, so the delivery mail and the voucher's attachments carry it).
 * The one call of the delivery stage and the permanent-debt sweep. Returns null when the voucher
 * has no e-invoice (its location delivers PDF, or it is no invoice or credit note); throws
 * SellerDataMissing / BuyerDataMissing before anything is written.
 *
 * @example await keepVoucherEInvoice(trx, { id: 1, identifier: 'K-1' }, 42, now) // { fileName: 'Rechnung_RE-1.xml', … }
 */
export async function keepVoucherEInvoice(
  trx: Kysely<Database>,
  creditor: { id: number; identifier: string },
  voucherId: number,
  now: Date,
): Promise<BuiltEInvoice | null> {
  const records = await loadVoucherRecords(trx, creditor.id, voucherId);
  if (!records || !hasEInvoice(records.voucher.type) || records.location.eInvoiceFormat === 'pdf') return null;
  const built = await voucherEInvoice(records);
  const bytes = Buffer.from(built.bytes);
  const path = await storeFile(
    trx,
    { creditorId: creditor.id, creditorIdentifier: creditor.identifier },
    'attachments',
    { name: built.fileName, mimeType: built.mimeType, bytes },
    now,
  );
  await trx
    .insertInto('voucherAttachment')
    .values({ creditorId: creditor.id, voucherId, fileName: built.fileName, path, mimeType: built.mimeType, sizeBytes: bytes.length, createdAt: now })
    .execute();
  return built;
}
