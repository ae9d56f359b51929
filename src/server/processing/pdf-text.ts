import { PdfDocument } from '../einvoice/pdf/pdf-document';
import { PdfDict, PdfStream, type PdfValue } from '../einvoice/pdf/pdf-objects';

const MAX_PAGES = 20;
const MAX_TEXT = 200_000;

/**
 * The text of a plain PDF (no e-invoice inside): the strings its pages show with Tj, TJ, ' and ".
 * Decision: the project's own PDF reader (src/server/einvoice/pdf, hardened against hostile files:
 * capped decompression, bounded nesting) is reused instead of adding pdfjs-dist — it suffices for
 * invoices written with standard fonts; a PDF whose text cannot be found (scans, CID fonts) reads
 * as empty, which processing answers with 929 "document not readable".
 */
export function readPdfText(bytes: Buffer): string {
  const doc = PdfDocument.open(bytes);
  const pages: PdfDict[] = [];
  const visit = (node: PdfValue | undefined, depth: number) => {
    const value = doc.resolve(node);
    if (!(value instanceof PdfDict) || depth > 12 || pages.length >= MAX_PAGES) return;
    const kids = doc.resolve(value.get('Kids'));
    if (Array.isArray(kids)) for (const kid of kids) visit(kid, depth + 1);
    else pages.push(value);
  };
  visit(doc.catalog.get('Pages'), 0);
  let text = '';
  for (const page of pages) {
    const contents = doc.resolve(page.get('Contents'));
    const streams = Array.isArray(contents) ? contents.map((c) => doc.resolve(c)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PdfStream)) continue;
      text += `${showText(doc.decode(stream).toString('latin1'))}\n`;
      if (text.length > MAX_TEXT) return text.slice(0, MAX_TEXT);
    }
  }
  return text;
}

/** The literal strings of the text-showing operators of one content stream, one line per BT/Td step. */
function showText(content: string): string {
  const out: string[] = [];
  const pattern = /\((?:\\.|[^\\)])*\)|\[(?:\((?:\\.|[^\\)])*\)|[^\]])*\]\s*TJ|T\*|Td|TD|ET/g;
  for (const match of content.matchAll(pattern)) {
    const token = match[0];
    if (token === 'T*' || token === 'Td' || token === 'TD' || token === 'ET') out.push('\n');
    else if (token.startsWith('(')) out.push(unescapePdf(token.slice(1, -1)));
    else for (const part of token.matchAll(/\((?:\\.|[^\\)])*\)/g)) out.push(unescapePdf(part[0].slice(1, -1)));
  }
  return out.join('').replace(/\n{2,}/g, '\n');
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
function unescapePdf(s: string): string {
  return s.replace(/\\([0-7]{1,3}|.)/g, (_, c: string) => (/^[0-7]/.test(c) ? String.fromCharCode(Number.parseInt(c, 8)) : (ESCAPES[c] ?? c)));
}
