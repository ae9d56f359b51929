import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream, PDFStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorsOf, type ValidationReport, validateEInvoices } from '../../../../tests/helpers/einvoice-validation';
import { readEInvoice } from '../read-einvoice';
import { listAttachments } from '../pdf/pdf-attachments';
import { PdfDocument } from '../pdf/pdf-document';
import { buildEInvoice } from './build-einvoice';
import { computeTotals } from './invoice-totals';
import type { BuiltEInvoice, OutgoingInvoice } from './outgoing-invoice.types';
import { netOfGross } from './voucher-einvoice';
import { SAMPLE_INVOICES } from './testing/sample-invoices';

/*
 * Every kind of outgoing document (testing/sample-invoices.ts) in every format is checked by the
 * official rules (XSD + CEN EN 16931 + KoSIT XRechnung schematron, tests/helpers/einvoice-validation)
 * and read back by Kontor's own reader.
 */

const FORMATS = ['xrechnungUbl', 'xrechnungCii', 'zugferd'] as const;
const cases = Object.entries(SAMPLE_INVOICES).flatMap(([name, invoice]) => FORMATS.map((format) => ({ name: `${name} ${format}`, format, invoice })));

const facturXXml = (pdf: Uint8Array) => {
  const file = listAttachments(PdfDocument.open(Buffer.from(pdf))).find((a) => a.name === 'factur-x.xml');
  if (!file) throw new Error('no factur-x.xml');
  return file.content();
};

let built: BuiltEInvoice[];
let reports: ValidationReport[];
let broken: ValidationReport[];

/** Three defects the validator must find, so a passing document proves something. */
function brokenDocuments() {
  const ubl = new TextDecoder().decode(built[0].bytes);
  const cii = new TextDecoder().decode(built[1].bytes);
  return [
    { name: 'no BT-10', xml: ubl.replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '') },
    { name: 'wrong BT-115', xml: ubl.replace('<cbc:PayableAmount currencyID="EUR">', '<cbc:PayableAmount currencyID="EUR">1') },
    { name: 'unknown element', xml: cii.replace('<ram:IssueDateTime>', '<ram:Unknown/><ram:IssueDateTime>') },
  ];
}

beforeAll(async () => {
  built = await Promise.all(cases.map((c) => buildEInvoice(c.format, c.invoice)));
  // one JVM for all documents (starting Java and compiling the rules takes seconds)
  const all = await validateEInvoices([
    ...cases.map((c, i) => ({ name: c.name, xml: c.format === 'zugferd' ? facturXXml(built[i].bytes) : built[i].bytes })),
    ...brokenDocuments(),
  ]);
  reports = all.slice(0, cases.length);
  broken = all.slice(cases.length);
}, 120_000);

describe('official validation', () => {
  it.each(cases.map((c, i) => [c.name, i] as const))('%s: XSD, EN 16931 and XRechnung rules pass without any finding', (_name, i) => {
    const report = reports[i];
    expect(report.syntax).toBe(cases[i].format === 'xrechnungUbl' ? 'ubl' : 'cii');
    // ZUGFeRD EN 16931 is not an XRechnung (other specification id): only the CEN rules apply to it
    const findings = cases[i].format === 'zugferd' ? { ...report, failed: report.failed.filter((f) => f.set === 'EN16931') } : report;
    expect(errorsOf(findings)).toEqual([]);
    // no warnings or notes either
    expect(findings.failed).toEqual([]);
  });

  it('the validator finds broken documents (XSD, EN 16931 calculation, XRechnung BT-10)', () => {
    const [noReference, wrongTotal, badCii] = broken;
    expect(noReference.failed.map((f) => f.rule)).toContain('BR-DE-15');
    expect(wrongTotal.failed.map((f) => f.rule)).toContain('BR-CO-16');
    expect(badCii.xsd.join()).toMatch(/Unknown/);
  });
});

describe('round trip through Kontor’s reader', () => {
  it.each(cases.map((c, i) => [c.name, i] as const))('%s reads back to the same invoice', (_name, i) => {
    const { invoice } = cases[i];
    const totals = computeTotals(invoice);
    const read = readEInvoice(built[i].bytes, built[i].fileName);
    if (!read.ok) throw new Error(`${read.code} ${read.detail}`);
    const r = read.invoice;
    expect(r.container).toBe(cases[i].format === 'zugferd' ? 'pdf' : 'xml');
    expect(r.format).toBe(cases[i].format === 'xrechnungUbl' ? 'ubl' : 'cii');
    expect(r.typeCode).toBe(invoice.kind === 'creditNote' ? '381' : '380');
    expect(r.number).toBe(invoice.number);
    expect(r.issueDate).toBe(invoice.issueDate);
    expect(r.dueDate).toBe(invoice.kind === 'invoice' ? invoice.dueDate : null);
    expect(r.deliveryDate).toBe(invoice.deliveryDate);
    expect(r.currency).toBe('EUR');
    expect(r.grossAmount).toBe(totals.grandTotal);
    expect(r.amountDue).toBe(totals.duePayable);
    expect(r.paymentTerms).toBe(invoice.paymentTerms);
    const s = invoice.seller;
    expect(r.seller).toEqual({ name: s.name, vatId: s.vatId, street: s.street, zip: s.zip, city: s.city, country: s.country });
    const b = invoice.buyer;
    expect(r.buyer).toEqual({ name: b.name, vatId: b.vatId ?? null, street: b.street, zip: b.zip, city: b.city, country: b.country, email: b.email });
    expect(r.paymentMeans).toEqual([{ code: '58', iban: invoice.payment.iban, mandateReference: null, creditorId: null }]);
    expect(r.lineCount).toBe(invoice.lines.length);
    expect(r.vatBreakdown).toEqual(totals.vat.map((v) => ({ category: v.category, rate: v.rate, base: v.base, tax: v.tax, exemptionReason: v.exemptionReason ?? null })));
  });
});

