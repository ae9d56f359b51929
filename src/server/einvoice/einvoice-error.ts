/**
 * The processing codes (document 2, section 8) the e-invoice reader answers with. Their texts live
 * in `schema/enums/processingCode.yaml`; `einvoice-error.spec.ts` checks every code here exists there.
 */
export const ProcessingCode = {
  voucherDateFaulty: 922,
  voucherNumberMissing: 923,
  fileOrFormatFaulty: 925,
  notAnInvoice: 926,
  deliveryDateMissing: 928,
  paymentTermsMissing: 930,
  amountFaulty: 931,
  currencyInvalid: 932,
  recipientCountryInvalid: 933,
  passwordProtected: 934,
  moreThanOneInvoice: 936,
  amountZero: 939,
} as const;

export type ProcessingCode = (typeof ProcessingCode)[keyof typeof ProcessingCode];

/**
 * A file the reader refuses, with the processing code to show and an English detail for the log.
 *
 * @example
 * throw new EInvoiceError(ProcessingCode.amountFaulty, 'BT-115 "12,50" is not a decimal');
 */
export class EInvoiceError extends Error {
  constructor(
    readonly code: ProcessingCode,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'EInvoiceError';
  }
}

/** Shorthand for the most common refusal: the file is damaged or not in a format we read. */
export function formatError(detail: string): EInvoiceError {
  return new EInvoiceError(ProcessingCode.fileOrFormatFaulty, detail);
}
