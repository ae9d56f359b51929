import { type KeywordRule, keywordRule, type ValidationMessage } from './rule.types';

/** Upload limit of the spec: 10,485,760 bytes (10 MB). */
export const MAX_UPLOAD_BYTES = 10_485_760;
/** How many leading bytes the content check reads (`head`). */
export const FILE_HEAD_BYTES = 1024;

export type FileKind = 'pdf' | 'xml' | 'csv';
/** In the order the content is recognised: a text that is XML is `xml`, never `csv`. */
export const FILE_KINDS: FileKind[] = ['pdf', 'xml', 'csv'];

/** A file as both runtimes see it: name and declared MIME type, size, and its first bytes. */
export interface UploadFile {
  name: string;
  type?: string;
  size: number;
  head: Uint8Array;
}

export interface UploadRules {
  /** Allowed kinds; voucher upload: `['pdf']`, `['pdf', 'xml']` for the invoice-like voucher types. */
  accept?: FileKind[];
  maxBytes?: number;
}

const ascii = (head: Uint8Array, from = 0, to = head.length) =>
  String.fromCharCode(...head.subarray(from, to));

const KINDS: Record<FileKind, { mimeTypes: RegExp; extension: RegExp; content(head: Uint8Array): boolean }> =
  {
    // Readers accept the header anywhere in the first 1024 bytes (some generators put junk before it).
    pdf: {
      mimeTypes: /^application\/(x-)?pdf$/,
      extension: /\.pdf$/i,
      content: (head) => ascii(head, 0, FILE_HEAD_BYTES).includes('%PDF-'),
    },
    // E-invoices (XRechnung, ZUGFeRD XML) are UTF-8: optional BOM, whitespace, then a declaration,
    // comment or element. `*/*+xml` covers types like application/xrechnung+xml.
    xml: {
      mimeTypes: /^(application|text)\/([\w.-]+\+)?xml$/,
      extension: /\.xml$/i,
      content: (head) => {
        const start = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
        return /^\s*<(\?xml|!--|[A-Za-z_])/.test(ascii(head, start, Math.min(head.length, start + 256)));
      },
    },
    // A CSV file is plain text (UTF-8 or Windows-1252, as German spreadsheets write it): no NUL and
    // no control character but tab and line breaks in its first bytes. Windows sends .csv as
    // application/vnd.ms-excel, some systems as text/plain.
    csv: {
      mimeTypes: /^(text\/(csv|plain|comma-separated-values)|application\/(csv|vnd\.ms-excel))$/,
      extension: /\.csv$/i,
      content: (head) =>
        head.length > 0 && head.every((b) => b >= 0x20 || b === 0x09 || b === 0x0a || b === 0x0d),
    },
  };

/**
 * The kind a file's content proves, from its first bytes.
 * @example detectFileKind(new TextEncoder().encode('%PDF-1.7')) // 'pdf'
 */
export function detectFileKind(head: Uint8Array): FileKind | null {
  return FILE_KINDS.find((kind) => KINDS[kind].content(head)) ?? null;
}

/** Kinds the name or MIME type claims (the spec: "by MIME or extension"), among the accepted ones. */
function declaredKinds(file: Pick<UploadFile, 'name' | 'type'>, accept: FileKind[]): FileKind[] {
  const type = (file.type ?? '').toLowerCase().split(';')[0].trim();
  return accept.filter((kind) => KINDS[kind].mimeTypes.test(type) || KINDS[kind].extension.test(file.name));
}

/** Whether the file is of an accepted kind by name or MIME type AND its content is of that kind. */
export function isAcceptedFileType(file: UploadFile, accept: FileKind[]): boolean {
  const content = detectFileKind(file.head);
  return content !== null && declaredKinds(file, accept).includes(content);
}

const typesText = (kinds: FileKind[]) => kinds.map((kind) => kind.toUpperCase()).join(', ');
const megabytes = (bytes: number) =>
  new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(bytes / 1_048_576);

/**
 * Checks one upload before it is sent (browser) or stored (server); the first failing rule wins:
 * empty, too large, type. Returns the message to show, or null when the file is fine.
 * @example
 * checkUploadFile({ name: 'r.pdf', type: 'application/pdf', size: 0, head: new Uint8Array() })
 * // { key: 'validation.fileEmpty', params: {} }
 */
