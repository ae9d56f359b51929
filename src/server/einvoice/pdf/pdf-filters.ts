import zlib from 'node:zlib';
import { nameOf, PdfDict, PdfError, type PdfValue } from './pdf-objects';

/**
 * Decodes stream data through its filter chain (ISO 32000-1, 7.4). `limit` caps the decoded size of
 * every step, so a small "zip bomb" cannot grow into gigabytes; zlib stops at the cap itself.
 *
 * @example
 * decodeStreamData(raw, filters, parms, 20 * 1024 * 1024)
 */
export function decodeStreamData(
  raw: Buffer,
  filter: PdfValue | undefined,
  parms: PdfValue | undefined,
  limit: number,
): Buffer {
  const filters = Array.isArray(filter) ? filter : filter === undefined || filter === null ? [] : [filter];
  const params = Array.isArray(parms) ? parms : [parms];
  let data = raw;
  filters.forEach((f, i) => {
    const name = nameOf(f);
    const param = params[i] instanceof PdfDict ? (params[i] as PdfDict) : null;
    if (name === 'FlateDecode' || name === 'Fl') data = unpredict(inflate(data, limit), param);
    else if (name === 'ASCIIHexDecode' || name === 'AHx') data = asciiHex(data);
    else if (name === 'ASCII85Decode' || name === 'A85') data = ascii85(data);
    else throw new PdfError(`unsupported stream filter ${name ?? '?'}`);
    if (data.length > limit) throw new PdfError('decoded stream too large');
  });
  return data;
}

function inflate(data: Buffer, limit: number): Buffer {
  // Sync flush keeps what a stream with a missing or damaged end still holds (common in real files).
  const options = { maxOutputLength: Math.max(1, limit), finishFlush: zlib.constants.Z_SYNC_FLUSH };
  try {
    return zlib.inflateSync(data, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new PdfError('decoded stream too large');
    try {
      // A few producers write raw deflate data without the zlib header.
      return zlib.inflateRawSync(data, options);
    } catch {
      throw new PdfError(`FlateDecode failed: ${(error as Error).message}`);
    }
  }
}

function intParam(param: PdfDict | null, key: string, fallback: number): number {
  const value = param?.get(key);
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Reverses the PNG (10–15) and TIFF (2, 8 bits) predictors (7.4.4.4); xref streams use PNG "Up". */
function unpredict(data: Buffer, param: PdfDict | null): Buffer {
  const predictor = intParam(param, 'Predictor', 1);
  if (predictor === 1) return data;
  const colors = intParam(param, 'Colors', 1);
  const bits = intParam(param, 'BitsPerComponent', 8);
  const columns = intParam(param, 'Columns', 1);
  const bpp = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowLength = Math.ceil((columns * colors * bits) / 8);
  if (rowLength > 1 << 20) throw new PdfError('predictor row too long');
  if (predictor === 2) {
    if (bits !== 8) throw new PdfError('TIFF predictor only for 8 bits per component');
    const out = Buffer.from(data);
    for (let row = 0; row + rowLength <= out.length; row += rowLength) {
      for (let i = bpp; i < rowLength; i++) out[row + i] = (out[row + i] + out[row + i - bpp]) & 0xff;
    }
    return out;
  }
  if (predictor < 10) throw new PdfError(`unknown predictor ${predictor}`);
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = Buffer.alloc(rows * rowLength);
  let prev = Buffer.alloc(rowLength);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLength + 1)];
    const src = data.subarray(r * (rowLength + 1) + 1, (r + 1) * (rowLength + 1));
    const cur = out.subarray(r * rowLength, (r + 1) * rowLength);
    for (let i = 0; i < rowLength; i++) {
      const left = i >= bpp ? cur[i - bpp] : 0;
      const up = prev[i];
      const upLeft = i >= bpp ? prev[i - bpp] : 0;
      let value = src[i];
      if (type === 1) value += left;
      else if (type === 2) value += up;
      else if (type === 3) value += (left + up) >> 1;
      else if (type === 4) value += paeth(left, up, upLeft);
      else if (type !== 0) throw new PdfError(`bad PNG predictor row type ${type}`);
      cur[i] = value & 0xff;
    }
    prev = cur;
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function asciiHex(data: Buffer): Buffer {
  const text = data.toString('latin1');
  const end = text.indexOf('>');
  let hex = (end < 0 ? text : text.slice(0, end)).replace(/[\0\t\n\f\r ]/g, '');
  if (!/^[0-9a-fA-F]*$/.test(hex)) throw new PdfError('bad ASCIIHex data');
  if (hex.length % 2) hex += '0';
  return Buffer.from(hex, 'hex');
}

function ascii85(data: Buffer): Buffer {
  const text = data.toString('latin1').replace(/[\0\t\n\f\r ]/g, '');
  const end = text.indexOf('~>');
  const body = end < 0 ? text : text.slice(0, end);
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    let value = 0;
    for (const digit of group) value = value * 85 + digit;
    if (value > 0xffffffff) throw new PdfError('bad ASCII85 group');
    const bytes = [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
    out.push(...bytes.slice(0, count));
    group = [];
  };
  for (const ch of body) {
    const code = ch.charCodeAt(0);
    if (ch === 'z' && group.length === 0) out.push(0, 0, 0, 0);
    else if (code >= 33 && code <= 117) {
      group.push(code - 33);
      if (group.length === 5) flush(4);
    } else throw new PdfError('bad ASCII85 character');
  }
  if (group.length === 1) throw new PdfError('bad ASCII85 ending');
  if (group.length > 0) flush(group.length - 1);
  return Buffer.from(out);
}
