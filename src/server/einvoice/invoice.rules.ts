import { amountToCents } from './amount';
import { toIsoDate } from './date';
import { EInvoiceError, formatError, ProcessingCode } from './einvoice-error';
import type { EInvoiceContainer, EInvoiceData, EInvoiceVat, RawAmount, RawDate, RawInvoice, RawVat } from './einvoice.types';
import { isCountryCode, isCurrencyCode, isInvoiceTypeCode } from './einvoice-codes';

/**
 * Checks a mapped invoice against the EN 16931 rules the portal depends on and converts it
 * (dates to `YYYY-MM-DD`, amounts to cents). The first fault found decides the processing code:
 * 926 type code not an invoice type, 923 no number (BT-1), 922 issue date (BT-2) missing or not a
 * date, 928 delivery date (BT-72) written but not a date, 925 another date not a date, 932 currency (BT-5) missing or not ISO 4217 or an amount in
 * another currency, 931 amount (BT-112, BT-115) missing or not a decimal with at most two
 * decimals, 939 amount due zero, 933 buyer country (BT-55) not ISO 3166, 930 neither due date nor
 * payment terms although an amount is due (BR-CO-25; not in the MINIMUM profile, which has neither).
 *
 * @example
 * finishInvoice(mapUbl(root, 'Invoice'), 'xml').amountDue // 33690
 */
export function finishInvoice(raw: RawInvoice, container: EInvoiceContainer): EInvoiceData {
  if (raw.typeCode !== null && !isInvoiceTypeCode(raw.typeCode)) {
    throw new EInvoiceError(
      ProcessingCode.notAnInvoice,
      `type code ${raw.typeCode} is not an invoice type (BT-3)`,
    );
  }
  if (raw.number === null)
    throw new EInvoiceError(ProcessingCode.voucherNumberMissing, 'no invoice number (BT-1)');
  const issueDate = raw.issueDate && toIsoDate(raw.issueDate);
  if (!issueDate) {
    const written = raw.issueDate ? `"${raw.issueDate.value}" is not a date` : 'missing';
    throw new EInvoiceError(ProcessingCode.voucherDateFaulty, `issue date (BT-2) ${written}`);
  }
  const dueDate = optionalDate(raw.dueDate, 'due date (BT-9)');
  // Decision: a delivery date written but not a date is 928 (the purchase rules need the performance
  // date); none written is fine — EN 16931 makes BT-72 optional and processing takes the issue date.
  const deliveryDate = raw.deliveryDate && toIsoDate(raw.deliveryDate);
  if (raw.deliveryDate && !deliveryDate) {
    throw new EInvoiceError(
      ProcessingCode.deliveryDateMissing,
      `delivery date (BT-72) "${raw.deliveryDate.value}" is not a date`,
    );
  }
  const currency = raw.currency?.toUpperCase() ?? null;
  if (currency === null || !isCurrencyCode(currency) || currency !== raw.currency) {
    throw new EInvoiceError(
      ProcessingCode.currencyInvalid,
      `currency (BT-5) "${raw.currency ?? ''}" is not ISO 4217`,
    );
  }
  const amountDue = cents(raw.amountDue, currency, 'amount due (BT-115)');
  const grossAmount = cents(raw.grossAmount, currency, 'total with VAT (BT-112)');
  // Decision: nothing to collect means nothing the portal can process (code 939), e.g. a prepaid invoice.
  if (amountDue === 0) throw new EInvoiceError(ProcessingCode.amountZero, 'amount due (BT-115) is zero');
  const buyerCountry = raw.buyer.country;
  if (buyerCountry !== null && !isCountryCode(buyerCountry)) {
    throw new EInvoiceError(
      ProcessingCode.recipientCountryInvalid,
      `buyer country (BT-55) "${buyerCountry}" is not ISO 3166`,
    );
  }
  const minimumProfile = /:minimum$/i.test(raw.profile ?? '');
  if (amountDue > 0 && dueDate === null && raw.paymentTerms === null && !minimumProfile) {
    throw new EInvoiceError(
      ProcessingCode.paymentTermsMissing,
      'neither due date (BT-9) nor payment terms (BT-20) (BR-CO-25)',
    );
  }
  return {
    format: raw.format,
    container,
    profile: raw.profile,
    typeCode: raw.typeCode,
    number: raw.number,
    issueDate,
    dueDate,
    paymentTerms: raw.paymentTerms,
    deliveryDate: deliveryDate || null,
    currency,
    amountDue,
    grossAmount,
    seller: raw.seller,
    buyer: raw.buyer,
    paymentMeans: raw.paymentMeans,
    lineCount: raw.lineCount,
    vatBreakdown: vatBreakdown(raw.vatBreakdown, currency),
  };
}

/**
 * The VAT breakdown in cents. Decision: it is not a reason to refuse an invoice (the portal
 * collects the amount due); an entry without category, rate or readable amounts in the invoice
 * currency makes the whole breakdown unknown (empty), never a partial one.
 */
function vatBreakdown(raw: RawVat[], currency: string): EInvoiceVat[] {
  const amountOf = (candidates: RawAmount[]) => {
    const amount = candidates.find((a) => a.currencyId === null || a.currencyId === currency);
    return amount ? amountToCents(amount.value) : null;
  };
  const out: EInvoiceVat[] = [];
  for (const entry of raw) {
    // BR-O-*: "not subject to VAT" has no rate
    const rate = entry.rate === null ? (entry.category?.toUpperCase() === 'O' ? 0 : Number.NaN) : Number(entry.rate);
    // ZUGFeRD 1.0 BASIC writes no category: a positive rate is the standard category
    const category = entry.category?.toUpperCase() ?? (rate > 0 ? 'S' : null);
    const base = amountOf(entry.base);
    const tax = amountOf(entry.tax);
    if (!category || !Number.isFinite(rate) || rate < 0 || base === null || tax === null) return [];
    out.push({ category, rate, base, tax, exemptionReason: entry.exemptionReason });
  }
  return out;
}

function optionalDate(raw: RawDate | null, what: string): string | null {
  if (raw === null) return null;
  const date = toIsoDate(raw);
  if (date === null) throw formatError(`${what} "${raw.value}" is not a date`);
  return date;
}

/**
 * The amount in the invoice currency: of several (CII allows a repeat with another currencyID),
 * the one in the invoice currency or without currencyID counts.
 */
function cents(candidates: RawAmount[], currency: string, what: string): number {
  if (candidates.length === 0) throw new EInvoiceError(ProcessingCode.amountFaulty, `${what} missing`);
  const amount = candidates.find((a) => a.currencyId === null || a.currencyId === currency);
  if (!amount) {
    throw new EInvoiceError(
      ProcessingCode.currencyInvalid,
      `${what} is in ${candidates[0].currencyId}, not ${currency}`,
    );
  }
  const value = amountToCents(amount.value);
  if (value === null)
    throw new EInvoiceError(ProcessingCode.amountFaulty, `${what} "${amount.value}" is not a valid amount`);
  return value;
}
