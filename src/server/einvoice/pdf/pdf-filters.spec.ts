import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeStreamData } from './pdf-filters';
import { PdfDict, PdfError, PdfName } from './pdf-objects';

const name = (n: string) => new PdfName(n);
const dict = (entries: Record<string, number>) => new PdfDict(new Map(Object.entries(entries)));

describe('decodeStreamData', () => {
  it('inflates FlateDecode and undoes the PNG Up predictor of xref streams', () => {
    // two rows of 3 bytes, each with filter type 2 (Up)
    const predicted = Buffer.from([2, 1, 0, 10, 2, 0, 1, 5]);
    const data = decodeStreamData(
      zlib.deflateSync(predicted),
      name('FlateDecode'),
      dict({ Predictor: 12, Columns: 3 }),
      1000,
    );
    expect([...data]).toEqual([1, 0, 10, 1, 1, 15]);
  });

  it('decodes ASCIIHex and ASCII85 chains', () => {
    const hex = Buffer.from('48 65 6C6C6F>', 'latin1');
    expect(decodeStreamData(hex, name('AHx'), undefined, 100).toString()).toBe('Hello');
    const a85 = Buffer.from('87cURD]i,"Ebo7~>', 'latin1');
    expect(decodeStreamData(a85, [name('ASCII85Decode')], undefined, 100).toString()).toBe('Hello World');
    expect(decodeStreamData(Buffer.from('z~>'), name('A85'), undefined, 100)).toEqual(Buffer.alloc(4));
  });

  it('keeps what a truncated Flate stream holds', () => {
    const full = zlib.deflateSync(Buffer.from(`${'x'.repeat(5000)}END`));
    const cut = full.subarray(0, full.length - 6);
    expect(decodeStreamData(cut, name('FlateDecode'), undefined, 10_000).length).toBeGreaterThan(0);
  });

  it('stops at the size limit and refuses unknown filters', () => {
    const bomb = zlib.deflateSync(Buffer.alloc(10_000_000));
    expect(() => decodeStreamData(bomb, name('FlateDecode'), undefined, 1_000_000)).toThrow(
      'decoded stream too large',
    );
    expect(() => decodeStreamData(Buffer.from('x'), name('JBIG2Decode'), undefined, 100)).toThrow(PdfError);
  });
});
