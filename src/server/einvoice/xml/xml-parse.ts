import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { formatError } from '../einvoice-error';
import type { XmlNode } from './xml-node';
import { prescanXml } from './xml-prescan';
import { decodeXmlEntities } from './xml-text';

/** A well-formed document: its root element's local name and namespace, and the element tree. */
export interface ParsedXml {
  localName: string;
  namespace: string | null;
  root: XmlNode;
}

// Entities stay off: no DTD is read, nothing is expanded (XXE, billion laughs); decodeXmlEntities
// resolves only the predefined ones. Values stay strings so "0042" or "12.50" keep their spelling.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: 64,
  jPath: false,
  // Only the number of invoice lines is needed, and attachments are base64 blobs: kept unparsed
  // as text (still checked for well-formedness by the validator), which makes large invoices cheap.
  stopNodes: [
    '..InvoiceLine',
    '..CreditNoteLine',
    '..IncludedSupplyChainTradeLineItem',
    '..EmbeddedDocumentBinaryObject',
    '..AttachmentBinaryObject',
  ],
  tagValueProcessor: (_name: string, value: string) => decodeXmlEntities(value),
  attributeValueProcessor: (_name: string, value: string) => decodeXmlEntities(value),
});

const DTD = /<!(?:DOCTYPE|ENTITY)/i;
const ROOT_NAME = /^<(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)/;

/**
 * Parses an XML document safely: any DTD and any structure over the pre-scan's limits
 * (xml-prescan.ts) are refused before parsing, the document must be well-formed.
 *
 * @example
 * parseXml('<Invoice xmlns="urn:x"><ID>1</ID></Invoice>').localName // 'Invoice'
 */
export function parseXml(source: string): ParsedXml {
  // White space before the declaration is not well-formed, but common and harmless.
  const text = source.trimStart();
  // A DTD is the only way to XXE and entity expansion; invoices never need one.
  if (DTD.test(text))
    throw formatError('DTD or entity declaration present (refused: XXE / entity expansion)');
  const start = findRootStart(text);
  if (!start) throw formatError('no root element');
  // hostile structure (800,000 attributes, millions of elements) refused in one linear pass (issue 27)
  prescanXml(text);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw formatError(`XML not well-formed: ${valid.err.msg} (line ${valid.err.line})`);
  let tree: Record<string, XmlNode>;
  try {
    tree = parser.parse(text) as Record<string, XmlNode>;
  } catch (error) {
    throw formatError(`XML not parsable: ${(error as Error).message}`);
  }
  const root = tree[start.localName];
  if (root === undefined) throw formatError('root element missing after parsing');
  return { localName: start.localName, namespace: namespaceOf(start.prefix, start.tag), root };
}

interface RootStart {
  prefix: string | null;
  localName: string;
  /** the start tag's text, attributes included */
  tag: string;
}

/** Skips the prolog (declaration, comments, processing instructions) to the root's start tag. */
function findRootStart(text: string): RootStart | null {
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) return null;
    const skipTo = text.startsWith('<?', lt) ? '?>' : text.startsWith('<!--', lt) ? '-->' : null;
    if (skipTo) {
      const end = text.indexOf(skipTo, lt + 2);
      if (end < 0) return null;
      i = end + skipTo.length;
      continue;
    }
    const name = ROOT_NAME.exec(text.slice(lt, lt + 300));
    if (!name) return null;
    return { prefix: name[1] ?? null, localName: name[2], tag: text.slice(lt, tagEnd(text, lt)) };
  }
  return null;
}

function tagEnd(text: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i + 1;
  }
  return text.length;
}

function namespaceOf(prefix: string | null, tag: string): string | null {
  const attribute = prefix === null ? 'xmlns' : `xmlns:${prefix}`;
  const pattern = new RegExp(`\\s${attribute.replace(/[.-]/g, '\\$&')}\\s*=\\s*(["'])(.*?)\\1`);
  return pattern.exec(tag)?.[2] ?? null;
}
