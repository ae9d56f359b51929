import { describe, expect, it } from 'vitest';
import { enums } from '../../generated/enums';
import { variants } from '../../generated/variants';
import { groupValues, offeredFilterValues } from './enum-groups';

describe('groupValues', () => {
  it('reads a group of the YAML as strings', () => {
    expect(groupValues(enums.userStatus, 'loginDenied')).toEqual(['blocked', 'terminated']);
    expect(groupValues(enums.voucherStatus, 'open')).toContain('tpf_in_review');
  });
  it('fails loudly for a group the YAML does not have', () => {
    expect(() => groupValues(enums.userStatus, 'nope')).toThrow(/userStatus.yaml has no group 'nope'/);
  });
});

describe('offeredFilterValues', () => {
  const status = enums.voucherStatus;
  it('offers only the values of the product’s groups', () => {
    const smafa = offeredFilterValues({ productGroupsOnly: true }, variants.SMAFA, status)!;
    const tpf = offeredFilterValues({ productGroupsOnly: true }, variants.TPF, status)!;
    expect(smafa.has('open')).toBe(true);
    expect(smafa.has('tpf_in_review')).toBe(false);
    expect(tpf.has('tpf_in_review')).toBe(true);
  });
  it('offers the product’s group names for a group filter', () => {
    const groups = offeredFilterValues({ groups: true }, variants.TPF, enums.purchaseStatus)!;
    expect([...groups]).toEqual(variants.TPF.statusGroups.purchaseStatus);
  });
  it('does not restrict an unrestricted filter or a product without groups', () => {
    expect(offeredFilterValues({}, variants.SMAFA, status)).toBeUndefined();
    expect(offeredFilterValues({ productGroupsOnly: true }, undefined, status)).toBeUndefined();
  });
});
