import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvStream, neutraliseFormula, toCsv } from '../../../src/server/services/csv-writer';

describe('the CSV writer', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+49 221 123', `'+49 221 123`],
    ['-2+3+cmd|" /C calc"!A0', `'-2+3+cmd|" /C calc"!A0`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tTab', `'\tTab`],
    ['\rCR', `'\rCR`],
    ['-1.234,56', '-1.234,56'],
    ['-5', '-5'],
    ['Muster GmbH', 'Muster GmbH'],
    ['a=b', 'a=b'],
  ])('neutralises %j as %j', (input, expected) => expect(neutraliseFormula(input)).toBe(expected));

  it('quotes separators, quotes and line breaks after neutralising', () => {
    expect(csvField('A;B')).toBe('"A;B"');
    expect(csvField('Sag "Hallo"')).toBe('"Sag ""Hallo"""');
    expect(csvField('=1;2')).toBe(`"'=1;2"`);
    expect(csvField(null)).toBe('');
    expect(csvLine(['a', 1, undefined])).toBe('a;1;\r\n');
  });

  it('writes a BOM, the header and CRLF lines', () => {
    expect(toCsv(['Name', 'Betrag'], [['=X', '1.234,56']])).toBe("\uFEFFName;Betrag\r\n'=X;1.234,56\r\n");
  });

  it('streams batch by batch with the same text as toCsv', async () => {
    async function* batches() {
      yield [['a', '=b']];
      yield [['c', 'd'], ['e', 'f']];
    }
    let text = '';
    for await (const chunk of await csvStream(['X', 'Y'], batches())) text += chunk;
    expect(text).toBe(toCsv(['X', 'Y'], [['a', '=b'], ['c', 'd'], ['e', 'f']]));
  });

  it('fails before the first byte when the first batch fails (an error answer, not a cut 200)', async () => {
    // biome-ignore lint/correctness/useYield: a source whose first batch already fails
    async function* failing(): AsyncGenerator<string[][]> {
      throw new Error('query failed');
    }
    await expect(csvStream(['X'], failing())).rejects.toThrow('query failed');
  });
});
