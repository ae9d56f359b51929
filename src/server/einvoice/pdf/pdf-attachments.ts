import type { PdfDocument } from './pdf-document';
import { nameOf, PdfDict, PdfError, PdfRef, PdfStream, type PdfValue, textString } from './pdf-objects';

/** A file embedded in a PDF (file specification with /EF, ISO 32000-1, 7.11.4). */
export interface PdfAttachment {
  name: string;
  /** MIME type from the embedded file's /Subtype, e.g. `text/xml` */
  mimeType: string | null;
  /** decodes the file's data (within the document's size limits) */
  content(): Buffer;
}

const MAX_ATTACHMENTS = 100;
const MAX_TREE_NODES = 2000;
const MAX_TREE_DEPTH = 32;

/**
 * Lists the embedded files a reader can reach: the document's EmbeddedFiles name tree (where
 * ZUGFeRD 1 and 2 put the invoice) and the catalog's /AF associated files (PDF/A-3, Factur-X).
 * A file reachable both ways is listed once. If a damaged structure hides every attachment, the
 * fault is thrown rather than reporting a PDF without attachments.
 *
 * @example
 * listAttachments(doc).map((a) => a.name) // ['factur-x.xml']
 */
export function listAttachments(doc: PdfDocument): PdfAttachment[] {
  const found = new Map<unknown, PdfAttachment>();
  const faults: unknown[] = [];
  const catalog = doc.catalog;
  const add = (spec: PdfValue | undefined, treeKey: string | null) => {
    if (found.size >= MAX_ATTACHMENTS) return;
    const attachment = fileSpec(doc, spec, treeKey);
    if (attachment && !found.has(attachment.key)) found.set(attachment.key, attachment.file);
  };
  try {
    const names = doc.resolve(catalog.get('Names'));
    if (names instanceof PdfDict) walkNameTree(doc, names.get('EmbeddedFiles'), add);
  } catch (error) {
    faults.push(error);
  }
  try {
    const associated = doc.resolve(catalog.get('AF'));
    if (Array.isArray(associated)) for (const spec of associated) add(spec, null);
  } catch (error) {
    faults.push(error);
  }
  if (found.size === 0 && faults.length > 0) throw faults[0];
  return [...found.values()];
}

function walkNameTree(
  doc: PdfDocument,
  root: PdfValue | undefined,
  visit: (value: PdfValue, key: string | null) => void,
): void {
  const seen = new Set<number>();
  let nodes = 0;
  const walk = (node: PdfValue | undefined, depth: number) => {
    if (node instanceof PdfRef) {
      if (seen.has(node.num)) return;
      seen.add(node.num);
    }
    if (depth > MAX_TREE_DEPTH || ++nodes > MAX_TREE_NODES) throw new PdfError('name tree too large');
    const dict = doc.resolve(node);
    if (!(dict instanceof PdfDict)) return;
    const names = doc.resolve(dict.get('Names'));
    if (Array.isArray(names)) {
      for (let i = 0; i + 1 < names.length; i += 2) visit(names[i + 1], textString(doc.resolve(names[i])));
    }
    const kids = doc.resolve(dict.get('Kids'));
    if (Array.isArray(kids)) for (const kid of kids) walk(kid, depth + 1);
  };
  walk(root, 0);
}

function fileSpec(
  doc: PdfDocument,
  value: PdfValue | undefined,
  treeKey: string | null,
): { key: unknown; file: PdfAttachment } | null {
  const spec = doc.resolve(value);
  if (!(spec instanceof PdfDict)) return null;
  const embedded = doc.resolve(spec.get('EF'));
  if (!(embedded instanceof PdfDict)) return null;
  const ref = embedded.get('F') ?? embedded.get('UF');
  const stream = doc.resolve(ref);
  if (!(stream instanceof PdfStream)) return null;
  // /UF is the Unicode name (PDF 1.7); /F the older byte-string name; the tree key as last resort.
  const name =
    textString(doc.resolve(spec.get('UF'))) ?? textString(doc.resolve(spec.get('F'))) ?? treeKey ?? '';
  return {
    key: ref instanceof PdfRef ? ref.num : stream,
    file: { name, mimeType: nameOf(stream.dict.get('Subtype')), content: () => doc.decode(stream) },
  };
}
