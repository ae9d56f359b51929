import { readdirSync, readFileSync } from 'node:fs';
import { readEInvoice } from '../src/server/einvoice';
import { SAMPLES_DIR } from '../src/server/einvoice/testing/samples';
import { type BenchResult, measure } from './bench-kit';

const files = (dir: string, ext: string) =>
  readdirSync(`${SAMPLES_DIR}${dir}`)
    .filter((name) => name.endsWith(ext))
    .sort()
    .map((name) => ({ name, bytes: readFileSync(`${SAMPLES_DIR}${dir}/${name}`) }));

function mustRead(file: { name: string; bytes: Buffer }): void {
  const result = readEInvoice(file.bytes, file.name);
  // A refusal would make the benchmark measure the wrong path.
  if (!result.ok) throw new Error(`${file.name} refused: ${result.code} ${result.detail}`);
}

/** An XRechnung UBL grown to `lines` invoice lines, to show how reading scales with size. */
function bigUbl(lines: number): { name: string; bytes: Buffer } {
  const text = readFileSync(`${SAMPLES_DIR}xrechnung/01.01a-INVOICE_ubl.xml`, 'utf8');
  const line = /<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/.exec(text)![0];
  return {
    name: 'big.xml',
    bytes: Buffer.from(text.replace('</ubl:Invoice>', `${line.repeat(lines)}</ubl:Invoice>`)),
  };
}

/** E-invoice reading (`readEInvoice`): documents per second for XML and for PDF, one thread. */
export async function run(): Promise<BenchResult[]> {
  const xml = files('xrechnung', '.xml');
  const pdf = files('zugferd', '.pdf');
  const big = bigUbl(1000);
  for (const file of [...xml, ...pdf, big]) mustRead(file);
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  const avg = (list: { bytes: Buffer }[]) =>
    kb(list.reduce((sum, f) => sum + f.bytes.length, 0) / list.length);
  return [
    measure(
      'XML e-invoices (20 KoSIT samples, UBL + CII, in turn)',
      'docs',
      (i) => mustRead(xml[i % xml.length]),
      {
        note: `average ${avg(xml)}`,
      },
    ),
    measure(
      'PDF (6 ZUGFeRD/Factur-X samples incl. 2 without invoice, in turn)',
      'docs',
      (i) => mustRead(pdf[i % pdf.length]),
      {
        note: `average ${avg(pdf)}`,
      },
    ),
    measure('XML UBL with 1,000 invoice lines', 'docs', () => mustRead(big), {
      note: kb(big.bytes.length),
      warmup: 3,
    }),
  ];
}
