import { buildCii } from './build-cii';
import { buildXRechnungUbl } from './build-ubl';
import { buildZugferdPdf } from './build-zugferd-pdf';
import { computeTotals } from './invoice-totals';
import type { BuiltEInvoice, EInvoiceFormatOut, OutgoingInvoice } from './outgoing-invoice.types';

/*
 * The one entry of the writing side: the delivery stage, the permanent-debt sweep and the download
 * route call `buildEInvoice` with the location's delivery format and the invoice model.
 */

/** A file name from the invoice number: letters, digits, `.-_` kept, the rest `_`. */
const fileStem = (inv: OutgoingInvoice) =>
  `${inv.kind === 'creditNote' ? 'Gutschrift' : 'Rechnung'}_${inv.number.replace(/[^A-Za-z0-9._-]/g, '_')}`;

/**
 * Builds the e-invoice of `format` (not `pdf`: a plain PDF is the uploaded document itself).
 *
 * @example (await buildEInvoice('xrechnungUbl', invoice)).fileName // 'Rechnung_RE-2026-0001.xml'
 */
export async function buildEInvoice(format: Exclude<EInvoiceFormatOut, 'pdf'>, inv: OutgoingInvoice): Promise<BuiltEInvoice> {
  const totals = computeTotals(inv);
  if (format === 'zugferd') {
    return { format, fileName: `${fileStem(inv)}.pdf`, mimeType: 'application/pdf', bytes: await buildZugferdPdf(inv, totals) };
  }
  const xml = format === 'xrechnungUbl' ? buildXRechnungUbl(inv, totals) : buildCii(inv, 'xrechnung', totals);
  return { format, fileName: `${fileStem(inv)}.xml`, mimeType: 'application/xml', bytes: new TextEncoder().encode(xml) };
}
