import { describe, expect, it } from 'vitest';
import { field, keysOf, TODAY } from './validation.test-helpers';

// TODAY is 2024-05-15.
const date = (rule: Record<string, unknown>) => ({ type: 'string', format: 'date', ...rule });

describe('keywords dateMin and dateMax', () => {
  it('dateMin with a fixed date is inclusive', () => {
    const schema = date({ dateMin: '2024-01-01' });
    expect(keysOf(schema, '2024-01-01')).toEqual([]);
    expect(keysOf(schema, '2023-12-31')).toEqual(['validation.dateMin']);
  });

  it('dateMax today accepts today and rejects tomorrow, naming the bound', () => {
    const check = field(date({ dateMax: 'today' }));
    expect(check(TODAY)).toEqual([]);
    expect(check('2024-05-16')).toEqual([{ key: 'validation.dateMax', params: { date: '15.05.2024' } }]);
  });

  it('resolves relative bounds when validating, not when compiling', () => {
    let today = '2024-05-15';
    const check = field(date({ dateMin: 'today+14d' }), { today: () => today });
    expect(check('2024-05-29')).toEqual([]);
    today = '2024-06-01';
    expect(check('2024-05-29')).toEqual([{ key: 'validation.dateMin', params: { date: '15.06.2024' } }]);
  });

  it('leaves an invalid date to the date format', () => {
    expect(keysOf(date({ dateMin: '2024-01-01' }), '2024-02-30')).toEqual(['validation.dateInvalid']);
  });

  it('rejects a malformed bound when compiling', () => {
    expect(() => field(date({ dateMin: 'yesterday' }))).toThrow();
    expect(() => field(date({ dateMax: '15.05.2024' }))).toThrow();
  });
});

describe('keywords dateOnlyFrom and dateOnlyUntil', () => {
  it('dateOnlyFrom: the first direct debit only from the date the form shows', () => {
    const check = field(date({ dateOnlyFrom: 'today+5d' }));
    expect(check('2024-05-20')).toEqual([]);
    expect(check('2024-05-19')).toEqual([{ key: 'validation.dateOnlyFrom', params: { date: '20.05.2024' } }]);
  });

  it('dateOnlyUntil', () => {
    const schema = date({ dateOnlyUntil: '2024-12-31' });
    expect(keysOf(schema, '2024-12-31')).toEqual([]);
    expect(keysOf(schema, '2025-01-01')).toEqual(['validation.dateOnlyUntil']);
  });
});

describe('keyword maxPastMonths', () => {
  const check = field(date({ maxPastMonths: 3 }));
  it.each(['2024-02-15', '2024-05-15', '2024-12-24'])('accepts %s', (v) => expect(check(v)).toEqual([]));
  it('rejects a day more than 3 months ago', () =>
    expect(check('2024-02-14')).toEqual([{ key: 'validation.dateMinPastMonths', params: { months: 3 } }]));
});

describe('keyword foundingMinMonths', () => {
  const check = field(date({ foundingMinMonths: 6 }));
  it('accepts a company founded 6 months ago or earlier', () => {
    expect(check('2023-11-15')).toEqual([]);
    expect(check('1998-04-01')).toEqual([]);
  });
  it('rejects a younger company', () =>
    expect(check('2023-11-16')).toEqual([
      { key: 'validation.foundingDateTooRecent', params: { months: 6 } },
    ]));
});

describe('German entry reaching date keywords', () => {
  it('judges dd.MM.yyyy text like the stored date', () => {
    const schema = { type: 'string', format: 'germanDate', dateMax: 'today' };
    expect(keysOf(schema, '15.05.24')).toEqual([]);
    expect(keysOf(schema, '16.05.2024')).toEqual(['validation.dateMax']);
  });
});
