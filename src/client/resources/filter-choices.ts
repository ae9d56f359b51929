import type { EnumConfig, FilterConfig, VariantConfig } from '../../shared/config-types';
import { offeredFilterValues, offeredGroups } from '../../shared/enum-groups';
import type { Option } from '../data/use-options';

/** One choice of an enum-based filter: the value sent and the i18n key of its label. */
export interface EnumChoice {
  value: string;
  /** i18n key (`enums.<enum>.<value>` or `enumGroups.<enum>.<group>`) */
  label: string;
}

/**
 * The choices of a filter with an `enum`, for the active product:
 * - `groups`: the enum's groups the product offers (statusGroups; voucher types included);
 * - `productGroupsOnly`: the values in those groups (every value when the product names none);
 * - otherwise every value. Values shown as another (`shownAs`) are never offered themselves.
 *
 * @example enumFilterChoices({ key: 'status', enum: 'voucherStatus', productGroupsOnly: true, … }, variants.TPF, enums.voucherStatus)
 * // → open, closed, …, tpf_in_review, … (SMAFA: without the tpf_* states)
 */
export function enumFilterChoices(
  filter: Pick<FilterConfig, 'groups' | 'productGroupsOnly'>,
  variant: Pick<VariantConfig, 'statusGroups'>,
  config: EnumConfig,
): EnumChoice[] {
  const offered = offeredFilterValues(filter, variant, config);
  if (filter.groups) {
    return [...(offered ?? [])].map((group) => ({ value: group, label: config.groups[group].label }));
  }
  return config.values
    .filter((entry) => entry.shownAs === undefined && (!offered || offered.has(String(entry.value))))
    .map((entry) => ({ value: String(entry.value), label: entry.label }));
}

/**
 * Whether the product offers a filter at all: a group filter needs at least one offered group.
 *
 * @example isFilterOffered({ groups: true, enum: 'voucherSubStatus' }, variant) // false when the product names no sub-status group
 */
export function isFilterOffered(
  filter: Pick<FilterConfig, 'groups' | 'enum'>,
  variant: Pick<VariantConfig, 'statusGroups'>,
): boolean {
  return !filter.groups || !filter.enum || (offeredGroups(variant, filter.enum)?.length ?? 0) > 0;
}

/**
 * Loaded choices labelled through a text namespace (`optionLabels` of the filter): each value's
 * `<namespace>.<value>` text, else the label the call gave (the raw value); sorted by the shown
 * label. The value sent stays the raw one. Without a namespace the choices stay as loaded.
 *
 * @example labelOptions([{ value: 'login', label: 'login' }], 'actionTypes', translate)
 * // → [{ value: 'login', label: 'Anmeldung' }]
 */
export function labelOptions(
  options: Option[],
  namespace: string | undefined,
  translate: (key: string, options: { _: string }) => string,
  locale = 'de',
): Option[] {
  if (!namespace) return options;
  return options
    .map((option) => ({
      value: option.value,
      label: translate(`${namespace}.${option.value}`, { _: option.label }),
    }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}
