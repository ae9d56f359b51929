import { PdfDict, PdfError, PdfName, PdfRef, PdfString, type PdfValue } from './pdf-objects';

// Nesting deeper than this is not found in real files and would only serve to exhaust the stack.
const MAX_DEPTH = 64;

const WHITE = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WHITE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIMITER[c.charCodeAt(0)] = 1;

export const isWhite = (c: number): boolean => WHITE[c] === 1;
const isRegular = (c: number): boolean => WHITE[c] === 0 && DELIMITER[c] === 0;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

// \n \r \t \b \f
const ESCAPES = new Map([
  [0x6e, 10],
  [0x72, 13],
  [0x74, 9],
  [0x62, 8],
  [0x66, 12],
]);

/**
 * Reads PDF tokens and direct objects (ISO 32000-1, 7.2–7.3) from a byte buffer. Every loop
 * advances `pos` and stops at the end of the buffer, so malformed input ends in a PdfError.
 */
export class PdfLexer {
  constructor(
    readonly buf: Buffer,
    public pos = 0,
  ) {}

  /** Skips white space and comments. */
  skipSpace(): void {
    const { buf } = this;
    while (this.pos < buf.length) {
      const c = buf[this.pos];
      if (isWhite(c)) this.pos++;
      else if (c === 0x25) {
        while (this.pos < buf.length && buf[this.pos] !== 10 && buf[this.pos] !== 13) this.pos++;
      } else return;
    }
  }

  /** The next run of regular characters (a keyword or number), after white space. */
  readToken(): string {
    this.skipSpace();
    const start = this.pos;
    while (this.pos < this.buf.length && isRegular(this.buf[this.pos])) this.pos++;
    return this.buf.toString('latin1', start, this.pos);
  }

  /** A non-negative integer, or null (position unchanged) if none follows. */
  readUnsigned(): number | null {
    const save = this.pos;
    const token = this.readToken();
    if (/^\d{1,10}$/.test(token)) return Number(token);
    this.pos = save;
    return null;
  }

  expectToken(expected: string): void {
    const token = this.readToken();
    if (token !== expected)
      throw new PdfError(`expected "${expected}" at ${this.pos}, found "${token.slice(0, 20)}"`);
  }

  readObject(depth = 0): PdfValue {
    if (depth > MAX_DEPTH) throw new PdfError('objects nested too deeply');
    this.skipSpace();
    const { buf } = this;
    if (this.pos >= buf.length) throw new PdfError('unexpected end of file');
    const c = buf[this.pos];
    if (c === 0x5b) return this.readArray(depth);
    if (c === 0x3c) return buf[this.pos + 1] === 0x3c ? this.readDict(depth) : this.readHexString();
    if (c === 0x28) return this.readLiteralString();
    if (c === 0x2f) return this.readName();
    if (isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e) return this.readNumberOrRef();
    const token = this.readToken();
    if (token === 'true') return true;
    if (token === 'false') return false;
    if (token === 'null') return null;
    throw new PdfError(`unexpected "${token || String.fromCharCode(c)}" at ${this.pos}`);
  }

  private readArray(depth: number): PdfValue[] {
    this.pos++;
    const items: PdfValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.buf.length) throw new PdfError('unterminated array');
      if (this.buf[this.pos] === 0x5d) {
        this.pos++;
        return items;
      }
      items.push(this.readObject(depth + 1));
    }
  }

  private readDict(depth: number): PdfDict {
    this.pos += 2;
    const entries = new Map<string, PdfValue>();
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.buf.length) throw new PdfError('unterminated dictionary');
      if (this.buf[this.pos] === 0x3e && this.buf[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return new PdfDict(entries);
      }
      const key = this.readObject(depth + 1);
      if (!(key instanceof PdfName)) throw new PdfError(`dictionary key is not a name at ${this.pos}`);
      entries.set(key.name, this.readObject(depth + 1));
    }
  }

  private readName(): PdfName {
    const { buf } = this;
    this.pos++;
    const bytes: number[] = [];
    while (this.pos < buf.length && isRegular(buf[this.pos])) {
      const c = buf[this.pos++];
      const hex = c === 0x23 ? buf.toString('latin1', this.pos, this.pos + 2) : '';
      if (/^[0-9a-fA-F]{2}$/.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        this.pos += 2;
      } else bytes.push(c);
    }
    return new PdfName(Buffer.from(bytes).toString('latin1'));
  }

  private readNumberOrRef(): number | PdfRef {
    const token = this.readToken();
    const value = Number(token);
    if (token === '' || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token) || !Number.isFinite(value)) {
      throw new PdfError(`bad number "${token.slice(0, 20)}"`);
    }
    if (!/^\d+$/.test(token)) return value;
    // `12 0 R` is a reference; only look ahead for it after a plain integer.
    const save = this.pos;
    const gen = this.readUnsigned();
    if (gen !== null) {
      this.skipSpace();
      const next = this.buf[this.pos + 1];
      if (this.buf[this.pos] === 0x52 && (next === undefined || !isRegular(next))) {
        this.pos++;
        return new PdfRef(value, gen);
      }
    }
    this.pos = save;
    return value;
  }

  private readHexString(): PdfString {
    const { buf } = this;
    const end = buf.indexOf(0x3e, this.pos + 1);
    if (end < 0) throw new PdfError('unterminated hex string');
    let hex = buf.toString('latin1', this.pos + 1, end).replace(/[\0\t\n\f\r ]/g, '');
    if (!/^[0-9a-fA-F]*$/.test(hex)) throw new PdfError('bad hex string');
    if (hex.length % 2) hex += '0';
    this.pos = end + 1;
    return new PdfString(Buffer.from(hex, 'hex'));
  }

  private readLiteralString(): PdfString {
    const { buf } = this;
    const out: number[] = [];
    let nesting = 1;
    this.pos++;
    while (this.pos < buf.length) {
      const c = buf[this.pos++];
      if (c === 0x28) nesting++;
      else if (c === 0x29 && --nesting === 0) return new PdfString(Uint8Array.from(out));
      if (c !== 0x5c) {
        out.push(c);
        continue;
      }
      const e = buf[this.pos++];
      if (e === undefined) break;
      const escaped = ESCAPES.get(e);
      if (escaped !== undefined) out.push(escaped);
      else if (e >= 0x30 && e <= 0x37) {
        let code = e - 0x30;
        for (let i = 0; i < 2 && buf[this.pos] >= 0x30 && buf[this.pos] <= 0x37; i++)
          code = code * 8 + buf[this.pos++] - 0x30;
        out.push(code & 0xff);
      } else if (e === 13) {
        if (buf[this.pos] === 10) this.pos++;
      } else if (e !== 10) out.push(e);
    }
    throw new PdfError('unterminated string');
  }
}
