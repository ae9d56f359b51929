import type { Kysely, Selectable } from 'kysely';
import { INVOICE_TYPES } from '../../services/status-groups';
import type { CreditorTable, Database, DebtorTable, LocationTable, VoucherTable } from '../../db/schema';
import { buildEInvoice } from './build-einvoice';
import type { BuiltEInvoice, EInvoiceFormatOut, OutgoingInvoice, OutgoingLine, VatTreatment } from './outgoing-invoice.types';
import { type StoredVat, splitGross, vatTreatmentOf } from './voucher-vat';

/*
 * From Kontor's records to the e-invoice model: the creditor is the seller, the debtor at the
 * voucher's location the buyer. Decisions where the spec is silent:
 * - number BT-1: the creditor's own invoice number (customNumber), else the official voucher number;
 * - credit advices, annulations and abandonments are credit notes (381) of their parent invoice (BG-3);
 * - the VAT: an uploaded e-invoice's breakdown (BG-23) kept by processing (voucher.vat_breakdown),
 *   one line per rate with that rate's share of the gross; a credit note without its own takes its
 *   invoice's, split in proportion over the invoice's rates (splitGross). Without a breakdown the
 *   rate is the permanent debt's for its invoices, otherwise the standard 19 %. Per rate the net is
 *   the amount whose VAT makes the gross exactly, and where no such net exists (e.g. 0,01 € steps
 *   skipped by 19 %) the cent goes into BT-114 rounding, so the amount due is always the voucher's
 *   amount;
 * - BT-10 buyer reference: the location's Leitweg-ID, else its custom debtor number, else its
 *   identifier (XRechnung requires BT-10);
 * - the seller needs VAT id, address, e-mail, telephone, contact and the account debtors pay to;
 *   any missing one is refused before a file is written (SellerDataMissing, German field names).
 */

/** The seller data an e-invoice needs, by creditor column, with the German label the error names. */
const SELLER_FIELDS = {
  vatId: 'USt-IdNr.',
  street: 'Straße',
  zip: 'PLZ',
  city: 'Ort',
  email: 'E-Mail',
  phone: 'Telefon',
  contactName: 'Ansprechpartner',
  invoiceIban: 'IBAN für Zahlungen der Kunden',
} as const;

/** The creditor's master data lack fields an e-invoice needs; `fields` are German labels. */
export class SellerDataMissing extends Error {
  constructor(readonly fields: string[]) {
    super(`Für E-Rechnungen fehlen in den Stammdaten des Gläubigers: ${fields.join(', ')}`);
  }
}

/** The buyer lacks what an e-invoice needs (the invoice e-mail, BT-49); `fields` are German labels. */
export class BuyerDataMissing extends Error {
  constructor(readonly fields: string[]) {
    super(`Für E-Rechnungen fehlen beim Standort des Kunden: ${fields.join(', ')}`);
  }
}

const CREDIT_NOTE_TYPES = ['credit_advice', 'annulation', 'abandonment'];
const STANDARD_VAT: VatTreatment = { category: 'S', rate: 19 };

/** The missing seller fields of a creditor (German labels), empty when it can issue e-invoices. */
export function missingSellerFields(c: Pick<Selectable<CreditorTable>, keyof typeof SELLER_FIELDS>): string[] {
  return (Object.keys(SELLER_FIELDS) as (keyof typeof SELLER_FIELDS)[]).filter((key) => !c[key]?.trim()).map((key) => SELLER_FIELDS[key]);
}

/**
 * The net amount and BT-114 rounding for a gross amount at a VAT rate: net + VAT(net) + rounding = gross.
 *
 * @example netOfGross(119_000, 19) // { net: 100_000, rounding: 0 }
 */
export function netOfGross(gross: number, rate: number): { net: number; rounding: number } {
  const estimate = Math.round(gross / (1 + rate / 100));
  let best = { net: estimate, rounding: gross - estimate - Math.round((estimate * rate) / 100) };
  for (const net of [estimate - 1, estimate + 1, estimate - 2, estimate + 2]) {
    const rounding = gross - net - Math.round((net * rate) / 100);
    if (Math.abs(rounding) < Math.abs(best.rounding)) best = { net, rounding };
  }
  return best;
}

