import { describe, expect, it } from 'vitest';
import { enums } from '../../../generated/enums';
import { variants } from '../../../generated/variants';
import type { EnumConfig } from '../../shared/config-types';
import { enumFilterChoices, isFilterOffered, labelOptions } from './filter-choices';

const state: EnumConfig = {
  name: 'state',
  label: 'enumTitles.state',
  values: [
    { value: 'open', label: 'enums.state.open' },
    { value: 'done', label: 'enums.state.done' },
    { value: 'redone', label: 'enums.state.redone', shownAs: 'done' },
    { value: 'special', label: 'enums.state.special' },
  ],
  groups: {
    standard: { label: 'enumGroups.state.standard', values: ['open', 'done', 'redone'] },
    extra: { label: 'enumGroups.state.extra', values: ['special'] },
  },
};
const standardOnly = { statusGroups: { state: ['standard'] } };
const values = (choices: { value: string }[]) => choices.map((choice) => choice.value);

describe('enumFilterChoices', () => {
  it("offers the product's groups with their group labels", () => {
    expect(enumFilterChoices({ groups: true }, standardOnly, state)).toEqual([
      { value: 'standard', label: 'enumGroups.state.standard' },
    ]);
    expect(enumFilterChoices({ groups: true }, { statusGroups: {} }, state)).toEqual([]);
  });

  it("limits values to the product's groups; without groups named, every value", () => {
    expect(values(enumFilterChoices({ productGroupsOnly: true }, standardOnly, state))).toEqual(['open', 'done']);
    expect(values(enumFilterChoices({ productGroupsOnly: true }, { statusGroups: {} }, state))).toEqual([
      'open',
      'done',
      'special',
    ]);
    expect(values(enumFilterChoices({}, standardOnly, state))).toEqual(['open', 'done', 'special']);
  });

  it('gives only TPF the tpf_* voucher states and each product its voucher-type groups', () => {
    const tpfStates = enums.voucherStatus.groups.tpf.values.map(String);
    const status = (code: string) => values(enumFilterChoices({ productGroupsOnly: true }, variants[code], enums.voucherStatus));
    expect(status('TPF')).toEqual(expect.arrayContaining(tpfStates));
    expect(status('SMAFA').filter((value) => tpfStates.includes(value))).toEqual([]);
    expect(values(enumFilterChoices({ groups: true }, variants.TPF, enums.voucherType))).toEqual(variants.TPF.voucherTypeGroups);
  });
});

describe('isFilterOffered', () => {
  it('hides a group filter whose enumeration the product names no group of', () => {
    expect(isFilterOffered({ groups: true, enum: 'state' }, standardOnly)).toBe(true);
    expect(isFilterOffered({ groups: true, enum: 'state' }, { statusGroups: {} })).toBe(false);
    expect(isFilterOffered({ enum: 'state' }, { statusGroups: {} })).toBe(true);
  });
});

describe('labelOptions', () => {
  const texts: Record<string, string> = { 'actionTypes.login': 'Anmeldung', 'actionTypes.debtor_create': 'Kunde angelegt' };
  const translate = (key: string, options: { _: string }) => texts[key] ?? options._;
  const loaded = ['login', 'debtor_create', 'unknown_type'].map((value) => ({ value, label: value }));

  it('labels the loaded values through the namespace, keeps unknown ones raw and sorts by label', () => {
    expect(labelOptions(loaded, 'actionTypes', translate)).toEqual([
      { value: 'login', label: 'Anmeldung' },
      { value: 'debtor_create', label: 'Kunde angelegt' },
      { value: 'unknown_type', label: 'unknown_type' },
    ]);
  });

  it('leaves the choices alone without a namespace', () => {
    expect(labelOptions(loaded, undefined, translate)).toBe(loaded);
  });
});
