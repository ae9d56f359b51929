import { formatError } from '../einvoice-error';

/**
 * Limits of an e-invoice's structure (issue 27). A real invoice stays far below them: the shared
 * XRechnung/ZUGFeRD samples have at most a few thousand elements, a handful of attributes per element
 * and depth < 20; an invoice with 10,000 lines has ~300,000 elements. Attachments are base64 text,
 * so text inside `*BinaryObject` elements is bounded only by the file size (10 MB).
 */
export const PRESCAN_LIMITS = {
  elements: 400_000,
  attributes: 200_000,
  attributesPerElement: 64,
  depth: 64,
  attributeValue: 16_384,
  text: 1_048_576,
} as const;

export interface PrescanResult {
  elements: number;
  attributes: number;
  maxDepth: number;
}

const BINARY = /BinaryObject$/;

const refuse = (what: string, value: number, limit: number): never => {
  throw formatError(`structurally hostile XML refused before parsing: ${what} (${value} > ${limit})`);
};

/**
 * One linear pass over the document before the full parse: counts elements, attributes (in total and
 * per element), the depth, and measures each attribute value and text run; over a limit it throws
 * 925 at once, so a hostile file costs milliseconds of the reader instead of seconds. It checks no
 * well-formedness (the validator does that next) and never builds anything.
 *
 * @example prescanXml('<a x="1"><b/></a>') // → { elements: 2, attributes: 1, maxDepth: 2 }
 */
export function prescanXml(text: string, limits = PRESCAN_LIMITS): PrescanResult {
  let elements = 0;
  let attributes = 0;
  let maxDepth = 0;
  const open: string[] = [];
  let i = text.indexOf('<');
  while (i !== -1 && i < text.length) {
    const next = text.charCodeAt(i + 1);
    if (next === 63 /* ? */) {
      i = skipPast(text, '?>', i);
    } else if (text.startsWith('<!--', i)) {
      i = skipPast(text, '-->', i);
    } else if (text.startsWith('<![CDATA[', i)) {
      const end = skipPast(text, ']]>', i);
      checkText(open, end - i, limits);
      i = end;
    } else if (next === 33 /* ! */) {
      i = skipPast(text, '>', i);
    } else if (next === 47 /* / */) {
      open.pop();
      i = skipPast(text, '>', i);
    } else {
      // a start tag: its name, then attributes up to `>` (quotes may hold `>`)
      let j = i + 1;
      while (j < text.length && !isNameEnd(text.charCodeAt(j))) j++;
      const name = text.slice(i + 1, j);
      let own = 0;
      let quote = 0;
      let valueStart = 0;
      let selfClosing = false;
      for (; j < text.length; j++) {
        const c = text.charCodeAt(j);
        if (quote) {
          if (c === quote) {
            quote = 0;
            if (j - valueStart > limits.attributeValue) refuse('attribute value too long', j - valueStart, limits.attributeValue);
          }
        } else if (c === 34 || c === 39) {
          quote = c;
          valueStart = j + 1;
        } else if (c === 61 /* = */) {
          own++;
        } else if (c === 62 /* > */) {
          selfClosing = text.charCodeAt(j - 1) === 47;
          break;
        }
      }
      if (quote && j - valueStart > limits.attributeValue) refuse('attribute value too long', j - valueStart, limits.attributeValue);
      if (own > limits.attributesPerElement) refuse('attributes on one element', own, limits.attributesPerElement);
      attributes += own;
      if (attributes > limits.attributes) refuse('attributes', attributes, limits.attributes);
      if (++elements > limits.elements) refuse('elements', elements, limits.elements);
      if (!selfClosing) {
        open.push(name);
        if (open.length > maxDepth) maxDepth = open.length;
        if (maxDepth > limits.depth) refuse('nested too deep', maxDepth, limits.depth);
      }
      i = j + 1;
    }
    const lt = text.indexOf('<', i);
    const textEnd = lt === -1 ? text.length : lt;
    if (textEnd - i > 0) checkText(open, textEnd - i, limits);
    i = lt;
  }
  return { elements, attributes, maxDepth };
}

function checkText(open: string[], length: number, limits: typeof PRESCAN_LIMITS): void {
  // outside the root (white space after it) costs the parser nothing
  if (length <= limits.text || open.length === 0) return;
  const element = open[open.length - 1] ?? '';
  if (!BINARY.test(element)) refuse('text too long', length, limits.text);
}

function skipPast(text: string, end: string, from: number): number {
  const at = text.indexOf(end, from + 2);
  return at === -1 ? text.length : at + end.length;
}

/** White space, `>` and `/` end an element name. */
function isNameEnd(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 62 || c === 47;
}
