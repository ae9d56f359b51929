import { Readable } from 'node:stream';

/**
 * The one CSV writer of every export (vouchers, SEPA requests, action log, anything later), for
 * German Excel: UTF-8 with BOM, `;` between fields, CRLF lines, quotes where needed, and formula
 * injection neutralised by one rule — a cell that begins with `= + - @` (or their full-width forms), a tab or a carriage return
 * gets a leading apostrophe, unless it is a plain (German-formatted) number such as `-1.234,56`.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

// the full-width forms (＝ ＋ － ＠) start formulas in East Asian spreadsheet locales (issue 26)
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
// A number as the exports write it (German grouping and decimal comma, or plain digits): never a formula.
const PLAIN_NUMBER = /^-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/;

/**
 * A cell's text with a formula start neutralised.
 *
 * @example neutraliseFormula('=HYPERLINK("http://x")') // "'=HYPERLINK(\"http://x\")"
 * @example neutraliseFormula('-1.234,56') // '-1.234,56'
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * One field: neutralised, then quoted when it holds `;`, `"` or a line break.
 *
 * @example csvField('A;B') // '"A;B"'
 */
export function csvField(value: unknown): string {
  const text = neutraliseFormula(value === null || value === undefined ? '' : String(value));
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of fields, CRLF-terminated. */
export const csvLine = (fields: readonly unknown[]): string => `${fields.map(csvField).join(CSV_SEPARATOR)}\r\n`;

/**
 * A whole CSV file as text (BOM, header line, one line per row).
 *
 * @example toCsv(['Name', 'Betrag'], [['Muster GmbH', '1.234,56']]) // '\uFEFFName;Betrag\r\nMuster GmbH;1.234,56\r\n'
 */
export function toCsv(header: readonly string[], rows: Iterable<readonly unknown[]>): string {
  let out = CSV_BOM + csvLine(header);
  for (const row of rows) out += csvLine(row);
  return out;
}

/**
 * A streamed CSV file: the header, then the rows of each batch as the source yields them. The first
 * batch is fetched before the stream is handed out, so a query that fails at once is an error
 * answer with its proper status instead of a 200 whose connection is cut after the header.
 *
 * @example reply.type(CSV_CONTENT_TYPE).send(await csvStream(header, batchesOfRows()));
 */
export async function csvStream(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  const textOf = (next: IteratorResult<readonly (readonly unknown[])[]>) =>
    next.done ? undefined : next.value.map(csvLine).join('');
  // only the text is kept: the rows of a batch are garbage as soon as their lines are written
  let text = textOf(await iterator.next());
  async function* lines() {
    yield CSV_BOM + csvLine(header);
    while (text !== undefined) {
      yield text;
      text = textOf(await iterator.next());
    }
  }
  // One batch ahead at most: the next batch is read when the reply has taken the previous one
  // (Readable.from pulls the generator only to fill its buffer, by default 16 chunks, here batches).
  return Readable.from(lines(), { highWaterMark: 1 });
}
