import type { ProcessingCode } from './einvoice-error';

/** Syntax of the invoice read: UBL, UN/CEFACT CII (incl. ZUGFeRD 1.0), or none (a plain PDF). */
export type EInvoiceFormat = 'ubl' | 'cii' | 'none';
export type EInvoiceContainer = 'xml' | 'pdf';

/** The seller (BG-4): name BT-27, VAT id BT-31, postal address BG-5 (BT-35, BT-38, BT-37, BT-40). */
export interface EInvoiceSeller {
  name: string | null;
  vatId: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
}

/** The buyer (BG-7): name BT-44, VAT id BT-48, address BG-8, e-mail BT-58 (contact) or else BT-49 (scheme EM). */
export interface EInvoiceBuyer {
  name: string | null;
  /** as printed (`DE 123456789`); matching compares it compact (normalizeVatId) */
  vatId: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  email: string | null;
}

/**
 * One payment instruction (BG-16): means code BT-81; `iban` is the payee account BT-84, or for a
 * direct debit the debited account BT-91; mandate reference BT-89 and creditor id BT-90 belong to
 * direct debits only.
 */
export interface EInvoicePaymentMeans {
  code: string | null;
  iban: string | null;
  mandateReference: string | null;
  creditorId: string | null;
}

/**
 * One VAT breakdown (BG-23) as read: category BT-118 (UNTDID 5305, e.g. S, Z, E, AE), rate BT-119
 * in percent, taxable amount BT-116 and tax amount BT-117 in cents, exemption reason BT-120.
 */
export interface EInvoiceVat {
  category: string;
  rate: number;
  base: number;
  tax: number;
  exemptionReason: string | null;
}

/** A VAT breakdown as written, before checking. */
export interface RawVat {
  category: string | null;
  rate: string | null;
  base: RawAmount[];
  tax: RawAmount[];
  exemptionReason: string | null;
}

/** What the reader returns; the names are the API's (`POST /api/einvoice/read`). */
export interface EInvoiceData {
  format: EInvoiceFormat;
  container: EInvoiceContainer;
  /** specification identifier BT-24 (UBL CustomizationID, CII guideline id) */
  profile: string | null;
  /** invoice type code BT-3, e.g. 380 invoice, 381 credit note */
  typeCode: string | null;
  /** BT-1 */
  number: string | null;
  /** BT-2, `YYYY-MM-DD` */
  issueDate: string | null;
  /** BT-9 */
  dueDate: string | null;
  /** BT-20 */
  paymentTerms: string | null;
  /** BT-72 */
  deliveryDate: string | null;
  /** BT-5, ISO 4217 */
  currency: string | null;
  /** BT-115 in cents */
  amountDue: number | null;
  /** BT-112 in cents */
  grossAmount: number | null;
  seller: EInvoiceSeller | null;
  buyer: EInvoiceBuyer | null;
  paymentMeans: EInvoicePaymentMeans[];
  /** number of invoice lines (BG-25) */
  lineCount: number | null;
  /** the VAT breakdown BG-23 (empty for a plain PDF, or when an entry is not readable) */
  vatBreakdown: EInvoiceVat[];
}

export type EInvoiceResult =
  | { ok: true; invoice: EInvoiceData }
  | {
      ok: false;
      code: ProcessingCode;
      /** German text of the code */
      message: string;
      /** English, for the log only */
      detail: string;
    };

/** A date as written in the XML, before checking: xs:date (UBL) or a CII DateTimeString. */
export interface RawDate {
  value: string;
  /** CII `format` attribute (102 = CCYYMMDD); null for xs:date */
  format: string | null;
  syntax: 'xsd' | 'cii';
}

/** An amount as written, with its `currencyID` attribute if any. */
export interface RawAmount {
  value: string;
  currencyId: string | null;
}

/** The syntax mappers' output: texts as written, checked and converted by `finishInvoice`. */
export interface RawInvoice {
  format: 'ubl' | 'cii';
  profile: string | null;
  typeCode: string | null;
  number: string | null;
  issueDate: RawDate | null;
  dueDate: RawDate | null;
  deliveryDate: RawDate | null;
  paymentTerms: string | null;
  currency: string | null;
  amountDue: RawAmount[];
  grossAmount: RawAmount[];
  seller: EInvoiceSeller;
  buyer: EInvoiceBuyer;
  paymentMeans: EInvoicePaymentMeans[];
  lineCount: number;
  vatBreakdown: RawVat[];
}
