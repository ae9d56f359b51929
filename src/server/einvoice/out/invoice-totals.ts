import type { InvoiceTotals, OutgoingInvoice, VatBreakdown, VatTreatment } from './outgoing-invoice.types';

/*
 * The EN 16931 calculation (BR-CO-10 … BR-CO-17, BR-S-08, BR-Z-08, BR-E-08, BR-AE-08), in integer
 * cents so every builder writes the same, exactly summing amounts:
 *   line net (BT-131) = round(quantity × net price) − line allowances + line charges
 *   VAT base per category and rate (BT-116) = Σ line nets − document allowances + charges of it
 *   VAT (BT-117) = round(base × rate / 100), half away from zero
 *   amount due (BT-115) = total with VAT (BT-112) − prepaid (BT-113) + rounding (BT-114)
 */

const vatKey = (v: VatTreatment) => `${v.category}:${v.rate}`;

/** Rounds half away from zero (the schematron's `round()` of a positive amount). */
const roundCents = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/**
 * Computes the totals and the VAT breakdown of an invoice.
 *
 * @example computeTotals(invoice).grandTotal // 119000 for one line of 1.000,00 € at 19 %
 */
export function computeTotals(invoice: OutgoingInvoice): InvoiceTotals {
  const groups = new Map<string, VatBreakdown>();
  const group = (vat: VatTreatment) => {
    const key = vatKey(vat);
    let entry = groups.get(key);
    if (!entry) {
      entry = { ...vat, base: 0, tax: 0 };
      groups.set(key, entry);
    }
    return entry;
  };
  const lineNet = invoice.lines.map((line) => {
    const adjustments = (line.allowancesCharges ?? []).reduce((sum, ac) => sum + (ac.charge ? ac.amount : -ac.amount), 0);
    const net = roundCents(line.quantity * line.unitPrice) + adjustments;
    group(line.vat).base += net;
    return net;
  });
  let allowanceTotal = 0;
  let chargeTotal = 0;
  for (const ac of invoice.allowancesCharges ?? []) {
    if (!ac.vat) throw new Error('a document-level allowance or charge needs its VAT (BT-95/BT-102)');
    if (ac.charge) chargeTotal += ac.amount;
    else allowanceTotal += ac.amount;
    group(ac.vat).base += ac.charge ? ac.amount : -ac.amount;
  }
  const vat = [...groups.values()].sort((a, b) => b.rate - a.rate || a.category.localeCompare(b.category));
  for (const entry of vat) entry.tax = roundCents((entry.base * entry.rate) / 100);
  const lineTotal = lineNet.reduce((a, b) => a + b, 0);
  const taxBasis = lineTotal - allowanceTotal + chargeTotal;
  const taxTotal = vat.reduce((a, b) => a + b.tax, 0);
  const grandTotal = taxBasis + taxTotal;
  const prepaid = invoice.prepaid ?? 0;
  const rounding = invoice.rounding ?? 0;
  return { lineNet, lineTotal, allowanceTotal, chargeTotal, taxBasis, taxTotal, grandTotal, prepaid, rounding, duePayable: grandTotal - prepaid + rounding, vat };
}

/** Cents as an XML decimal with two places: 119000 → "1190.00", -5 → "-0.05". */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A quantity or percent without float noise: 1 → "1", 2.5 → "2.5", 19 → "19". */
export function decimal(value: number): string {
  return String(Number(value.toFixed(4)));
}

/** Escapes text for XML element content and attribute values. */
export function xmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `YYYY-MM-DD` → CII format 102 `YYYYMMDD`. */
export function date102(isoDate: string): string {
  return isoDate.replace(/-/g, '');
}

/** The XRechnung 3.0 specification identifier (BT-24), required by BR-DE-21. */
export const XRECHNUNG_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
/** The EN 16931 identifier of ZUGFeRD 2.3 / Factur-X 1.07 profile EN 16931 (COMFORT). */
export const EN16931_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017';
/** BT-23, the Peppol billing process XRechnung documents name. */
export const BILLING_PROCESS_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** BT-3 per kind. */
export const TYPE_CODE = { invoice: '380', creditNote: '381' } as const;
/** BT-81: SEPA credit transfer. */
export const SEPA_CREDIT_TRANSFER = '58';
