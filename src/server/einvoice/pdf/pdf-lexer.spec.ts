import { describe, expect, it } from 'vitest';
import { PdfLexer } from './pdf-lexer';
import { PdfDict, PdfError, type PdfName, PdfRef, type PdfString, textString } from './pdf-objects';

const parse = (source: string) => new PdfLexer(Buffer.from(source, 'latin1')).readObject();

describe('PdfLexer', () => {
  it('reads dictionaries, arrays, references, names with # escapes and numbers', () => {
    const dict = parse(
      '<< /Type /Filespec /Subtype /text#2Fxml /EF << /F 12 0 R >> /K [1 -2.5 .5 true null] % note\n>>',
    );
    expect(dict).toBeInstanceOf(PdfDict);
    const d = dict as PdfDict;
    expect((d.get('Subtype') as PdfName).name).toBe('text/xml');
    expect(((d.get('EF') as PdfDict).get('F') as PdfRef).num).toBe(12);
    expect(d.get('K')).toEqual([1, -2.5, 0.5, true, null]);
  });

  it('reads literal strings with escapes and nesting, and hex strings', () => {
    expect(textString(parse('(factur\\055x\\056xml)'))).toBe('factur-x.xml');
    expect(textString(parse('(a (nested) \\) b\\\nc)'))).toBe('a (nested) ) bc');
    expect(textString(parse('<FEFF 0066 0078>'))).toBe('fx');
    expect([...(parse('<41 4>') as PdfString).bytes]).toEqual([0x41, 0x40]);
  });

  it('takes "n g R" as a reference only when R stands alone', () => {
    expect(parse('[1 0 R 3]')).toEqual([new PdfRef(1, 0), 3]);
    expect(parse('[1 0 3 4 R]')).toEqual([1, 0, new PdfRef(3, 4)]);
    expect(() => parse('[1 0 Rx]')).toThrow(PdfError);
  });

  it('throws PdfError on unterminated or absurdly nested input', () => {
    expect(() => parse('<< /A (open')).toThrow(PdfError);
    expect(() => parse('[1 2')).toThrow(PdfError);
    expect(() => parse('['.repeat(1000))).toThrow('nested too deeply');
    expect(() => parse('<< 1 2 >>')).toThrow(PdfError);
  });
});
