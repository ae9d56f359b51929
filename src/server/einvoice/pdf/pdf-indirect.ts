import { isWhite, PdfLexer } from './pdf-lexer';
import { PdfDict, PdfError, PdfStream, type PdfValue } from './pdf-objects';

export interface IndirectObject {
  num: number;
  gen: number;
  value: PdfValue;
}

/**
 * Parses the indirect object `num gen obj … endobj` at `offset` (ISO 32000-1, 7.3.10), with its
 * stream data if it is a stream. `lengthOf` resolves an indirect /Length; when the length is wrong
 * or unknown the data runs to the next `endstream`, as every lenient reader does.
 */
export function parseIndirectObject(
  buf: Buffer,
  offset: number,
  lengthOf: (length: PdfValue | undefined) => number | null,
): IndirectObject {
  if (!Number.isInteger(offset) || offset < 0 || offset >= buf.length)
    throw new PdfError(`object offset ${offset} outside the file`);
  const lexer = new PdfLexer(buf, offset);
  const num = lexer.readUnsigned();
  const gen = lexer.readUnsigned();
  if (num === null || gen === null) throw new PdfError(`no object header at ${offset}`);
  lexer.expectToken('obj');
  const value = lexer.readObject();
  if (!(value instanceof PdfDict)) return { num, gen, value };
  const afterDict = lexer.pos;
  if (lexer.readToken() !== 'stream') {
    lexer.pos = afterDict;
    return { num, gen, value };
  }
  return { num, gen, value: new PdfStream(value, streamData(buf, lexer.pos, lengthOf(value.get('Length')))) };
}

function streamData(buf: Buffer, afterKeyword: number, declared: number | null): Buffer {
  // The keyword is followed by CRLF or LF (7.3.8.1); a lone CR is tolerated.
  let start = afterKeyword;
  if (buf[start] === 13 && buf[start + 1] === 10) start += 2;
  else if (buf[start] === 10 || buf[start] === 13) start += 1;
  if (declared !== null && Number.isInteger(declared) && declared >= 0 && start + declared <= buf.length) {
    let p = start + declared;
    while (p < buf.length && isWhite(buf[p])) p++;
    if (buf.toString('latin1', p, p + 9) === 'endstream') return buf.subarray(start, start + declared);
  }
  const found = buf.indexOf('endstream', start, 'latin1');
  if (found < 0) throw new PdfError('stream without endstream');
  let end = found;
  if (buf[end - 1] === 10) end--;
  if (buf[end - 1] === 13) end--;
  return buf.subarray(start, Math.max(start, end));
}
