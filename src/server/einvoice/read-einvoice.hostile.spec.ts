import { describe, expect, it } from 'vitest';
import { MAX_EINVOICE_BYTES, readEInvoice, sniffContainer } from './read-einvoice';
import { sample } from './testing/samples';

const UBL = sample('xrechnung/01.01a-INVOICE_ubl.xml').toString('utf8');
const text = (value: string) => Buffer.from(value, 'utf8');
const UBL_NS = 'urn:oasis:names:specification:ubl:schema:xsd';

describe('hostile XML', () => {
  it.each([
    [
      'external entity (XXE)',
      `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Invoice xmlns="${UBL_NS}:Invoice-2"><ID>&xxe;</ID></Invoice>`,
    ],
    [
      'entity expansion (billion laughs)',
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><lolz>&lol9;</lolz>`,
    ],
    [
      'external DTD',
      `<?xml version="1.0"?><!DOCTYPE Invoice SYSTEM "http://127.0.0.1:3301/x.dtd"><Invoice xmlns="${UBL_NS}:Invoice-2"/>`,
    ],
    ['parameter entity', '<!DOCTYPE x [<!ENTITY % p SYSTEM "http://127.0.0.1:3301/p"> %p;]><x/>'],
    [
      'DTD inside a real invoice',
      UBL.replace('<ubl:Invoice', '<!DOCTYPE ubl:Invoice [<!ENTITY a "b">]>\n<ubl:Invoice'),
    ],
  ])('refuses %s with 925 before parsing', (_name, xml) => {
    const started = performance.now();
    expect(readEInvoice(text(xml), 'evil.xml')).toMatchObject({
      ok: false,
      code: 925,
      message: 'Datei oder Format fehlerhaft',
      detail: 'DTD or entity declaration present (refused: XXE / entity expansion)',
    });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('leaves an undeclared entity reference unexpanded', () => {
    const result = readEInvoice(text(UBL.replace('[Seller name]', '&xxe;')), 'x.xml');
    expect(result).toMatchObject({ ok: true, invoice: { seller: { name: '&xxe;' } } });
  });

  it('refuses truncated XML (925)', () => {
    expect(readEInvoice(text(UBL.slice(0, UBL.length / 2)), 'x.xml')).toMatchObject({ ok: false, code: 925 });
    expect(readEInvoice(text(UBL.slice(0, UBL.length - 3)), 'x.xml')).toMatchObject({ ok: false, code: 925 });
  });

  it('refuses absurdly deep nesting (925)', () => {
    expect(readEInvoice(text(`${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`), 'x.xml')).toMatchObject({
      ok: false,
      code: 925,
    });
  });

  it('refuses unknown XML as a format it does not read (925)', () => {
    expect(readEInvoice(text('<html><body>Rechnung</body></html>'), 'x.xml')).toMatchObject({
      ok: false,
      code: 925,
    });
    // UBL root name without the UBL namespace is not UBL
    expect(readEInvoice(text('<Invoice><ID>1</ID></Invoice>'), 'x.xml')).toMatchObject({
      ok: false,
      code: 925,
    });
  });

  it('refuses order documents as not an invoice (926)', () => {
    const ublOrder = `<?xml version="1.0"?><Order xmlns="${UBL_NS}:Order-2"><ID>1</ID></Order>`;
    const ciiOrder =
      '<rsm:CrossIndustryOrder xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryOrder:100"><rsm:ExchangedDocument/></rsm:CrossIndustryOrder>';
    expect(readEInvoice(text(ublOrder), 'order.xml')).toMatchObject({
      ok: false,
      code: 926,
      message: 'Dokument ist keine Rechnung',
    });
    expect(readEInvoice(text(ciiOrder), 'order.xml')).toMatchObject({ ok: false, code: 926 });
  });
});

describe('wrong files', () => {
  it('refuses an empty or blank file (925)', () => {
    expect(readEInvoice(new Uint8Array(0), 'empty.pdf')).toMatchObject({
      ok: false,
      code: 925,
      detail: 'empty file',
    });
    expect(readEInvoice(text(' \n\t'), 'blank.xml')).toMatchObject({ ok: false, code: 925 });
  });

  it('refuses wrong magic bytes whatever the file name says (925)', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]);
    expect(readEInvoice(png, 'invoice.pdf')).toMatchObject({ ok: false, code: 925 });
    expect(readEInvoice(zip, 'invoice.xml')).toMatchObject({ ok: false, code: 925 });
    expect(readEInvoice(text('%PDX-1.4 nothing'), 'invoice.pdf')).toMatchObject({ ok: false, code: 925 });
  });

  it('goes by content, not by file name', () => {
    expect(readEInvoice(text(UBL), 'invoice.pdf')).toMatchObject({ ok: true, invoice: { container: 'xml' } });
    expect(sniffContainer(sample('zugferd/EmptyPDFA1.pdf'))).toBe('pdf');
    expect(sniffContainer(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text('\n<a/>')]))).toBe('xml');
  });

  it('refuses a file over the 10 MB upload limit (925) without reading it', () => {
    const big = Buffer.alloc(MAX_EINVOICE_BYTES + 1, 0x20);
    big.write('%PDF-1.7', 0, 'latin1');
    expect(readEInvoice(big, 'big.pdf')).toMatchObject({
      ok: false,
      code: 925,
      detail: 'file larger than 10485760 bytes',
    });
  });

  it('reads a file of exactly the limit', () => {
    const padded = Buffer.alloc(MAX_EINVOICE_BYTES, 0x20);
    text(UBL).copy(padded);
    expect(readEInvoice(padded, 'padded.xml')).toMatchObject({ ok: true, invoice: { number: '123456XX' } });
  });
});
