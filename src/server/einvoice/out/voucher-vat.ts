import type { VatCategory, VatTreatment } from './outgoing-invoice.types';

/**
 * A voucher's VAT breakdown as document processing stores it (voucher.vat_breakdown, migration
 * 0200): the uploaded e-invoice's BG-23 — category BT-118, rate BT-119 in percent, taxable amount
 * BT-116 and tax BT-117 in integer cents, exemption reason BT-120/BT-121. Null for a plain PDF.
 */
export interface StoredVat {
  category: string;
  rate: number;
  base: number;
  tax: number;
  exemptionReason?: string | null;
}

/** BT-120 when the uploaded invoice gave none, for the categories EN 16931 requires one of (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). */
const EXEMPTION_REASONS: Record<string, string> = {
  E: 'Steuerbefreite Leistung',
  AE: 'Steuerschuldnerschaft des Leistungsempfängers',
  K: 'Steuerfreie innergemeinschaftliche Lieferung',
  G: 'Steuerfreie Ausfuhrlieferung',
  O: 'Nicht steuerbarer Umsatz',
};

/** The e-invoice VAT treatment of a stored entry (the exemption reason as read, else the category's). */
export function vatTreatmentOf(entry: StoredVat): VatTreatment {
  const reason = EXEMPTION_REASONS[entry.category] ? (entry.exemptionReason ?? EXEMPTION_REASONS[entry.category]) : null;
  return { category: entry.category as VatCategory, rate: entry.rate, ...(reason ? { exemptionReason: reason } : {}) };
}

/**
 * Splits a gross amount over the rates of a VAT breakdown in proportion to each entry's gross
 * (base + tax), in cents that sum exactly to `gross` (cumulative rounding); entries whose share is
 * zero are left out. For the invoice's own amount the shares are its entries' gross amounts; a
 * credit note or a payment on account of it gets the same proportions. Null without a breakdown.
 *
 * @example splitGross(10_700, [{ category: 'S', rate: 7, base: 10_000, tax: 700 }]) // [{ vat: …7 %, gross: 10_700 }]
 * @example splitGross(5_950 + 1_070, [s19(5_000, 950), s7(1_000, 70)]).map((s) => s.gross) // [5_950, 1_070]
 */
export function splitGross(gross: number, breakdown: StoredVat[] | null | undefined): { vat: StoredVat; gross: number }[] | null {
  if (!breakdown?.length) return null;
  const weights = breakdown.map((v) => v.base + v.tax);
  const total = weights.reduce((a, b) => a + b, 0);
  // nothing to weigh by (e.g. a zero-rated 0,00 € entry only): all on the first entry
  if (total === 0) return [{ vat: breakdown[0], gross }];
  let cumulative = 0;
  let given = 0;
  const shares = breakdown.map((vat, i) => {
    cumulative += weights[i];
    const upTo = Math.round((gross * cumulative) / total);
    const share = upTo - given;
    given = upTo;
    return { vat, gross: share };
  });
  const nonZero = shares.filter((s) => s.gross !== 0);
  return nonZero.length ? nonZero : [shares[0]];
}
