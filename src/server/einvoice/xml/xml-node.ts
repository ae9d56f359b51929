/**
 * Navigation in the tree fast-xml-parser builds (namespace prefixes removed, attributes as `@_name`,
 * text as `#text`). Repeated elements become arrays, single ones are not; these helpers hide that.
 */
export type XmlNode = string | { [key: string]: XmlValue };
type XmlValue = XmlNode | XmlNode[] | undefined;

function asArray(value: XmlValue): XmlNode[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** All children named `name` of every node in `nodes`. */
function childrenOf(nodes: XmlNode[], name: string): XmlNode[] {
  const out: XmlNode[] = [];
  for (const node of nodes) {
    if (typeof node === 'object') out.push(...asArray(node[name]));
  }
  return out;
}

/**
 * All nodes at the element path below `node`.
 *
 * @example
 * all(invoice, 'PaymentMeans', 'PayeeFinancialAccount') // every payee account of every PaymentMeans
 */
export function all(node: XmlNode | undefined, ...path: string[]): XmlNode[] {
  let nodes: XmlNode[] = node === undefined ? [] : [node];
  for (const name of path) nodes = childrenOf(nodes, name);
  return nodes;
}

/** The first node at the element path, if any. */
export function first(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  return all(node, ...path)[0];
}

/** Trimmed text content of an element; null when absent or empty. */
export function text(node: XmlNode | undefined): string | null {
  if (node === undefined) return null;
  const raw = typeof node === 'string' ? node : node['#text'];
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed;
}

/** Text of the first element at the path that has any. */
export function textAt(node: XmlNode | undefined, ...path: string[]): string | null {
  for (const candidate of all(node, ...path)) {
    const value = text(candidate);
    if (value !== null) return value;
  }
  return null;
}

/** An attribute's trimmed value; null when absent or empty. */
export function attr(node: XmlNode | undefined, name: string): string | null {
  if (node === undefined || typeof node === 'string') return null;
  const raw = node[`@_${name}`];
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed;
}

/** Texts of all elements at the path joined by newlines (e.g. several payment-term notes); null if none. */
export function joinedText(node: XmlNode | undefined, ...path: string[]): string | null {
  const parts = all(node, ...path)
    .map(text)
    .filter((value): value is string => value !== null);
  return parts.length === 0 ? null : parts.join('\n');
}
