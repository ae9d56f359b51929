import { EInvoiceError, ProcessingCode } from '../einvoice-error';
import { decodeStreamData } from './pdf-filters';
import { parseIndirectObject } from './pdf-indirect';
import { PdfLexer } from './pdf-lexer';
import { nameOf, PdfDict, PdfError, PdfRef, PdfStream, type PdfValue } from './pdf-objects';
import { reconstructXref, readXref, type Xref, type XrefEntry, type XrefSource } from './pdf-xref';

/** One stream may decode to at most this much, all streams of a file together to the total. */
const MAX_STREAM_BYTES = 20 * 1024 * 1024;
const MAX_TOTAL_DECODED_BYTES = 60 * 1024 * 1024;
// Readers accept junk before the header and after %%EOF within about 1 KB (Acrobat's tolerance).
const HEADER_WINDOW = 1024;
const TAIL_WINDOW = 4096;
const MAX_REF_HOPS = 32;

interface ObjectStream {
  data: Buffer;
  first: number;
  offsets: number[];
}

/**
 * Random access to the objects of a PDF file, lazily: only what is asked for is parsed. A file whose
 * cross-reference data is broken is read through a reconstructed table (`wasRepaired` tells);
 * an encrypted file is refused with processing code 934.
 *
 * @example
 * const doc = PdfDocument.open(buffer);
 * doc.resolve(doc.catalog.get('Names'));
 */
export class PdfDocument implements XrefSource {
  private xref: Xref = { entries: new Map(), trailers: [] };
  private repaired = false;
  private readonly cache = new Map<number, PdfValue>();
  private readonly objectStreams = new Map<number, ObjectStream>();
  private readonly resolving = new Set<number>();
  private budget = MAX_TOTAL_DECODED_BYTES;

  private constructor(readonly buf: Buffer) {
    this.xref = this.loadXref();
  }

  static open(buf: Buffer): PdfDocument {
    if (!buf.subarray(0, HEADER_WINDOW).toString('latin1').includes('%PDF-'))
      throw new PdfError('no %PDF header');
    // A file cut short loses its end: no %%EOF means truncated, whatever else is still readable.
    if (
      !buf
        .subarray(Math.max(0, buf.length - TAIL_WINDOW))
        .toString('latin1')
        .includes('%%EOF')
    ) {
      throw new PdfError('no %%EOF at the end (truncated file)');
    }
    return new PdfDocument(buf);
  }

  /** True when the cross-reference data was broken and had to be rebuilt by scanning the file. */
  get wasRepaired(): boolean {
    return this.repaired;
  }

  get catalog(): PdfDict {
    const root = this.resolve(this.xref.trailers.find((t) => t.get('Root') !== undefined)?.get('Root'));
    if (root instanceof PdfDict) return root;
    if (!this.repaired) {
      this.repair();
      return this.catalog;
    }
    throw new PdfError('no document catalog');
  }

  /** Follows references to the object they name (a missing object is null, 7.3.10). */
  resolve(value: PdfValue | undefined): PdfValue | undefined {
    let current = value;
    for (let hops = 0; current instanceof PdfRef; hops++) {
      if (hops > MAX_REF_HOPS) throw new PdfError('reference chain too long');
      current = this.getObject(current.num);
    }
    return current;
  }

  /** The decoded data of a stream, within the per-stream and per-file limits. */
  decode(stream: PdfStream): Buffer {
    const limit = Math.min(MAX_STREAM_BYTES, this.budget);
    if (limit <= 0) throw new PdfError('decoded data of the file exceeds the limit');
    const filter = this.resolveArray(stream.dict.get('Filter'));
    const parms = this.resolveArray(stream.dict.get('DecodeParms'));
    const data = decodeStreamData(stream.raw, filter, parms, limit);
    this.budget -= data.length;
    return data;
  }

  parseAt(offset: number): { num: number; value: PdfValue } {
    return parseIndirectObject(this.buf, offset, (length) => this.lengthOf(length));
  }

  private resolveArray(value: PdfValue | undefined): PdfValue | undefined {
    const resolved = this.resolve(value);
    return Array.isArray(resolved) ? resolved.map((item) => this.resolve(item) ?? null) : resolved;
  }

