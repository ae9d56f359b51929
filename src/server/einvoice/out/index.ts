export { buildCii } from './build-cii';
export { buildEInvoice } from './build-einvoice';
export { buildXRechnungUbl } from './build-ubl';
export { buildZugferdPdf } from './build-zugferd-pdf';
export { computeTotals } from './invoice-totals';
export type * from './outgoing-invoice.types';
