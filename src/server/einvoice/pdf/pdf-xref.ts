import { PdfLexer } from './pdf-lexer';
import { nameOf, PdfDict, PdfError, PdfRef, PdfStream, type PdfValue } from './pdf-objects';

/** Where an object lives: at a byte offset, or as the `index`-th object of an object stream. */
export type XrefEntry =
  | { type: 'offset'; offset: number; gen: number; earlier?: number[] }
  | { type: 'compressed'; stream: number; index: number };

export interface Xref {
  entries: Map<number, XrefEntry>;
  /** newest first */
  trailers: PdfDict[];
}

/** What reading the cross-reference data needs from the document. */
export interface XrefSource {
  buf: Buffer;
  parseAt(offset: number): { num: number; value: PdfValue };
  decode(stream: PdfStream): Buffer;
}

// Incremental updates chain sections through /Prev; more than this is a loop or a broken file.
const MAX_SECTIONS = 256;
const MAX_ENTRIES = 4_000_000;

/**
 * Reads the cross-reference sections from `startxref` back through /Prev: classic tables
 * (7.5.4), cross-reference streams (7.5.8, PDF 1.5+) and hybrid files (/XRefStm). Newer sections
 * win. Throws PdfError on anything inconsistent, which sends the caller to `reconstructXref`.
 */
export function readXref(src: XrefSource, startxref: number): Xref {
  const entries = new Map<number, XrefEntry>();
  const trailers: PdfDict[] = [];
  const seen = new Set<number>();
  let offset: number | null = startxref;
  while (offset !== null) {
    if (seen.has(offset) || seen.size >= MAX_SECTIONS) throw new PdfError('cross-reference sections loop');
    seen.add(offset);
    const lexer = new PdfLexer(src.buf, offset);
    lexer.skipSpace();
    let trailer: PdfDict;
    if (src.buf.toString('latin1', lexer.pos, lexer.pos + 4) === 'xref') {
      lexer.pos += 4;
      trailer = readTable(lexer, entries);
      const stm = trailer.get('XRefStm');
      if (typeof stm === 'number') readStreamSection(src, stm, entries);
    } else trailer = readStreamSection(src, offset, entries);
    trailers.push(trailer);
    const prev = trailer.get('Prev');
    offset = typeof prev === 'number' ? prev : null;
  }
  return { entries, trailers };
}

function readTable(lexer: PdfLexer, entries: Map<number, XrefEntry>): PdfDict {
  for (;;) {
    const token = lexer.readToken();
    if (token === 'trailer') {
      const trailer = lexer.readObject();
      if (!(trailer instanceof PdfDict)) throw new PdfError('trailer is not a dictionary');
      return trailer;
    }
    const first = /^\d{1,10}$/.test(token) ? Number(token) : null;
    const count = lexer.readUnsigned();
    if (first === null || count === null || count > MAX_ENTRIES)
      throw new PdfError('bad cross-reference subsection');
    for (let i = 0; i < count; i++) {
      const offset = lexer.readUnsigned();
      const gen = lexer.readUnsigned();
      const kind = lexer.readToken();
      if (offset === null || gen === null || (kind !== 'n' && kind !== 'f'))
        throw new PdfError('bad cross-reference entry');
      if (kind === 'n' && !entries.has(first + i)) entries.set(first + i, { type: 'offset', offset, gen });
    }
  }
}