describe('totals (EN 16931 calculation in cents)', () => {
  it('sums lines, line and document allowances/charges and VAT per rate', () => {
    const t = computeTotals(SAMPLE_INVOICES['invoice-private-two-rates']);
    // 3.5 h × 64,50 = 225,75; 2 × 29,99 − 5,00 = 54,98; 40,00 + 2,50 = 42,50
    expect(t.lineNet).toEqual([22_575, 5_498, 4_250]);
    expect(t.lineTotal).toBe(32_323);
    expect(t.allowanceTotal).toBe(1_000);
    expect(t.chargeTotal).toBe(390);
    expect(t.taxBasis).toBe(31_713);
    // 19 %: 258,25 → 49,0675 → 49,07; 7 %: 58,88 → 4,1216 → 4,12
    expect(t.vat).toEqual([
      { category: 'S', rate: 19, base: 25_825, tax: 4_907 },
      { category: 'S', rate: 7, base: 5_888, tax: 412 },
    ]);
    expect(t.grandTotal).toBe(37_032);
    expect(t.duePayable).toBe(37_032);
  });

  it('adds the BT-114 rounding to the amount due, so a voucher’s gross no net reaches is still exact', () => {
    expect(netOfGross(119_000, 19)).toEqual({ net: 100_000, rounding: 0 });
    expect(netOfGross(119_016, 19)).toEqual({ net: 100_013, rounding: 1 });
    expect(netOfGross(119_003, 19)).toEqual({ net: 100_003, rounding: -1 });
    const t = computeTotals(SAMPLE_INVOICES['invoice-rounding']);
    expect([t.taxBasis, t.taxTotal, t.grandTotal, t.rounding, t.duePayable]).toEqual([100_013, 19_002, 119_015, 1, 119_016]);
  });

  it('subtracts the prepaid amount from the amount due only', () => {
    const t = computeTotals(SAMPLE_INVOICES['invoice-exempt-prepaid']);
    expect(t.grandTotal).toBe(85_000 + 13_332 + 2_533);
    expect(t.duePayable).toBe(t.grandTotal - 20_000);
  });
});

describe('ZUGFeRD PDF/A-3', () => {
  const pdfOf = (name: string) => built[cases.findIndex((c) => c.name === `${name} zugferd`)].bytes;

  it('carries factur-x.xml as associated file (AFRelationship Alternative), XMP with PDF/A-3B and the Factur-X schema, output intent and embedded fonts', async () => {
    const pdf = await PDFDocument.load(pdfOf('invoice-leitweg'), { updateMetadata: false });
    const catalog = pdf.catalog;
    const af = catalog.lookup(PDFName.of('AF'), PDFArray);
    expect(af.size()).toBe(1);
    const spec = af.lookup(0, PDFDict);
    expect(spec.get(PDFName.of('AFRelationship'))).toBe(PDFName.of('Alternative'));
    expect(spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'), PDFStream).dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('text/xml'));
    const embedded = catalog.lookup(PDFName.of('Names'), PDFDict).lookup(PDFName.of('EmbeddedFiles'), PDFDict).lookup(PDFName.of('Names'), PDFArray);
    expect(embedded.lookup(1, PDFDict)).toBe(spec);
    const xmp = new TextDecoder().decode((catalog.lookup(PDFName.of('Metadata')) as PDFRawStream).getContents());
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain('<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>');
    expect(xmp).toContain('Rechnung RE-2026-0001');
    const intent = catalog.lookup(PDFName.of('OutputIntents'), PDFArray).lookup(0, PDFDict);
    expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFA1'));
    expect(intent.lookup(PDFName.of('DestOutputProfile'))).toBeInstanceOf(PDFStream);
    const fonts = pdf.getPage(0).node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    expect(fonts?.keys().length).toBe(2);
    for (const key of fonts?.keys() ?? []) {
      const descendant = fonts?.lookup(key, PDFDict).lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
      expect(descendant?.lookup(PDFName.of('FontDescriptor'), PDFDict).get(PDFName.of('FontFile2'))).toBeDefined();
    }
    expect(pdf.context.trailerInfo.ID).toBeDefined();
  });

  it('is the same file for the same invoice, and names a credit note "Gutschrift"', async () => {
    const invoice: OutgoingInvoice = SAMPLE_INVOICES['credit-note-business'];
    const [a, b] = await Promise.all([buildEInvoice('zugferd', invoice), buildEInvoice('zugferd', invoice)]);
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    expect(a.fileName).toBe('Gutschrift_GS-2026-0001.pdf');
    expect(a.mimeType).toBe('application/pdf');
  });
});
