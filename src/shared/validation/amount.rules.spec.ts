import { describe, expect, it } from 'vitest';
import { field, keysOf } from './validation.test-helpers';

const money = (rule: Record<string, unknown>) => ({ type: 'integer', ...rule });

describe('keywords moneyGreaterThan, moneyAtLeast, moneyAtMost', () => {
  it('moneyGreaterThan is strict', () => {
    const schema = money({ moneyGreaterThan: 1000 });
    expect(keysOf(schema, 1001)).toEqual([]);
    expect(keysOf(schema, 1000)).toEqual(['validation.moreThan']);
  });

  it('moneyAtLeast includes the bound', () => {
    const schema = money({ moneyAtLeast: 1000 });
    expect(keysOf(schema, 1000)).toEqual([]);
    expect(keysOf(schema, 999)).toEqual(['validation.atLeast']);
  });

  it('moneyAtMost includes the bound', () => {
    const schema = money({ moneyAtMost: 1000 });
    expect(keysOf(schema, 1000)).toEqual([]);
    expect(keysOf(schema, 1001)).toEqual(['validation.atMost']);
  });

  it('shows the bound as a German amount', () => {
    expect(field(money({ moneyAtLeast: 123456 }))(1)).toEqual([
      { key: 'validation.atLeast', params: { amount: '1.234,56 €' } },
    ]);
    expect(field(money({ moneyGreaterThan: 0 }))(0)).toEqual([
      { key: 'validation.moreThan', params: { amount: '0,00 €' } },
    ]);
  });

  it('leaves null of optional amounts to the type', () => {
    expect(keysOf({ type: ['integer', 'null'], moneyAtLeast: 100 }, null)).toEqual([]);
  });
});

describe('keyword positive (default minimum above 0 of number fields)', () => {
  const schema = { type: 'number', positive: true };
  it.each([0.01, 1, 100000])('accepts %d', (v) => expect(keysOf(schema, v)).toEqual([]));
  it.each([0, -1])('rejects %d', (v) => expect(keysOf(schema, v)).toEqual(['validation.positive']));
  it('is switched off with false', () => expect(keysOf({ type: 'number', positive: false }, 0)).toEqual([]));
});

describe('keyword percent', () => {
  const schema = { type: ['number', 'string'], percent: true };
  it.each([0, 12.5, 100, '12,5', '100', '0,25'])('accepts %j', (v) => expect(keysOf(schema, v)).toEqual([]));
  it.each([-0.01, 100.5, '100,5', '12.5', 'viel', '-1'])('rejects %j', (v) =>
    expect(keysOf(schema, v)).toEqual(['validation.percent']),
  );
});

describe('keyword serviceFeeShare', () => {
  const schema = { type: 'number', serviceFeeShare: true };
  it('caps the charged share at 100 percent', () => {
    expect(keysOf(schema, 100)).toEqual([]);
    expect(keysOf(schema, 100.01)).toEqual(['validation.serviceFeeShareMax']);
  });
});

describe('keyword onlineTurnoverRateMax', () => {
  const check = field({ type: 'number', onlineTurnoverRateMax: 30 });
  it('accepts up to the maximum', () => expect(check(30)).toEqual([]));
  it('rejects above it, naming the maximum', () =>
    expect(check(30.5)).toEqual([{ key: 'validation.onlineTurnoverRateMax', params: { max: '30' } }]));
});

describe('keyword factorableTurnover (cents)', () => {
  const check = field({ type: 'integer', factorableTurnover: {} });
  it.each([10_000_000, 123_456_789, 750_000_000])('accepts %i with the default bounds', (v) =>
    expect(check(v)).toEqual([]),
  );
  it.each([9_999_999, 750_000_001])('rejects %i, naming both bounds', (v) =>
    expect(check(v)).toEqual([
      { key: 'validation.factorableTurnoverRange', params: { min: '100.000,00 €', max: '7.500.000,00 €' } },
    ]),
  );
  it('takes other bounds from the parameter', () => {
    const narrow = field({ type: 'integer', factorableTurnover: { min: 50_000_000 } });
    expect(narrow(10_000_000).map((m) => m.params.min)).toEqual(['500.000,00 €']);
  });
  it('rejects a wrong parameter when compiling', () =>
    expect(() => field({ type: 'integer', factorableTurnover: { minimum: 1 } })).toThrow());
});

describe('keyword creditorLimitMax', () => {
  it('caps at 75,000,000 cents by default use', () => {
    const check = field({ type: 'integer', creditorLimitMax: 75_000_000 });
    expect(check(75_000_000)).toEqual([]);
    expect(check(75_000_001)).toEqual([
      { key: 'validation.creditorLimitMax', params: { max: '750.000,00 €' } },
    ]);
  });
  it('caps at 15,000,000 cents in the freight variant', () => {
    const check = field({ type: 'integer', creditorLimitMax: 15_000_000 });
    expect(check(15_000_001)).toEqual([
      { key: 'validation.creditorLimitMax', params: { max: '150.000,00 €' } },
    ]);
  });
});

describe('keyword desiredLimit', () => {
  const schema = {
    type: 'object',
    properties: { desiredLimit: { type: 'integer', desiredLimit: true } },
    required: ['desiredLimit'],
  };
  it('accepts a limit above 0', () => expect(keysOf(schema, { desiredLimit: 500000 })).toEqual([]));
  it('rejects 0', () =>
    expect(keysOf(schema, { desiredLimit: 0 })).toEqual(['validation.desiredLimitRequired']));
  it('reports a missing limit with its own text', () =>
    expect(keysOf(schema, {})).toEqual(['validation.desiredLimitRequired']));
});