const germanDate = (iso: string) => iso.split('-').reverse().join('.');

export interface VoucherRecords {
  voucher: Selectable<VoucherTable>;
  parent: Pick<Selectable<VoucherTable>, 'customNumber' | 'officialVoucherNumber' | 'voucherDate' | 'vatBreakdown'> | null;
  creditor: Selectable<CreditorTable>;
  debtor: Selectable<DebtorTable>;
  location: Selectable<LocationTable>;
  /** the permanent debt's subject and VAT rate, for its invoices */
  permanentDebt: { subject: string; vat: number; netAmount: number; grossAmount: number } | null;
}

/**
 * The e-invoice model of a voucher; throws SellerDataMissing / BuyerDataMissing.
 *
 * @example outgoingInvoiceOf(records).buyerReference // '04011000-1234512345-06'
 */
export function outgoingInvoiceOf(r: VoucherRecords): OutgoingInvoice {
  const { voucher: v, creditor: c, debtor: d, location: l } = r;
  const missing = missingSellerFields(c);
  if (missing.length) throw new SellerDataMissing(missing);
  const buyerEmail = l.email ?? v.email;
  if (!buyerEmail) throw new BuyerDataMissing(['E-Mail-Adresse für Rechnungen']);
  const credit = CREDIT_NOTE_TYPES.includes(v.type);
  const number = v.customNumber ?? v.officialVoucherNumber ?? String(v.id);
  const issueDate = v.voucherDate ?? new Date(v.uploadedAt).toISOString().slice(0, 10);
  const gross = Math.abs(Number(v.amount));
  const parentNumber = r.parent ? (r.parent.customNumber ?? r.parent.officialVoucherNumber) : null;
  const lineName = r.permanentDebt?.subject ?? (credit ? `Gutschrift zu Rechnung ${parentNumber ?? ''}`.trim() : `Leistung laut Rechnung ${number}`);
  const { lines, rounding } = linesOf(r, gross, lineName);
  const street = (a: string | null, b: string | null) => [a, b].filter(Boolean).join(' ');
  return {
    kind: credit ? 'creditNote' : 'invoice',
    number,
    issueDate,
    dueDate: credit ? null : v.paymentDeadline,
    deliveryDate: v.performanceDate,
    currency: 'EUR',
    buyerReference: l.leitwegId ?? l.customDebtorNumber ?? l.identifier,
    paymentTerms: credit
      ? 'Der Betrag wird mit Ihren offenen Rechnungen verrechnet oder erstattet.'
      : `Zahlbar ohne Abzug${v.paymentDeadline ? ` bis ${germanDate(v.paymentDeadline)}` : ''}.`,
    precedingInvoice: credit && parentNumber ? { number: parentNumber, issueDate: r.parent?.voucherDate ?? null } : null,
    seller: {
      name: c.name,
      vatId: c.vatId!,
      street: street(c.street, c.house),
      zip: c.zip!,
      city: c.city!,
      country: c.country,
      email: c.email!,
      contactName: c.contactName!,
      contactPhone: c.phone!,
      contactEmail: c.email!,
    },
    buyer: {
      name: l.addressName || d.name,
      vatId: d.debtorType === 'business' ? d.vatId : null,
      street: street(l.street, l.house),
      zip: l.zip,
      city: l.city,
      country: l.country,
      email: buyerEmail,
    },
    payment: { iban: c.invoiceIban!, bic: c.invoiceBic, accountName: c.name },
    lines,
    rounding,
  };
}