export function checkUploadFile(file: UploadFile, rules: UploadRules = {}): ValidationMessage | null {
  const accept = rules.accept ?? ['pdf'];
  const maxBytes = rules.maxBytes ?? MAX_UPLOAD_BYTES;
  if (file.size <= 0) return { key: 'validation.fileEmpty', params: {} };
  if (file.size > maxBytes) return { key: 'validation.fileTooLarge', params: { max: megabytes(maxBytes) } };
  if (!isAcceptedFileType(file, accept)) {
    return { key: 'validation.fileTypeNotAllowed', params: { types: typesText(accept) } };
  }
  return null;
}

/**
 * Checks the number of chosen files (at least 1 by default).
 * @example checkFileCount(0) // { key: 'validation.fileCountMin', params: { min: 1 } }
 */
export function checkFileCount(count: number, { min = 1, max }: { min?: number; max?: number } = {}) {
  if (count < min) return { key: 'validation.fileCountMin', params: { min } } as ValidationMessage;
  if (max !== undefined && count > max)
    return { key: 'validation.fileCountMax', params: { max } } as ValidationMessage;
  return null;
}

const DATA_URL = /^data:([^;,]*)((?:;[^;,=]+=[^;,]*)*);base64,([A-Za-z0-9+/=]*)$/;

/**
 * Reads a data URL as rjsf's file widget produces it (`data:application/pdf;name=r.pdf;base64,…`);
 * only the head is decoded, the size follows from the base64 length.
 */
export function parseDataUrl(value: string): UploadFile | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const nameParam = /;name=([^;,]*)/.exec(match[2])?.[1] ?? '';
  let name = nameParam;
  try {
    name = decodeURIComponent(nameParam);
  } catch {
    // A malformed escape keeps the raw name; the extension check still works on it.
  }
  const payload = match[3];
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  const size = Math.max(0, Math.floor((payload.length * 3) / 4) - padding);
  let head: Uint8Array;
  try {
    head = Uint8Array.from(atob(payload.slice(0, 4 * Math.ceil(FILE_HEAD_BYTES / 3))), (c) =>
      c.charCodeAt(0),
    );
  } catch {
    return null;
  }
  return { name, type: match[1], size, head };
}

const count = { type: 'integer', minimum: 0 };

/** File rules on data-URL strings (one file) and on arrays of them (the count), for rjsf forms. */
export const FILE_RULES: KeywordRule[] = [
  keywordRule<FileKind[]>({
    name: 'fileTypes',
    message: 'validation.fileTypeNotAllowed',
    dataType: 'string',
    param: { type: 'array', items: { enum: FILE_KINDS }, minItems: 1 },
    check: (accept, data) => {
      const file = parseDataUrl(data);
      return file !== null && isAcceptedFileType(file, accept);
    },
    errorParams: (accept) => ({ types: accept }),
    placeholders: (p) => ({ types: typesText(p.types) }),
  }),
  keywordRule<number>({
    name: 'fileMaxBytes',
    message: 'validation.fileTooLarge',
    dataType: 'string',
    param: { type: 'integer', minimum: 1 },
    check: (max, data) => (parseDataUrl(data)?.size ?? 0) <= max,
    placeholders: (p) => ({ max: megabytes(p.limit) }),
  }),
  keywordRule<boolean>({
    name: 'fileNotEmpty',
    message: 'validation.fileEmpty',
    dataType: 'string',
    param: { type: 'boolean' },
    check: (on, data) => !on || (parseDataUrl(data)?.size ?? 0) > 0,
  }),
  keywordRule<number>({
    name: 'fileCountMin',
    message: 'validation.fileCountMin',
    dataType: 'array',
    param: count,
    check: (min, data) => data.length >= min,
    placeholders: (p) => ({ min: p.limit }),
  }),
  keywordRule<number>({
    name: 'fileCountMax',
    message: 'validation.fileCountMax',
    dataType: 'array',
    param: count,
    check: (max, data) => data.length <= max,
    placeholders: (p) => ({ max: p.limit }),
  }),
];
