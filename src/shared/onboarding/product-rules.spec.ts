import { describe, expect, it } from 'vitest';
import { forms } from '../../../generated/forms';
import { variants } from '../../../generated/variants';
import { type FormSchema, fillBlacklistedFields, productFormSchema } from './product-rules';

const base = forms.productApplication.schema as unknown as FormSchema;

describe('productFormSchema', () => {
  it("takes the freight variant's creditor limit and requires its factorable turnover and golden rules", () => {
    const tpf = productFormSchema(base, variants.TPF.onboarding, { application: true });
    expect(tpf.properties.creditorLimit.creditorLimitMax).toBe(15_000_000);
    expect(tpf.required).toEqual(expect.arrayContaining(['factorableTurnover', 'factoringRulesRead']));
    expect(tpf.required).not.toContain('intermediaryNumber');
    expect(base.properties.creditorLimit.creditorLimitMax).toBe(75_000_000); // input not mutated
  });

  it('removes blacklisted fields and the golden rules of billing products, requires the intermediary number where asked', () => {
    const apl = productFormSchema(base, variants.APL.onboarding, { application: true });
    for (const field of [...variants.APL.onboarding.blacklistedFields, 'factoringRulesRead']) expect(apl.properties).not.toHaveProperty(field);
    expect(apl.required).toContain('intermediaryNumber');
  });

  it("keeps every field for the admin's registration and applies only the bounds", () => {
    const admin = productFormSchema(forms.createCreditor.schema as unknown as FormSchema, variants.APL.onboarding, { application: false });
    expect(admin.properties).toHaveProperty('factorableTurnover');
    expect(admin.properties.foundingDate.foundingMinMonths).toBe(6);
  });
});

describe('fillBlacklistedFields', () => {
  it('fills the blacklisted plain text fields with the product type, leaves amounts, checkboxes and formats empty', () => {
    const input: Record<string, unknown> = { companyName: 'X' };
    const filled = fillBlacklistedFields(input, base, variants.FAS.onboarding, 'FAS');
    expect(filled).toEqual(['intermediaryAssetConsultantName', 'assetConsultantNumber']);
    expect(input).toEqual({ companyName: 'X', intermediaryAssetConsultantName: 'FAS', assetConsultantNumber: 'FAS' });
    const rules = { ...variants.SMAFA.onboarding, blacklistedFields: ['intermediaryZip', 'foundingDate', 'creditorLimit', 'intermediarySalutation'] };
    const none: Record<string, unknown> = {};
    expect(fillBlacklistedFields(none, base, rules, 'SMAFA')).toEqual([]);
    expect(none).toEqual({});
    expect(fillBlacklistedFields({}, base, variants.SMAFA.onboarding, 'SMAFA')).toEqual([]);
  });
});
