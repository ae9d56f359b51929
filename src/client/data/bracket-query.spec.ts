import { describe, expect, it } from 'vitest';
import { otherParameters, parseBracketQuery, stringifyBracketQuery } from './bracket-query';

describe('parseBracketQuery', () => {
  it('reads flat parameters and bracket arrays per key, encoded or not', () => {
    expect(
      parseBracketQuery('?page=2&filters[status][]=a&filters%5Bstatus%5D%5B%5D=b&filters[search][]=M%C3%BCller+%26%20Co'),
    ).toEqual({ page: '2', filters: { status: ['a', 'b'], search: ['Müller & Co'] } });
  });

  it('takes a bracket key without [] and indexed items as values of that key', () => {
    expect(parseBracketQuery('filters[search]=x&filters[date][0]=&filters[date][1]=2024-12-31')).toEqual({
      filters: { search: ['x'], date: ['', '2024-12-31'] },
    });
  });

  it('keeps the last of a repeated parameter and ignores what is nested deeper or malformed', () => {
    const parsed = parseBracketQuery('page=1&page=3&a[b][c][d]=1&[x]=2&broken=%E0%A4%A&flag');
    expect(parsed).toEqual({ page: '3', broken: '%E0%A4%A', flag: '' });
  });

  it('gives prototype keys no special meaning', () => {
    const parsed = parseBracketQuery('__proto__=x&filters[__proto__][]=y&constructor[prototype][]=z');
    expect(Object.keys(parsed).sort()).toEqual(['__proto__', 'constructor', 'filters']);
    expect(({} as Record<string, unknown>).prototype).toBeUndefined();
    expect(Object.entries(parsed.filters)).toEqual([['__proto__', ['y']]]);
  });
});

describe('stringifyBracketQuery', () => {
  it('writes parameters in order, values encoded, brackets readable, undefined left out', () => {
    expect(
      stringifyBracketQuery({ page: 1, sortBy: undefined, sortDesc: false, filters: { status: ['a', 'b c'], none: [] } }),
    ).toBe('page=1&sortDesc=false&filters[status][]=a&filters[status][]=b%20c');
  });

  it('round-trips through parseBracketQuery', () => {
    const values = { tab: 'sepa', filters: { search: ['&=?#[]'], date: ['', '2024-12-31'] } };
    expect(parseBracketQuery(stringifyBracketQuery(values))).toEqual(values);
  });
});

describe('otherParameters', () => {
  it('keeps every parameter not named, raw and in order', () => {
    expect(otherParameters('?uploadVoucher=true&page=4&filters[x][]=1&a%20b=c%20d', ['page', 'filters'])).toEqual([
      'uploadVoucher=true',
      'a%20b=c%20d',
    ]);
  });
});
