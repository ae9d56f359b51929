import { describe, expect, it } from 'vitest';
import { adoptUserProduct, LOCAL_PRODUCT_KEY, resolveVariantCode } from './resolve-variant';

/** A two-variant fixture; the real host names come from generated/products. */
const variants = { SMAFA: ['smafa.localhost'], TPF: ['tpf.localhost'] };

/** localStorage's two methods over a Map. */
const memoryStorage = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

describe('resolveVariantCode', () => {
  it('finds the variant by host name, ignoring case and port', () => {
    expect(resolveVariantCode('tpf.localhost', variants, 'SMAFA')).toBe('TPF');
    expect(resolveVariantCode('TPF.localhost:3201', variants, 'SMAFA')).toBe('TPF');
  });

  it('falls back to the default variant for unknown hosts', () => {
    expect(resolveVariantCode('127.0.0.1', variants, 'SMAFA')).toBe('SMAFA');
    expect(resolveVariantCode('portal.example.org', variants, 'SMAFA', undefined)).toBe('SMAFA');
  });

  it('resolves host name first, then the stored local product, then the default', () => {
    // the host wins over a stored choice
    expect(resolveVariantCode('smafa.localhost', variants, 'SMAFA', 'TPF')).toBe('SMAFA');
    expect(resolveVariantCode('localhost', variants, 'SMAFA', 'TPF')).toBe('TPF');
    // an unknown stored code is ignored
    expect(resolveVariantCode('localhost', variants, 'SMAFA', 'NOPE')).toBe('SMAFA');
    expect(resolveVariantCode('localhost', variants, 'SMAFA', undefined)).toBe('SMAFA');
  });

  it('refuses to guess when the default variant does not exist', () => {
    expect(() => resolveVariantCode('x', {}, 'SMAFA')).toThrow(/SMAFA/);
  });
});

describe('adoptUserProduct', () => {
  it("stores the user's product where the host names no variant and asks for one reload", () => {
    const storage = memoryStorage();
    expect(adoptUserProduct('localhost', 'TPF', 'SMAFA', variants, storage)).toBe(true);
    expect(storage.items.get(LOCAL_PRODUCT_KEY)).toBe('TPF');
    // after the reload the page runs as TPF: nothing more to do
    const active = resolveVariantCode('localhost', variants, 'SMAFA', storage.getItem(LOCAL_PRODUCT_KEY) ?? undefined);
    expect(active).toBe('TPF');
    expect(adoptUserProduct('localhost', 'TPF', active, variants, storage)).toBe(false);
  });

  it('leaves the variant of a host, unknown or missing products and an unchanged product alone', () => {
    const storage = memoryStorage({ [LOCAL_PRODUCT_KEY]: 'SMAFA' });
    expect(adoptUserProduct('smafa.localhost', 'TPF', 'SMAFA', variants, storage)).toBe(false);
    expect(adoptUserProduct('localhost', 'NOPE', 'SMAFA', variants, storage)).toBe(false);
    expect(adoptUserProduct('localhost', null, 'SMAFA', variants, storage)).toBe(false);
    expect(adoptUserProduct('localhost', 'SMAFA', 'SMAFA', variants, storage)).toBe(false);
    expect(adoptUserProduct('localhost', 'TPF', 'SMAFA', variants, null)).toBe(false);
    expect(storage.items.get(LOCAL_PRODUCT_KEY)).toBe('SMAFA');
  });

  it('does not ask for a reload when the storage does not keep the choice', () => {
    const forgetful = { getItem: () => null, setItem: () => {} };
    expect(adoptUserProduct('localhost', 'TPF', 'SMAFA', variants, forgetful)).toBe(false);
  });
});