function readStreamSection(src: XrefSource, offset: number, entries: Map<number, XrefEntry>): PdfDict {
  const { value } = src.parseAt(offset);
  if (!(value instanceof PdfStream) || nameOf(value.dict.get('Type')) !== 'XRef')
    throw new PdfError('no cross-reference stream');
  const widths = value.dict.get('W');
  if (
    !Array.isArray(widths) ||
    widths.length < 3 ||
    !widths.every((w) => typeof w === 'number' && w >= 0 && w <= 8)
  ) {
    throw new PdfError('bad /W in cross-reference stream');
  }
  const [w0, w1, w2] = widths as number[];
  const size = value.dict.get('Size');
  const index = value.dict.get('Index') ?? [0, typeof size === 'number' ? size : 0];
  if (!Array.isArray(index) || !index.every((n) => typeof n === 'number')) throw new PdfError('bad /Index');
  const data = src.decode(value);
  const rowLength = w0 + w1 + w2;
  if (rowLength === 0) throw new PdfError('empty cross-reference rows');
  let pos = 0;
  const field = (width: number, fallback: number) => {
    if (width === 0) return fallback;
    let n = 0;
    for (let i = 0; i < width; i++) n = n * 256 + data[pos++];
    return n;
  };
  for (let i = 0; i + 1 < index.length; i += 2) {
    const [first, count] = [index[i] as number, index[i + 1] as number];
    for (let k = 0; k < count && pos + rowLength <= data.length; k++) {
      const [type, a, b] = [field(w0, 1), field(w1, 0), field(w2, 0)];
      const num = first + k;
      if (entries.has(num)) continue;
      if (type === 1) entries.set(num, { type: 'offset', offset: a, gen: b });
      else if (type === 2) entries.set(num, { type: 'compressed', stream: a, index: b });
    }
  }
  return value.dict;
}

const OBJECT_HEADER = /(?<!\d)(\d{1,10})[\0\t\n\f\r ]+(\d{1,5})[\0\t\n\f\r ]+obj(?![A-Za-z0-9])/g;
const SPECIAL_TYPE = /\/Type\s*\/(ObjStm|XRef|Catalog)(?![A-Za-z0-9])/g;

/**
 * Rebuilds the cross-reference data of a damaged file by scanning it for `n g obj` headers and
 * `trailer` dictionaries (what PDF viewers do when offsets are wrong). The last definition of an
 * object wins; objects inside object streams are added when not defined directly.
 */
export function reconstructXref(src: XrefSource, text: string): Xref {
  const entries = new Map<number, XrefEntry>();
  const starts: number[] = [];
  for (const match of text.matchAll(OBJECT_HEADER)) {
    const num = Number(match[1]);
    const previous = entries.get(num);
    const earlier = previous?.type === 'offset' ? [...(previous.earlier ?? []), previous.offset] : [];
    entries.set(num, { type: 'offset', offset: match.index, gen: Number(match[2]), earlier });
    starts.push(match.index);
  }
  const trailers: PdfDict[] = [];
  for (let at = text.indexOf('trailer'); at >= 0; at = text.indexOf('trailer', at + 7)) {
    try {
      const lexer = new PdfLexer(src.buf, at + 7);
      const dict = lexer.readObject();
      if (dict instanceof PdfDict) trailers.unshift(dict);
    } catch {}
  }
  let catalog: number | null = null;
  for (const match of text.matchAll(SPECIAL_TYPE)) {
    const start = lastStartBefore(starts, match.index);
    if (start === null) continue;
    try {
      const { num, value } = src.parseAt(start);
      if (match[1] === 'Catalog' && value instanceof PdfDict) catalog = num;
      if (!(value instanceof PdfStream)) continue;
      if (match[1] === 'XRef') trailers.unshift(value.dict);
      if (match[1] === 'ObjStm') addObjectStream(src, num, value, entries);
    } catch {}
  }
  if (!trailers.some((t) => t.get('Root') instanceof PdfRef) && catalog !== null) {
    trailers.unshift(new PdfDict(new Map([['Root', new PdfRef(catalog, 0)]])));
  }
  return { entries, trailers };
}

function lastStartBefore(starts: number[], index: number): number | null {
  let [lo, hi, found] = [0, starts.length - 1, -1];
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] < index) [found, lo] = [mid, mid + 1];
    else hi = mid - 1;
  }
  return found < 0 ? null : starts[found];
}

function addObjectStream(
  src: XrefSource,
  streamNum: number,
  stream: PdfStream,
  entries: Map<number, XrefEntry>,
): void {
  const n = stream.dict.get('N');
  if (typeof n !== 'number' || n < 0 || n > MAX_ENTRIES) return;
  const lexer = new PdfLexer(src.decode(stream));
  for (let i = 0; i < n; i++) {
    const num = lexer.readUnsigned();
    if (num === null || lexer.readUnsigned() === null) return;
    if (!entries.has(num)) entries.set(num, { type: 'compressed', stream: streamNum, index: i });
  }
}
