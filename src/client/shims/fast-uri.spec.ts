import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import { forms } from '../../../generated/forms';
import shim from './fast-uri';

// The browser build replaces fast-uri (which @rjsf/utils uses for `$ref`s) with a small shim
// (src/client/shims/fast-uri.ts): that holds only while no form has a `$ref` of its own.
describe('the fast-uri shim', () => {
  it('is enough: no generated form has a $ref', () => {
    const referring = Object.values(forms)
      .filter((form) => JSON.stringify(form).includes('"$ref"'))
      .map((form) => form.name);
    expect(Object.keys(forms).length).toBeGreaterThan(10);
    expect(referring).toEqual([]);
  });

  it('resolves and compares as fast-uri does for what rjsf asks', () => {
    const cases: [string, string][] = [
      ['#', '#/definitions/address'],
      ['#', '#'],
      ['AbandonmentForm', '#/properties/amount'],
      ['AbandonmentForm#/x', '#/y'],
      ['https://kontor.example/forms/a.json', 'b.json#/c'],
      ['https://kontor.example/forms/a.json', '#/c'],
    ];
    for (const [base, ref] of cases) expect(shim.resolve(base, ref), `${base} + ${ref}`).toBe(fastUri.resolve(base, ref));
    for (const id of Object.values(forms).map((form) => String(form.schema.$id))) {
      expect(shim.equal(id, id)).toBe(fastUri.equal(id, id));
      expect(shim.equal(id, `${id}x`)).toBe(fastUri.equal(id, `${id}x`));
    }
  });
});
