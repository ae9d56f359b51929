/**
 * The query strings of the spec's list calls and of the portal's list addresses: flat parameters
 * plus one level of bracket arrays, `filters[status][]=active&filters[status][]=inactive`.
 *
 * The portal reads and writes nothing deeper, so this small codec replaces `qs` in the client (qs
 * with its dependencies was ~10 KB gzip of every page's JavaScript; the server keeps qs for what
 * callers send). Keys are written as they are (brackets readable, as the spec shows them), values
 * percent-encoded.
 */

/** A parsed query: a parameter's last value, or, for `name[key][]=…`, the values per key. */
export type BracketQuery = Record<string, string | Record<string, string[]>>;

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** `name`, or `name` and `key` of `name[key]`, `name[key][]`, `name[key][3]` */
const KEY = /^([^[\]]+)(?:\[([^[\]]*)\](?:\[\d*\])?)?$/;

/** The parameters of `search` in their order as decoded key and value, with the raw text. */
function pairs(search: string): { key: string; value: string; raw: string }[] {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((raw) => {
      const at = raw.indexOf('=');
      return {
        key: decode(at < 0 ? raw : raw.slice(0, at)),
        value: decode(at < 0 ? '' : raw.slice(at + 1)),
        raw,
      };
    });
}

/** The top-level name of a parameter (`filters` of `filters[status][]`). */
export const parameterName = (key: string): string => key.split('[')[0];

/**
 * Reads a query string; a parameter given twice keeps its last value, a bracket parameter collects
 * its values per key, anything deeper is ignored.
 *
 * @example parseBracketQuery('?page=2&filters[status][]=a&filters[status][]=b')
 * // { page: '2', filters: { status: ['a', 'b'] } }
 */
export function parseBracketQuery(search: string): BracketQuery {
  const out: BracketQuery = Object.create(null);
  for (const { key, value } of pairs(search)) {
    const match = KEY.exec(key);
    if (!match) continue;
    const [, name, inner] = match;
    if (inner === undefined) {
      out[name] = value;
      continue;
    }
    const group = typeof out[name] === 'object' ? (out[name] as Record<string, string[]>) : Object.create(null);
    group[inner] = [...(group[inner] ?? []), value];
    out[name] = group;
  }
  return out;
}

/** What a query is written from: plain values, and `name → key → values` for bracket arrays. */
export type BracketValues = Record<
  string,
  string | number | boolean | Record<string, readonly string[]> | undefined
>;

/**
 * Writes parameters in their order; `undefined` ones are left out, `{ key: [values] }` becomes
 * `name[key][]=value` for each value.
 *
 * @example stringifyBracketQuery({ page: 1, filters: { status: ['a'] } }) // 'page=1&filters[status][]=a'
 */
export function stringifyBracketQuery(values: BracketValues): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (typeof value === 'object') {
      for (const [key, items] of Object.entries(value))
        for (const item of items) parts.push(`${name}[${key}][]=${encodeURIComponent(item)}`);
    } else parts.push(`${name}=${encodeURIComponent(String(value))}`);
  }
  return parts.join('&');
}

/**
 * The raw parameters of `search` whose name is not among `names`, unchanged and in their order.
 *
 * @example otherParameters('?uploadVoucher=true&page=4', ['page']) // ['uploadVoucher=true']
 */
export function otherParameters(search: string, names: readonly string[]): string[] {
  return pairs(search)
    .filter(({ key }) => !names.includes(parameterName(key)))
    .map(({ raw }) => raw);
}
