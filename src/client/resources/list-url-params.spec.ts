import { describe, expect, it } from 'vitest';
import { filterValues, type ListUrlDefaults, parseListUrl, serializeListUrl } from './list-url-params';

const defaults: ListUrlDefaults = { perPageOptions: [15, 25, 50, 100], defaultPerPage: 15 };

describe('parseListUrl', () => {
  it('reads the spec parameters', () => {
    expect(
      parseListUrl(
        '?page=3&itemsPerPage=50&sortBy=name&sortDesc=true&filters[status][]=active&filters[status][]=inactive&tab=limit',
        defaults,
      ),
    ).toEqual({
      page: 3,
      perPage: 50,
      sort: { field: 'name', order: 'DESC' },
      filter: { status: ['active', 'inactive'] },
      tab: 'limit',
    });
  });

  it('falls back to the defaults for missing or invalid values', () => {
    expect(parseListUrl('?page=-1&itemsPerPage=33', defaults)).toEqual({
      page: 1,
      perPage: 15,
      sort: { field: '', order: 'ASC' },
      filter: {},
    });
    expect(parseListUrl('', { ...defaults, defaultSort: { field: 'name', order: 'DESC' } }).sort).toEqual({
      field: 'name',
      order: 'DESC',
    });
  });

  it('decodes encoded filter values', () => {
    expect(parseListUrl('?filters%5Bsearch%5D%5B%5D=M%C3%BCller%20%26%20Co', defaults).filter).toEqual({
      search: ['Müller & Co'],
    });
  });
});

describe('serializeListUrl', () => {
  it('writes only what differs from the defaults and keeps other parameters', () => {
    const state = parseListUrl('', defaults);
    expect(serializeListUrl('?uploadVoucher=true&page=4', state, defaults)).toBe('?uploadVoucher=true');
    expect(
      serializeListUrl(
        '',
        { ...state, page: 2, perPage: 25, sort: { field: 'city', order: 'DESC' } },
        defaults,
      ),
    ).toBe('?page=2&itemsPerPage=25&sortBy=city&sortDesc=true');
  });

  it('round-trips filters and the tab', () => {
    const state = parseListUrl('?filters[status][]=active&filters[search][]=a b&tab=sepa', defaults);
    const text = serializeListUrl('', state, defaults);
    expect(text).toBe('?filters[status][]=active&filters[search][]=a%20b&tab=sepa');
    expect(parseListUrl(text, defaults)).toEqual(state);
  });

  it('drops filters without values', () => {
    const state = { ...parseListUrl('', defaults), filter: { status: [] } };
    expect(serializeListUrl('', state, defaults)).toBe('');
  });
});

describe('filterValues', () => {
  it('keeps empty bounds of a range but drops a filter with no value at all', () => {
    expect(filterValues(['', '2024-12-31'])).toEqual(['', '2024-12-31']);
    expect(filterValues(['', ''])).toEqual([]);
    expect(filterValues('x')).toEqual(['x']);
    expect(filterValues(undefined)).toEqual([]);
  });

  it('round-trips an open range through the URL', () => {
    const state = { ...parseListUrl('', defaults), filter: { created: ['', '2024-12-31'] } };
    expect(parseListUrl(serializeListUrl('', state, defaults), defaults).filter).toEqual({
      created: ['', '2024-12-31'],
    });
  });
});
