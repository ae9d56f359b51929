import { buildEInvoice } from '../src/server/einvoice/out';
import type { EInvoiceFormatOut } from '../src/server/einvoice/out/outgoing-invoice.types';
import { SAMPLE_INVOICES } from '../src/server/einvoice/out/testing/sample-invoices';
import type { BenchResult } from './bench-kit';

const invoices = Object.values(SAMPLE_INVOICES);

/** Documents per second for one format over the sample invoices in turn (async: pdf-lib saves asynchronously). */
async function rate(name: string, format: Exclude<EInvoiceFormatOut, 'pdf'>, minMs = 3000): Promise<BenchResult> {
  for (let i = 0; i < 10; i++) await buildEInvoice(format, invoices[i % invoices.length]);
  let operations = 0;
  let bytes = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    bytes += (await buildEInvoice(format, invoices[operations++ % invoices.length])).bytes.length;
    elapsed = performance.now() - start;
  }
  return {
    name,
    unit: 'docs',
    perSecond: (operations / elapsed) * 1000,
    meanMs: elapsed / operations,
    operations,
    note: `average ${Math.round(bytes / operations / 1024)} KB; aim ${format === 'zugferd' ? '≥ 50' : '≥ 200'}/s (issue 29)`,
  };
}

/** Writing e-invoices (`buildEInvoice`, src/server/einvoice/out): six kinds of document in turn, one thread. */
export async function run(): Promise<BenchResult[]> {
  return [
    await rate('XRechnung UBL (6 kinds: invoices, credit notes, rates, allowances)', 'xrechnungUbl'),
    await rate('XRechnung CII (same 6)', 'xrechnungCii'),
    await rate('ZUGFeRD PDF/A-3 with factur-x.xml (same 6)', 'zugferd'),
  ];
}
