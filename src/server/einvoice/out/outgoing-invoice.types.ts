/**
 * The semantic model of an outgoing e-invoice (EN 16931 business terms, BT-/BG- numbers in the
 * comments). Every builder (UBL, CII, ZUGFeRD) writes this one model; amounts are integer cents,
 * dates `YYYY-MM-DD`. A credit note's amounts are positive like the invoice's (EN 16931: the type
 * code 381 says it is a credit).
 */

/** The delivery formats of a debtor location (schema/enums/eInvoiceFormat.yaml). */
export type EInvoiceFormatOut = 'pdf' | 'xrechnungUbl' | 'xrechnungCii' | 'zugferd';

/**
 * VAT category (BT-118/BT-151, UNTDID 5305): standard, zero rated, exempt, reverse charge; an
 * uploaded invoice's categories are restated as read (intra-community K, export G, not subject O,
 * Canary Islands L, Ceuta/Melilla M).
 */
export type VatCategory = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M';

export interface VatTreatment {
  category: VatCategory;
  /** percent, e.g. 19 or 7; 0 for Z, E, AE, K, G and O */
  rate: number;
  /** exemption reason (BT-120), required for E, AE, K, G and O */
  exemptionReason?: string | null;
}

export interface OutgoingAddress {
  street: string;
  zip: string;
  city: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
}

/** BG-4 seller: the creditor. */
export interface OutgoingSeller extends OutgoingAddress {
  /** BT-27 */
  name: string;
  /** BT-31, e.g. DE123456789 */
  vatId: string;
  /** BT-34 electronic address (scheme EM) */
  email: string;
  /** BG-6 contact (XRechnung BR-DE-2, -5, -6, -7) */
  contactName: string;
  contactPhone: string;
  contactEmail: string;
}

/** BG-7 buyer: the debtor at its location. */
export interface OutgoingBuyer extends OutgoingAddress {
  /** BT-44 */
  name: string;
  /** BT-48, only for a business buyer */
  vatId?: string | null;
  /** BT-49 electronic address (scheme EM) */
  email: string;
}

/** BG-20 / BG-21 (document) or BG-27 / BG-28 (line) allowance or charge. */
export interface OutgoingAllowanceCharge {
  charge: boolean;
  /** cents, positive */
  amount: number;
  /** BT-97 / BT-104 / BT-139 / BT-144 */
  reason: string;
  /** document level only: the VAT the allowance reduces (BT-95/BT-96) */
  vat?: VatTreatment;
}

/** BG-25 invoice line. */
export interface OutgoingLine {
  /** BT-153 */
  name: string;
  /** BT-129, at most 4 decimals */
  quantity: number;
  /** BT-130, UN/ECE Rec 20 (C62 one, HUR hour, MON month) */
  unitCode: string;
  /** BT-146 net price per unit in cents */
  unitPrice: number;
  vat: VatTreatment;
  allowancesCharges?: OutgoingAllowanceCharge[];
  /** BG-26 line period, e.g. the month of a recurring invoice */
  period?: { start: string; end: string } | null;
}

export interface OutgoingInvoice {
  /** 380 commercial invoice or 381 credit note (BT-3) */
  kind: 'invoice' | 'creditNote';
  /** BT-1 */
  number: string;
  /** BT-2 */
  issueDate: string;
  /** BT-9 (written for invoices; a credit note pays nothing due) */
  dueDate?: string | null;
  /** BT-72 */
  deliveryDate?: string | null;
  /** BT-5, ISO 4217 */
  currency: string;
  /** BT-10: the Leitweg-ID of a public buyer, else the customer number (XRechnung requires BT-10) */
  buyerReference: string;
  /** BT-20 */
  paymentTerms: string;
  /** BT-22 */
  note?: string | null;
  /** BG-3 the invoice a credit note corrects (BT-25, BT-26) */
  precedingInvoice?: { number: string; issueDate?: string | null } | null;
  seller: OutgoingSeller;
  buyer: OutgoingBuyer;
  /** BG-16 / BG-17: SEPA credit transfer (code 58) to this account */
  payment: { iban: string; bic?: string | null; accountName?: string | null };
  lines: OutgoingLine[];
  allowancesCharges?: OutgoingAllowanceCharge[];
  /** BT-113 paid in advance, cents */
  prepaid?: number;
  /** BT-114 rounding added to the amount due, cents (a gross amount no net at the rate reaches) */
  rounding?: number;
}

/** One VAT breakdown (BG-23). */
export interface VatBreakdown extends VatTreatment {
  /** BT-116 */
  base: number;
  /** BT-117 */
  tax: number;
}

/** The totals (BG-22), computed once by `computeTotals` and written by every builder. */
export interface InvoiceTotals {
  /** per line: BT-131 */
  lineNet: number[];
  /** BT-106 */
  lineTotal: number;
  /** BT-107 */
  allowanceTotal: number;
  /** BT-108 */
  chargeTotal: number;
  /** BT-109 */
  taxBasis: number;
  /** BT-110 */
  taxTotal: number;
  /** BT-112 */
  grandTotal: number;
  /** BT-113 */
  prepaid: number;
  /** BT-114 */
  rounding: number;
  /** BT-115 */
  duePayable: number;
  vat: VatBreakdown[];
}

/** A built document: bytes, file name and MIME type, ready for a mail attachment or a download. */
export interface BuiltEInvoice {
  format: Exclude<EInvoiceFormatOut, 'pdf'>;
  fileName: string;
  mimeType: 'application/xml' | 'application/pdf';
  bytes: Uint8Array;
}