/** The lines of a voucher's e-invoice (one per VAT rate) and the BT-114 rounding that makes BT-115 its gross. */
function linesOf(r: VoucherRecords, gross: number, name: string): { lines: OutgoingLine[]; rounding: number } {
  const line = (vat: VatTreatment, unitPrice: number, rateName: boolean): OutgoingLine => ({
    name: rateName ? `${name} (${vat.rate} %)` : name,
    quantity: 1,
    unitCode: 'C62',
    unitPrice,
    vat,
  });
  const stored = (r.voucher.vatBreakdown ?? (CREDIT_NOTE_TYPES.includes(r.voucher.type) ? r.parent?.vatBreakdown : null)) as StoredVat[] | null;
  const shares = splitGross(gross, stored);
  if (shares) {
    let rounding = 0;
    const lines = shares.map((share) => {
      const part = netOfGross(share.gross, share.vat.rate);
      rounding += part.rounding;
      return line(vatTreatmentOf(share.vat), part.net, shares.length > 1);
    });
    return { lines, rounding };
  }
  const pd = r.permanentDebt;
  const vat: VatTreatment = pd ? { category: 'S', rate: Number(pd.vat) } : STANDARD_VAT;
  // a permanent debt's invoice: its own net amount (the form checked gross = net × (1 + rate))
  const { net, rounding } =
    pd && Number(pd.grossAmount) === gross
      ? { net: Number(pd.netAmount), rounding: gross - Number(pd.netAmount) - Math.round((Number(pd.netAmount) * vat.rate) / 100) }
      : netOfGross(gross, vat.rate);
  return { lines: [line(vat, net, false)], rounding };
}

/** Loads a voucher of the creditor with what its e-invoice needs; null when not the creditor's or without location. */
export async function loadVoucherRecords(db: Kysely<Database>, creditorId: number, voucherId: number): Promise<VoucherRecords | null> {
  const voucher = await db.selectFrom('voucher').selectAll().where('id', '=', voucherId).where('creditorId', '=', creditorId).executeTakeFirst();
  if (!voucher?.locationId || !voucher.debtorId) return null;
  const [creditor, debtor, location, parent, permanentDebt] = await Promise.all([
    db.selectFrom('creditor').selectAll().where('id', '=', creditorId).executeTakeFirstOrThrow(),
    db.selectFrom('debtor').selectAll().where('id', '=', voucher.debtorId).where('creditorId', '=', creditorId).executeTakeFirstOrThrow(),
    db.selectFrom('location').selectAll().where('id', '=', voucher.locationId).where('creditorId', '=', creditorId).executeTakeFirstOrThrow(),
    voucher.parentId
      ? db.selectFrom('voucher').select(['customNumber', 'officialVoucherNumber', 'voucherDate', 'vatBreakdown']).where('id', '=', voucher.parentId).where('creditorId', '=', creditorId).executeTakeFirst()
      : undefined,
    voucher.permanentDebtId
      ? db.selectFrom('permanentDebt').select(['subject', 'vat', 'netAmount', 'grossAmount']).where('id', '=', voucher.permanentDebtId).where('creditorId', '=', creditorId).executeTakeFirst()
      : undefined,
  ]);
  return { voucher, creditor, debtor, location, parent: parent ?? null, permanentDebt: permanentDebt ?? null };
}

/** Whether a voucher type is delivered as an e-invoice at all (invoices and their credit notes). */
export const hasEInvoice = (type: string) => INVOICE_TYPES.includes(type) || CREDIT_NOTE_TYPES.includes(type);

/**
 * The e-invoice of a voucher in `format` (default: its location's; a PDF location gets XRechnung UBL).
 * Throws SellerDataMissing / BuyerDataMissing.
 *
 * @example (await voucherEInvoice(records)).fileName // 'Rechnung_RE-1.xml'
 */
export async function voucherEInvoice(r: VoucherRecords, format?: Exclude<EInvoiceFormatOut, 'pdf'>): Promise<BuiltEInvoice> {
  const own = r.location.eInvoiceFormat as EInvoiceFormatOut;
  return buildEInvoice(format ?? (own === 'pdf' ? 'xrechnungUbl' : own), outgoingInvoiceOf(r));
}
