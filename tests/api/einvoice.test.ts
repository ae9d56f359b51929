import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEInvoice, uploadBufferStats } from '../../src/server/einvoice';
import { buildPdf } from '../../src/server/einvoice/testing/build-pdf';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

// The samples sit beside the repository (../shared/einvoice-samples from the repo root).
const SAMPLES = new URL('../../../shared/einvoice-samples/', import.meta.url);
const sample = (path: string) => readFileSync(new URL(path, SAMPLES));

let t: TestApp;
let creditorToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  creditorToken = await loginAs(t.app, 'creditor@example.com');
});
afterAll(() => t.close());

interface Part {
  field?: string;
  fileName: string;
  content: Buffer;
}

/** A multipart/form-data request body, written by hand so the test controls every byte. */
function multipart(parts: Part[]) {
  const boundary = '----kontor-einvoice-test';
  const chunks = parts.flatMap(({ field = 'file', fileName, content }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (parts: Part[], token: string | null = creditorToken) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/einvoice/read',
    payload,
    headers: token ? { ...headers, ...bearer(token) } : headers,
  });
};

describe('POST /api/einvoice/read', () => {
  it('reads an XRechnung UBL file into the documented fields', async () => {
    const response = await upload([
      { fileName: '01.01a-INVOICE_ubl.xml', content: sample('xrechnung/01.01a-INVOICE_ubl.xml') },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      format: 'ubl',
      container: 'xml',
      profile: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
      typeCode: '380',
      number: '123456XX',
      issueDate: '2016-04-04',
      dueDate: null,
      paymentTerms: 'Zahlbar sofort ohne Abzug.',
      deliveryDate: null,
      currency: 'EUR',
      amountDue: 33690,
      grossAmount: 33690,
      seller: {
        name: '[Seller name]',
        vatId: 'DE 123456789',
        street: '[Seller address line 1]',
        zip: '12345',
        city: '[Seller city]',
        country: 'DE',
      },
      buyer: {
        name: '[Buyer name]',
        vatId: null,
        street: '[Buyer address line 1]',
        zip: '12345',
        city: '[Buyer city]',
        country: 'DE',
        email: 'buyer@info.de',
      },
      paymentMeans: [
        { code: '58', iban: 'DE79000000001234567890', mandateReference: null, creditorId: null },
      ],
      lineCount: 2,
      vatBreakdown: [{ category: 'S', rate: 7, base: 31486, tax: 2204, exemptionReason: null }],
    });
  });

  it('reads the invoice embedded in a ZUGFeRD PDF', async () => {
    const response = await upload([
      { fileName: 'EN16931_Einfach.pdf', content: sample('zugferd/EN16931_Einfach.pdf') },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      format: 'cii',
      container: 'pdf',
      number: '471102',
      issueDate: '2024-11-15',
      deliveryDate: '2024-11-14',
      amountDue: 52987,
      buyer: { name: 'Kunden AG Mitte', city: 'Frankfurt' },
      lineCount: 2,
    });
  });

  it('answers a PDF without e-invoice with format "none" (to be read by hand)', async () => {
    const response = await upload([{ fileName: 'scan.pdf', content: sample('zugferd/EmptyPDFA1.pdf') }]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      format: 'none',
      container: 'pdf',
      number: null,
      seller: null,
      paymentMeans: [],
    });
  });

  it.each([
    [
      'an XXE attempt',
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
      925,
      'Datei oder Format fehlerhaft',
    ],
    [
      'an order',
      '<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"><ID>1</ID></Order>',
      926,
      'Dokument ist keine Rechnung',
    ],
  ])('refuses %s with 422 and the processing code', async (_name, xml, code, message) => {
    const response = await upload([{ fileName: 'x.xml', content: Buffer.from(xml) }]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code, message });
  });

  it('refuses a password-protected PDF with 934', async () => {
    const response = await upload([{ fileName: 'locked.pdf', content: buildPdf({ encrypt: true }) }]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 934, message: 'Dokument ist passwortgeschützt' });
  });

  it('refuses a file over 10 MB with 413, not 500', async () => {
    const response = await upload([{ fileName: 'big.pdf', content: Buffer.alloc(10_485_761, 0x20) }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 925, message: 'Datei oder Format fehlerhaft' });
  });

  it('reuses one upload buffer, never reading an earlier file\'s bytes: a cut file after the whole one is refused as cut', async () => {
    for (const [fileName, whole] of [
      ['01.01a-INVOICE_ubl.xml', sample('xrechnung/01.01a-INVOICE_ubl.xml')],
      ['EN16931_Einfach.pdf', sample('zugferd/EN16931_Einfach.pdf')],
    ] as const) {
      expect((await upload([{ fileName, content: whole }])).statusCode).toBe(200);
      // the first half, gathered into the buffer that still holds the whole file behind it
      const cut = whole.subarray(0, Math.floor(whole.length / 2));
      const expected = readEInvoice(cut, fileName);
      expect(expected.ok).toBe(false);
      const response = await upload([{ fileName, content: cut }]);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ code: expected.ok ? 0 : expected.code, message: expected.ok ? '' : expected.message });
    }
    // one upload at a time, the too large one included: one buffer made, given back every time
    expect(uploadBufferStats()).toEqual({ made: 1, lent: 0, waiting: 0 });
  });

  it('answers 400 without a file field or without multipart', async () => {
    const wrongField = await upload([{ field: 'document', fileName: 'x.xml', content: Buffer.from('<a/>') }]);
    expect(wrongField.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/einvoice/read',
      payload: { file: 'x' },
      headers: bearer(creditorToken),
    });
    expect(json.statusCode).toBe(400);
  });

  it('is for logged-in creditor users who may upload vouchers only', async () => {
    const content = sample('xrechnung/01.01a-INVOICE_ubl.xml');
    expect((await upload([{ fileName: 'x.xml', content }], null)).statusCode).toBe(401);
    const admin = await loginAs(t.app, 'admin@example.com');
    expect((await upload([{ fileName: 'x.xml', content }], admin)).statusCode).toBe(403);
    const assistant = await loginAs(t.app, 'assistant@example.com');
    expect((await upload([{ fileName: 'x.xml', content }], assistant)).statusCode).toBe(200);
    // The observer reads everything but takes no action, and uploading is one (roles.yaml).
    const observer = await loginAs(t.app, 'observer@example.com');
    expect((await upload([{ fileName: 'x.xml', content }], observer)).statusCode).toBe(403);
  });

  it('is documented in the OpenAPI document with its response schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/einvoice/read'].post;
    expect(Object.keys(operation.requestBody.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '413', '422']));
    const schemaOf = (status: string) => operation.responses[status].content['application/json'].schema.$ref;
    expect(schemaOf('200')).toBe('#/components/schemas/EInvoiceData');
    expect(schemaOf('422')).toBe('#/components/schemas/EInvoiceFailure');
    expect(Object.keys(doc.components.schemas.EInvoiceData.properties)).toContain('amountDue');
    expect(doc.components.schemas.EInvoiceFailure.required).toEqual(['code', 'message']);
  });
});
