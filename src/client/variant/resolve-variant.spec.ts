import { describe, expect, it } from 'vitest';
import type { VariantConfig } from '../../shared/config-types';
import { resolveVariant } from './resolve-variant';

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
  statusGroups: {},
  voucherTypeGroups: [],
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
  SMAFA: variant('SMAFA', ['localhost', 'smafa.localhost']),
  TPF: variant('TPF', ['tpf.localhost']),
};

describe('resolveVariant', () => {
  it('finds the variant by host name, ignoring case and port', () => {
    expect(resolveVariant('tpf.localhost', variants, 'SMAFA').code).toBe('TPF');
    expect(resolveVariant('TPF.localhost:3201', variants, 'SMAFA').code).toBe('TPF');
  });

  it('falls back to the default variant for unknown hosts', () => {
    expect(resolveVariant('127.0.0.1', variants, 'SMAFA').code).toBe('SMAFA');
    expect(resolveVariant('portal.example.org', variants, 'SMAFA').code).toBe('SMAFA');
  });

  it('refuses to guess when the default variant does not exist', () => {
    expect(() => resolveVariant('x', {}, 'SMAFA')).toThrow(/SMAFA/);
  });
});
