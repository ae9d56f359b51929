import { describe, expect, it } from 'vitest';
import type { EInvoiceResult } from './einvoice.types';
import { readEInvoice } from './read-einvoice';
import { buildPdf, type TestPdfOptions } from './testing/build-pdf';
import { sample } from './testing/samples';

const CII = sample('xrechnung/01.07a-INVOICE_uncefact.xml');
const UBL = sample('xrechnung/01.02a-INVOICE_ubl.xml');
const readPdf = (options: TestPdfOptions): EInvoiceResult => readEInvoice(buildPdf(options), 'rechnung.pdf');

describe('invoices embedded in PDFs', () => {
  it('finds factur-x.xml through the EmbeddedFiles name tree and /AF', () => {
    expect(readPdf({ attachments: [{ name: 'factur-x.xml', data: CII }] })).toMatchObject({
      ok: true,
      invoice: { format: 'cii', container: 'pdf', number: 'R1234567', amountDue: 4522 },
    });
  });

  it('finds it through a name tree with /Kids only, uncompressed, with a UTF-16 file name', () => {
    const attachments = [{ name: 'xrechnung.xml', data: CII, compress: false, utf16Name: true }];
    expect(readPdf({ attachments, nameTreeKids: true, associatedFiles: false })).toMatchObject({
      ok: true,
      invoice: { number: 'R1234567' },
    });
  });

  it('reads a UBL XRechnung attached under another name', () => {
    expect(readPdf({ attachments: [{ name: 'RE-123456.xml', data: UBL }] })).toMatchObject({
      ok: true,
      invoice: { format: 'ubl', container: 'pdf', number: '123456', amountDue: 1260 },
    });
  });

  it('ignores attached XML that is no business document', () => {
    const attachments = [{ name: 'metadata.xml', data: '<?xml version="1.0"?><meta><a>1</a></meta>' }];
    expect(readPdf({ attachments })).toMatchObject({
      ok: true,
      invoice: { format: 'none', container: 'pdf' },
    });
  });

  it('takes factur-x.xml when another standard attachment holds the same invoice', () => {
    const sameInvoice = CII.toString('utf8').replace(
      'Bis zum 14.08.2016 ohne Abzug',
      'ohne Abzug bis 14.08.2016',
    );
    const attachments = [
      { name: 'xrechnung.xml', data: sameInvoice },
      { name: 'factur-x.xml', data: CII },
    ];
    expect(readPdf({ attachments })).toMatchObject({
      ok: true,
      invoice: { paymentTerms: 'Bis zum 14.08.2016 ohne Abzug' },
    });
  });

  it('refuses two different invoices in one PDF (936)', () => {
    const other = CII.toString('utf8').replace('<ram:ID>R1234567</ram:ID>', '<ram:ID>R7654321</ram:ID>');
    const standard = [
      { name: 'factur-x.xml', data: CII },
      { name: 'xrechnung.xml', data: other },
    ];
    expect(readPdf({ attachments: standard })).toMatchObject({ ok: false, code: 936 });
    const byHand = [
      { name: 'a.xml', data: CII },
      { name: 'b.xml', data: other },
    ];
    expect(readPdf({ attachments: byHand })).toMatchObject({ ok: false, code: 936 });
  });

  it('refuses a PDF carrying an order (Order-X, 926)', () => {
    const order =
      '<?xml version="1.0"?><rsm:SCRDMCCBDACIOMessageStructure xmlns:rsm="urn:un:unece:uncefact:data:standard:SCRDMCCBDACIOMessageStructure:100"/>';
    const orderX =
      '<rsm:CrossIndustryOrder xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryOrder:100"><a/></rsm:CrossIndustryOrder>';
    expect(readPdf({ attachments: [{ name: 'order-x.xml', data: orderX }] })).toMatchObject({
      ok: false,
      code: 926,
    });
    expect(readPdf({ attachments: [{ name: 'factur-x.xml', data: order }] })).toMatchObject({
      ok: false,
      code: 926,
    });
  });

  it('refuses a broken invoice XML inside the PDF (925)', () => {
    const cut = CII.subarray(0, 2000);
    expect(readPdf({ attachments: [{ name: 'factur-x.xml', data: cut }] })).toMatchObject({
      ok: false,
      code: 925,
    });
  });
});

describe('damaged, encrypted and hostile PDFs', () => {
  it('rebuilds a broken cross-reference table and reads the intact invoice', () => {
    expect(readPdf({ attachments: [{ name: 'factur-x.xml', data: CII }], breakXref: true })).toMatchObject({
      ok: true,
      invoice: { number: 'R1234567' },
    });
  });

  it('refuses a damaged PDF without an invoice rather than calling it a plain PDF (925)', () => {
    expect(readPdf({ breakXref: true })).toMatchObject({ ok: false, code: 925 });
    expect(readPdf({})).toMatchObject({ ok: true, invoice: { format: 'none' } });
  });

  it('refuses an encrypted PDF (934)', () => {
    expect(readPdf({ attachments: [{ name: 'factur-x.xml', data: CII }], encrypt: true })).toMatchObject({
      ok: false,
      code: 934,
      message: 'Dokument ist passwortgeschützt',
    });
    expect(readPdf({ encrypt: true, breakXref: true })).toMatchObject({ ok: false, code: 934 });
  });

  it('stops decompressing a zip bomb at the size cap (925), quickly', () => {
    // 100 MB of zeros deflate to about 100 KB; the reader stops at its 20 MB per-stream cap
    const bomb = buildPdf({ attachments: [{ name: 'factur-x.xml', data: Buffer.alloc(100 * 1024 * 1024) }] });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    expect(readEInvoice(bomb, 'bomb.pdf')).toMatchObject({
      ok: false,
      code: 925,
      detail: 'damaged PDF: decoded stream too large',
    });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses truncated PDFs (925)', () => {
    const pdf = sample('zugferd/EN16931_Einfach.pdf');
    expect(readEInvoice(pdf.subarray(0, pdf.length / 2), 'x.pdf')).toMatchObject({ ok: false, code: 925 });
    expect(readEInvoice(pdf.subarray(0, pdf.length - 100), 'x.pdf')).toMatchObject({ ok: false, code: 925 });
  });

  it('survives reference cycles and absurd nesting (925 or plain, never a throw)', () => {
    const deep = Buffer.from(
      `%PDF-1.4\n1 0 obj\n${'['.repeat(10000)}\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
      'latin1',
    );
    expect(readEInvoice(deep, 'deep.pdf')).toMatchObject({ ok: false, code: 925 });
    const cycle = Buffer.from(
      '%PDF-1.4\n1 0 obj\n2 0 R\nendobj\n2 0 obj\n1 0 R\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
      'latin1',
    );
    expect(readEInvoice(cycle, 'cycle.pdf')).toMatchObject({ ok: false, code: 925 });
  });
});
