import { formatError } from '../einvoice-error';

// XML 1.0 appendix F: the byte order mark, or else the encoding declaration, names the encoding.
const DECLARED_ENCODING = /^<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/;

/**
 * Decodes an XML file's bytes to text (UTF-8 unless a BOM or the declaration says otherwise).
 * Bytes that are not valid in the encoding make the file faulty rather than silently replaced.
 *
 * @example
 * decodeXmlBytes(new TextEncoder().encode('<a/>')) // '<a/>'
 */
export function decodeXmlBytes(bytes: Uint8Array): string {
  let encoding = 'utf-8';
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, start] = ['utf-16be', 2];
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, start] = ['utf-16le', 2];
  else if (bytes[0] === 0x3c && bytes[1] === 0x00) encoding = 'utf-16le';
  else if (bytes[0] === 0x00 && bytes[1] === 0x3c) encoding = 'utf-16be';
  else {
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 256));
    const declared = DECLARED_ENCODING.exec(head)?.[1]?.toLowerCase();
    if (declared && declared !== 'utf-8' && declared !== 'utf8') encoding = declared;
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    throw formatError(`unsupported XML encoding ${encoding}`);
  }
  try {
    return decoder.decode(bytes.subarray(start));
  } catch {
    throw formatError(`XML is not valid ${encoding}`);
  }
}

const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Resolves the five predefined entities and character references. The parser itself runs with
 * entity processing off (no DTD is ever looked at), so this is the only expansion that happens,
 * and it can only shrink the text.
 */
export function decodeXmlEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(
    ENTITY,
    (match, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name) return PREDEFINED[name];
      const codePoint = dec ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16);
      const valid = codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
      return valid ? String.fromCodePoint(codePoint) : match;
    },
  );
}
