import { describe, expect, it } from 'vitest';
import {
  checkFileCount,
  checkUploadFile,
  detectFileKind,
  MAX_UPLOAD_BYTES,
  parseDataUrl,
  type UploadFile,
} from './file.rules';
import { keysOf } from './validation.test-helpers';

const bytes = (text: string) => new TextEncoder().encode(text);
const PDF = bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj');
const XML = bytes('<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice/>');
const file = (name: string, head: Uint8Array, type = '', size = head.length): UploadFile => ({
  name,
  type,
  size,
  head,
});

describe('detectFileKind', () => {
  it.each([
    [PDF, 'pdf'],
    [bytes('\r\n  junk before %PDF-1.4'), 'pdf'],
    [XML, 'xml'],
    [new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('<?xml version="1.0"?>')]), 'xml'],
    [bytes('\n  <Invoice xmlns="urn:oasis">'), 'xml'],
    [bytes('<!-- XRechnung --><Invoice/>'), 'xml'],
    [bytes('code;title\r\nSV-1;Frage'), 'csv'],
    [new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('code;title\n')]), 'csv'],
    [bytes('< not xml'), 'csv'],
  ])('recognises %#', (head, kind) => expect(detectFileKind(head)).toBe(kind));

  it.each([[bytes('PK\u0003\u0004')], [bytes('MZ\u0090\u0000')], [bytes('a;b\u0000c')], [new Uint8Array()]])(
    'recognises nothing in %#',
    (head) => expect(detectFileKind(head)).toBeNull(),
  );
});

describe('checkUploadFile', () => {
  it('accepts a PDF by MIME type or by extension alone', () => {
    expect(checkUploadFile(file('rechnung.pdf', PDF, 'application/pdf'))).toBeNull();
    expect(checkUploadFile(file('RECHNUNG.PDF', PDF, 'application/octet-stream'))).toBeNull();
    expect(checkUploadFile(file('scan', PDF, 'application/pdf'))).toBeNull();
  });

  it('rejects an empty file', () =>
    expect(checkUploadFile(file('leer.pdf', new Uint8Array(), 'application/pdf'))).toEqual({
      key: 'validation.fileEmpty',
      params: {},
    }));

  it('accepts 10,485,760 bytes and rejects 10,485,761', () => {
    expect(checkUploadFile(file('gross.pdf', PDF, 'application/pdf', MAX_UPLOAD_BYTES))).toBeNull();
    expect(checkUploadFile(file('gross.pdf', PDF, 'application/pdf', MAX_UPLOAD_BYTES + 1))).toEqual({
      key: 'validation.fileTooLarge',
      params: { max: '10' },
    });
  });

  it('rejects a .pdf name whose content is not PDF', () =>
    expect(checkUploadFile(file('rechnung.pdf', bytes('MZ\u0090\u0000'), 'application/pdf'))).toEqual({
      key: 'validation.fileTypeNotAllowed',
      params: { types: 'PDF' },
    }));

  it('rejects XML where only PDF is accepted (voucher upload of other types)', () =>
    expect(checkUploadFile(file('rechnung.xml', XML, 'application/xml'))?.key).toBe(
      'validation.fileTypeNotAllowed',
    ));

  it('accepts XML for the wider invoice types, by MIME or extension', () => {
    const invoiceKinds = { accept: ['pdf', 'xml'] as const };
    const accept = [...invoiceKinds.accept];
    expect(checkUploadFile(file('xrechnung.xml', XML, 'text/xml'), { accept })).toBeNull();
    expect(checkUploadFile(file('xrechnung.xml', XML, ''), { accept })).toBeNull();
    expect(checkUploadFile(file('einvoice', XML, 'application/xrechnung+xml'), { accept })).toBeNull();
    expect(checkUploadFile(file('rechnung.pdf', PDF, 'application/pdf'), { accept })).toBeNull();
  });

  it('rejects content of another accepted kind than the name claims', () =>
    expect(checkUploadFile(file('rechnung.pdf', XML, 'application/pdf'), { accept: ['pdf', 'xml'] })).toEqual(
      {
        key: 'validation.fileTypeNotAllowed',
        params: { types: 'PDF, XML' },
      },
    ));

  it('rejects a file neither MIME type nor name declare as accepted', () =>
    expect(checkUploadFile(file('rechnung.txt', PDF, 'text/plain'))?.key).toBe(
      'validation.fileTypeNotAllowed',
    ));
});

describe('checkFileCount', () => {
  it('needs at least one file', () =>
    expect(checkFileCount(0)).toEqual({ key: 'validation.fileCountMin', params: { min: 1 } }));
  it('reports too many files', () =>
    expect(checkFileCount(4, { max: 3 })).toEqual({ key: 'validation.fileCountMax', params: { max: 3 } }));
  it('accepts a count in range', () => expect(checkFileCount(3, { max: 3 })).toBeNull());
});

const dataUrl = (type: string, name: string, content: string) =>
  `data:${type};name=${encodeURIComponent(name)};base64,${btoa(content)}`;

describe('data URLs of rjsf file widgets', () => {
  it('reads name, type, size and head', () => {
    const parsed = parseDataUrl(dataUrl('application/pdf', 'Rechnung März.pdf', '%PDF-1.7 abc'));
    expect(parsed).toMatchObject({ name: 'Rechnung März.pdf', type: 'application/pdf', size: 12 });
    expect(detectFileKind(parsed!.head)).toBe('pdf');
  });

  it('gives null for anything else', () => expect(parseDataUrl('rechnung.pdf')).toBeNull());

  it('keyword fileTypes checks declaration and content', () => {
    const schema = { type: 'string', fileTypes: ['pdf'] };
    expect(keysOf(schema, dataUrl('application/pdf', 'r.pdf', '%PDF-1.7'))).toEqual([]);
    expect(keysOf(schema, dataUrl('application/pdf', 'r.pdf', 'kein pdf'))).toEqual([
      'validation.fileTypeNotAllowed',
    ]);
    expect(keysOf(schema, 'kein data-url')).toEqual(['validation.fileTypeNotAllowed']);
  });

  it('keywords fileNotEmpty and fileMaxBytes', () => {
    expect(keysOf({ type: 'string', fileNotEmpty: true }, 'data:application/pdf;name=r.pdf;base64,')).toEqual(
      ['validation.fileEmpty'],
    );
    const schema = { type: 'string', fileMaxBytes: 8 };
    expect(keysOf(schema, dataUrl('application/pdf', 'r.pdf', '%PDF-1.7'))).toEqual([]);
    expect(keysOf(schema, dataUrl('application/pdf', 'r.pdf', '%PDF-1.7 '))).toEqual([
      'validation.fileTooLarge',
    ]);
  });

  it('keywords fileCountMin and fileCountMax', () => {
    const schema = { type: 'array', fileCountMin: 1, fileCountMax: 2 };
    expect(keysOf(schema, [])).toEqual(['validation.fileCountMin']);
    expect(keysOf(schema, ['a', 'b'])).toEqual([]);
    expect(keysOf(schema, ['a', 'b', 'c'])).toEqual(['validation.fileCountMax']);
  });
});
