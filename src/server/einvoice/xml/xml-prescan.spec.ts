import { describe, expect, it } from 'vitest';
import { readEInvoice } from '../read-einvoice';
import { hostileInvoice } from '../testing/hostile';
import { sample } from '../testing/samples';
import { PRESCAN_LIMITS, prescanXml } from './xml-prescan';

// Issue 27 defect 3: structurally hostile XML is refused by a single linear pass before the full
// parse, in a fraction of the time the parser would hold the reader worker.

const UBL = sample('xrechnung/01.01a-INVOICE_ubl.xml').toString('utf8');
const UBL_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const bytes = (value: string) => Buffer.from(value, 'utf8');
describe('the pre-scan of an e-invoice XML', () => {
  it('lets every shared sample through and counts what it saw', () => {
    const seen = prescanXml(UBL);
    expect(seen.elements).toBeGreaterThan(50);
    expect(seen.maxDepth).toBeGreaterThan(2);
    expect(readEInvoice(bytes(UBL), 'x.xml')).toMatchObject({ ok: true });
  });

  it.each([
    ['800,000 attributes (the report)', () => hostileInvoice(), /attributes/],
    ['too many attributes on one element', () => `<Invoice xmlns="${UBL_NS}"><ID${' a="1"'.repeat(0)}${Array.from({ length: PRESCAN_LIMITS.attributesPerElement + 1 }, (_, i) => ` a${i}="1"`).join('')}>1</ID></Invoice>`, /attributes on one element/],
    ['too many elements', () => `<Invoice xmlns="${UBL_NS}">${'<N/>'.repeat(PRESCAN_LIMITS.elements + 1)}</Invoice>`, /elements/],
    ['too deep', () => `${'<a>'.repeat(PRESCAN_LIMITS.depth + 1)}${'</a>'.repeat(PRESCAN_LIMITS.depth + 1)}`, /deep/],
    ['a huge attribute value', () => `<Invoice xmlns="${UBL_NS}" a="${'x'.repeat(PRESCAN_LIMITS.attributeValue + 1)}"/>`, /attribute value/],
    ['a huge text outside an attachment', () => `<Invoice xmlns="${UBL_NS}"><Note>${'x'.repeat(PRESCAN_LIMITS.text + 1)}</Note></Invoice>`, /text/],
  ])('refuses %s with 925, quickly', (_name, build, detail) => {
    const xml = build();
    const started = performance.now();
    const result = readEInvoice(bytes(xml), 'evil.xml');
    expect(result).toMatchObject({ ok: false, code: 925, detail: expect.stringMatching(detail) });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('allows a large attachment (base64 in EmbeddedDocumentBinaryObject)', () => {
    const attachment = `<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="a.pdf">${'QUJD'.repeat(1_000_000)}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>`;
    expect(() => prescanXml(UBL.replace('<cac:AccountingSupplierParty>', `${attachment}<cac:AccountingSupplierParty>`))).not.toThrow();
  });
});
