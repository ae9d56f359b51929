import { describe, expect, it } from 'vitest';
import { INT32_MAX, boundIntegers, hardenRouteSchema, hasControlCharacter } from '../../../src/server/plugins/input-hardening';

describe('boundIntegers', () => {
  it('gives ids and every path or query integer 32-bit bounds, other body integers the safe range', () => {
    const body = boundIntegers({ type: 'object', properties: { id: { type: 'integer' }, ids: { type: 'array', items: { type: 'integer' } }, amount: { type: 'integer', minimum: 1 } } }, false) as any;
    expect(body.properties.id).toEqual({ type: 'integer', maximum: INT32_MAX, minimum: -2147483648 });
    expect(body.properties.ids.items.maximum).toBe(INT32_MAX);
    expect(body.properties.amount).toEqual({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
    const query = boundIntegers({ type: 'object', properties: { page: { type: 'integer', minimum: 1 } } }, true) as any;
    expect(query.properties.page).toEqual({ type: 'integer', minimum: 1, maximum: INT32_MAX });
  });

  it('keeps existing bounds, enums and defaults, and does not touch the input', () => {
    const input = { type: ['integer', 'null'], maximum: 5, enum: [1, 2], default: 1 };
    const copy = structuredClone(input);
    expect(boundIntegers(input, true)).toEqual({ ...input, minimum: -2147483648 });
    expect(input).toEqual(copy);
  });
});

describe('hardenRouteSchema', () => {
  it('types an undeclared id path parameter as a bounded integer', () => {
    expect(hardenRouteSchema('/debtor/show/:id', undefined)?.params).toEqual({
      type: 'object', properties: { id: { type: 'integer', maximum: INT32_MAX, minimum: -2147483648 } },
    });
  });
  it('leaves routes without schema and without id parameters alone', () => {
    expect(hardenRouteSchema('/healthy', undefined)).toBeUndefined();
    expect(hardenRouteSchema('/terms/:file', undefined)).toBeUndefined();
  });
});

describe('hasControlCharacter', () => {
  it.each([
    ['a\u0000b', true], ['\u0007', true], [{ a: ['x', { b: '\u001f' }] }, true], [{ 'k\u0000': 1 }, true],
    ['Zeile 1\r\nZeile 2\tTab', false], ['ä€😀', false], [42, false], [null, false],
  ])('%j → %s', (value, expected) => expect(hasControlCharacter(value)).toBe(expected));
});