  private lengthOf(length: PdfValue | undefined): number | null {
    try {
      const value = this.resolve(length);
      return typeof value === 'number' ? value : null;
    } catch {
      return null;
    }
  }

  private loadXref(): Xref {
    try {
      const tail = this.buf.subarray(Math.max(0, this.buf.length - TAIL_WINDOW)).toString('latin1');
      const match = /startxref\s+(\d+)\s*%%EOF/.exec(tail.slice(tail.lastIndexOf('startxref')));
      if (!match) throw new PdfError('no startxref');
      const xref = readXref(this, Number(match[1]));
      this.refuseEncrypted(xref);
      return xref;
    } catch (error) {
      if (!(error instanceof PdfError)) throw error;
      return this.reconstruct();
    }
  }

  private reconstruct(): Xref {
    this.repaired = true;
    const xref = reconstructXref(this, this.buf.toString('latin1'));
    this.refuseEncrypted(xref);
    return xref;
  }

  private repair(): void {
    this.cache.clear();
    this.objectStreams.clear();
    this.xref = this.reconstruct();
  }

  // PDF/A-3, which ZUGFeRD and Factur-X require, forbids encryption, and a protected file cannot
  // be read here; so any /Encrypt, even one without a user password, is refused with 934.
  private refuseEncrypted(xref: Xref): void {
    if (xref.trailers.some((t) => t.get('Encrypt') !== undefined)) {
      throw new EInvoiceError(ProcessingCode.passwordProtected, 'PDF is encrypted');
    }
  }

  private getObject(num: number): PdfValue {
    if (this.cache.has(num)) return this.cache.get(num)!;
    if (this.resolving.has(num)) throw new PdfError(`object ${num} refers to itself`);
    const entry = this.xref.entries.get(num);
    if (!entry) return null;
    this.resolving.add(num);
    try {
      const value = entry.type === 'offset' ? this.readDirect(num, entry) : this.readCompressed(num, entry);
      this.cache.set(num, value);
      return value;
    } catch (error) {
      if (!(error instanceof PdfError) || this.repaired) throw error;
      this.resolving.delete(num);
      this.repair();
      return this.getObject(num);
    } finally {
      this.resolving.delete(num);
    }
  }

  private readDirect(num: number, entry: Extract<XrefEntry, { type: 'offset' }>): PdfValue {
    let lastError: unknown;
    for (const offset of [entry.offset, ...[...(entry.earlier ?? [])].reverse()]) {
      try {
        const object = this.parseAt(offset);
        if (object.num === num) return object.value;
        lastError = new PdfError(`offset ${offset} holds object ${object.num}, not ${num}`);
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  private readCompressed(num: number, entry: Extract<XrefEntry, { type: 'compressed' }>): PdfValue {
    const stream = this.objectStream(entry.stream);
    const offset = stream.offsets[entry.index];
    if (offset === undefined) throw new PdfError(`object ${num} missing in object stream ${entry.stream}`);
    return new PdfLexer(stream.data, stream.first + offset).readObject();
  }

  private objectStream(num: number): ObjectStream {
    const cached = this.objectStreams.get(num);
    if (cached) return cached;
    const stream = this.resolve(new PdfRef(num, 0));
    if (!(stream instanceof PdfStream) || nameOf(stream.dict.get('Type')) !== 'ObjStm') {
      throw new PdfError(`object ${num} is not an object stream`);
    }
    const [n, first] = [stream.dict.get('N'), stream.dict.get('First')];
    if (typeof n !== 'number' || typeof first !== 'number' || n < 0 || first < 0)
      throw new PdfError('bad object stream header');
    const data = this.decode(stream);
    const lexer = new PdfLexer(data);
    const offsets: number[] = [];
    for (let i = 0; i < n && lexer.pos < first; i++) {
      const objectNum = lexer.readUnsigned();
      const offset = lexer.readUnsigned();
      if (objectNum === null || offset === null) throw new PdfError('bad object stream index');
      offsets.push(offset);
    }
    const parsed = { data, first, offsets };
    this.objectStreams.set(num, parsed);
    return parsed;
  }
}
