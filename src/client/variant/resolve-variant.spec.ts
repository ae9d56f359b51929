import { describe, expect, it } from 'vitest';
import type { VariantConfig } from '../../shared/config-types';
import { adoptUserProduct, LOCAL_PRODUCT_KEY, resolveVariant } from './resolve-variant';

/** A two-variant fixture; the real variants come from generated/variants.ts. */
const variant = (code: string, hosts: string[]): VariantConfig => ({
  code,
  kind: 'factoring',
  productName: code,
  portalName: `${code} Portal`,
  hosts,
  logo: `/logos/${code.toLowerCase()}.svg`,
  theme: { primary: '#123456', secondary: '#654321' },
  contact: { hotline: '0800 1', mail: 'service@example.com', serviceTimes: 'Mo–Fr 7–18 Uhr' },
  links: { imprint: '', privacy: '' },
  permissions: {},
  wording: { de: {}, en: {} },
  withPurchaseAssurance: false,
  setupFeeOptions: [0],
  maxCompanyUsers: 5,
  statusGroups: {},
  voucherTypeGroups: [],
  dunning: { enabled: true, paymentReminderAfterDays: 10, dunningAfterDays: 35, encashmentAfterDays: 75 },
  onboarding: {
    enabled: true,
    intermediaryNumberRequired: false,
    maxCreditorLimit: 75_000_000,
    factorableTurnover: { min: 10_000_000, max: 750_000_000 },
    minFoundingMonths: 6,
    maxOnlineTurnoverRate: 100,
    factoringRulesRequired: true,
    blacklistedFields: [],
  },
});
const variants = {
  SMAFA: variant('SMAFA', ['smafa.localhost']),
  TPF: variant('TPF', ['tpf.localhost']),
};

/** localStorage's two methods over a Map. */
const memoryStorage = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

describe('resolveVariant', () => {
  it('finds the variant by host name, ignoring case and port', () => {
    expect(resolveVariant('tpf.localhost', variants, 'SMAFA').code).toBe('TPF');
    expect(resolveVariant('TPF.localhost:3201', variants, 'SMAFA').code).toBe('TPF');
  });

  it('falls back to the default variant for unknown hosts', () => {
    expect(resolveVariant('127.0.0.1', variants, 'SMAFA').code).toBe('SMAFA');
    expect(resolveVariant('portal.example.org', variants, 'SMAFA', undefined).code).toBe('SMAFA');
  });

  it('resolves host name first, then the stored local product, then the default', () => {
    // the host wins over a stored choice
    expect(resolveVariant('smafa.localhost', variants, 'SMAFA', 'TPF').code).toBe('SMAFA');
    expect(resolveVariant('localhost', variants, 'SMAFA', 'TPF').code).toBe('TPF');
    // an unknown stored code is ignored
    expect(resolveVariant('localhost', variants, 'SMAFA', 'NOPE').code).toBe('SMAFA');
    expect(resolveVariant('localhost', variants, 'SMAFA', undefined).code).toBe('SMAFA');
  });

  it('refuses to guess when the default variant does not exist', () => {
    expect(() => resolveVariant('x', {}, 'SMAFA')).toThrow(/SMAFA/);
  });
});

describe('adoptUserProduct', () => {
  it("stores the user's product where the host names no variant and asks for one reload", () => {
    const storage = memoryStorage();
    expect(adoptUserProduct('localhost', 'TPF', 'SMAFA', variants, storage)).toBe(true);
    expect(storage.items.get(LOCAL_PRODUCT_KEY)).toBe('TPF');
    // after the reload the page runs as TPF: nothing more to do
    const active = resolveVariant('localhost', variants, 'SMAFA', storage.getItem(LOCAL_PRODUCT_KEY) ?? undefined);
    expect(active.code).toBe('TPF');
    expect(adoptUserProduct('localhost', 'TPF', active.code, variants, storage)).toBe(false);
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
