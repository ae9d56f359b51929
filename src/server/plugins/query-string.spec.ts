import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string';

const viaQs = (query: string) => qs.parse(query, { arrayLimit: 1000, depth: 5 });
const same = (query: string) => {
  const ours = parseQueryString(query);
  expect(ours).toEqual(viaQs(query));
  expect(Object.getPrototypeOf(ours)).toBe(Object.getPrototypeOf(viaQs(query)));
};

describe('parseQueryString', () => {
  it('reads every query string as qs does', () => {
    const token = fc.constantFrom(
      'a', 'b', 'page', 'rowsPerPage', '1', '15', '=', '=', '&', '&', '+', '%20', '%C3%A4', '%E0%A4%A', '%', '%2', '.',
      '[', ']', '[]', '%5B', '%5d', 'toString', '__proto__', 'constructor', 'hasOwnProperty', 'filters[status][]', 'x=y=z', ' ',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 14 }), (tokens) => same(tokens.join(''))),
      { numRuns: 5000 },
    );
  });

  it('reads the plain strings of the lists, and leaves arrays, objects and repeats to qs', () => {
    for (const query of [
      'page=1&rowsPerPage=15',
      'page=1&rowsPerPage=15&sortBy=uploaded&sortDesc=true&filters[status][]=open',
      'filters%5Bstatus%5D%5B%5D=open&filters%5Bstatus%5D%5B%5D=paid',
      'a=1&a=2&a=3',
      'q=M%C3%BCller+%26+S%C3%B6hne&empty=&flag',
      'bad=%E0%A4%A&ok=%41',
      '',
      '&&=&x',
      `${Array.from({ length: 150 }, (_, i) => `k${i}=${i}`).join('&')}`,
    ]) {
      same(query);
    }
    expect(parseQueryString('q=M%C3%BCller+%26+S%C3%B6hne')).toEqual({ q: 'Müller & Söhne' });
  });
});
