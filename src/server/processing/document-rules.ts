import type { EInvoiceData } from '../einvoice';
import { EInvoiceError } from '../einvoice';
import { PdfDocument } from '../einvoice/pdf/pdf-document';

/**
 * What the portal buys and collects, beyond what makes a file a readable e-invoice (the reader,
 * `src/server/einvoice`, reads any EN 16931 invoice or credit note in any currency and country —
 * its API `POST /api/einvoice/read` reports them as written). Decisions of the provider:
 *
 * - 926 "not an invoice": a credit note (UBL `CreditNote`, or a type code of the UNTDID 1001
 *   credit-note family: 81, 83, 261, 262, 296, 308, 381, 396, 420, 458, 532). Money owed BY the
 *   creditor is not a claim to collect or to buy; the creditor books a credit with the voucher
 *   action "credit advice" on the invoice it corrects.
 * - 932 "currency invalid": any currency but EUR. Limits, purchase prices, fees and dunning are in
 *   euro; the portal does not convert.
 * - 933 "recipient country invalid": a buyer country (BT-55) other than DE. Debtors are checked by
 *   a German credit agency at a German address (five-digit postcode) and dunned under German law;
 *   a document without a buyer country (a plain PDF) is taken as German and identified by address.
 */
const CREDIT_NOTE_TYPE_CODES = new Set(['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '532']);

export interface DocumentRefusal {
  code: number;
  detail: string;
}

/**
 * The first of the provider's rules a read e-invoice breaks, or null.
 *
 * @example documentRefusal({ ...invoice, currency: 'USD' }) // { code: 932, detail: 'Währung USD statt EUR' }
 */
export function documentRefusal(invoice: EInvoiceData): DocumentRefusal | null {
  if (invoice.typeCode !== null && CREDIT_NOTE_TYPE_CODES.has(invoice.typeCode))
    return { code: 926, detail: `Gutschrift (Rechnungsart ${invoice.typeCode}) statt Rechnung` };
  if (invoice.currency !== 'EUR') return { code: 932, detail: `Währung ${invoice.currency ?? '–'} statt EUR` };
  const country = invoice.buyer?.country?.toUpperCase() ?? null;
  if (country !== null && country !== 'DE')
    return { code: 933, detail: `Rechnungsempfänger in ${country}, nicht in Deutschland` };
  return null;
}

/**
 * Whether an annex of an upload (every file after its document; PDF only, the form allows nothing
 * else) can go to the debtor: 937 when it is password-protected (any /Encrypt), 938 when it cannot
 * be opened or only by rebuilding its damaged cross-reference table (a file the provider sends on
 * must be intact). Null when it is fine.
 */
export function annexRefusal(bytes: Buffer, fileName: string): DocumentRefusal | null {
  try {
    const doc = PdfDocument.open(bytes);
    // reading the catalogue rebuilds a table whose entries do not lead to it
    void doc.catalog;
    if (doc.wasRepaired) return { code: 938, detail: `Anhang ${fileName} ist beschädigt` };
    return null;
  } catch (error) {
    if (error instanceof EInvoiceError && error.code === 934)
      return { code: 937, detail: `Anhang ${fileName} ist passwortgeschützt` };
    return { code: 938, detail: `Anhang ${fileName} ist nicht lesbar` };
  }
}
