import qs from 'qs';

/** How the API reads query strings: arrays in bracket form (`filters[status][]=active`), at most 1000 elements. */
const QS_OPTIONS = { arrayLimit: 1000, depth: 5 } as const;
/** qs reads these as brackets (it turns `%5B`/`%5D` into them before anything else). */
const BRACKETS = /[[\]]|%5[bd]/i;
const hasOwn = Object.prototype.hasOwnProperty;

/** A key or value as qs decodes it: `+` is a space, then percent-decoding; a malformed escape stays as it is. */
function decode(text: string): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * The API's query string parser: exactly what `qs.parse(query, { arrayLimit: 1000, depth: 5 })`
 * answers, with a shortcut for the plain strings most GETs send (`page=1&rowsPerPage=15`: no
 * brackets, no key twice, at most 100 pairs), which qs took ~2 % of a cheap list's server CPU to read
 * (issue 32). Anything else goes to qs itself. As qs, it drops empty keys and keys that name a
 * property of Object.prototype.
 *
 * @example parseQueryString('page=1&rowsPerPage=15') // { page: '1', rowsPerPage: '15' }
 */
export function parseQueryString(query: string): Record<string, unknown> {
  if (BRACKETS.test(query)) return qs.parse(query, QS_OPTIONS);
  const parts = query.split('&', 101);
  if (parts.length > 100) return qs.parse(query, QS_OPTIONS);
  const result: Record<string, unknown> = {};
  for (const part of parts) {
    const at = part.indexOf('=');
    const key = decode(at < 0 ? part : part.slice(0, at));
    if (key === '' || hasOwn.call(Object.prototype, key)) continue;
    // a key twice is an array for qs (up to its limit): that reading is left to qs
    if (hasOwn.call(result, key)) return qs.parse(query, QS_OPTIONS);
    result[key] = at < 0 ? '' : decode(part.slice(at + 1));
  }
  return result;
}
