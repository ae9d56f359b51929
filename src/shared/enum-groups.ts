import type { EnumConfig, FilterConfig, VariantConfig } from './config-types';

/**
 * The values of one group of an enumeration (schema/enums/<name>.yaml `groups`), as strings.
 * A missing group is a programming error, reported at once.
 *
 * @example groupValues(enums.userStatus, 'loginDenied') // → ['blocked', 'terminated']
 */
export function groupValues(config: EnumConfig, group: string): string[] {
  const values = config.groups[group]?.values;
  if (!values) throw new Error(`schema/enums/${config.name}.yaml has no group '${group}'`);
  return values.map(String);
}

/** The groups of an enumeration a product offers (variants/<code>.yaml statusGroups), if it names any. */
export const offeredGroups = (variant: Pick<VariantConfig, 'statusGroups'> | undefined, enumName: string) =>
  variant?.statusGroups[enumName];

/**
 * What a product may choose in an enum filter restricted to its groups (resource YAML `groups` /
 * `productGroupsOnly`): the group names it offers, or the values inside them. Undefined when the
 * filter is not restricted, or (values) when the product names no groups for that enumeration.
 * The client offers exactly these choices; the server refuses anything else.
 *
 * @example offeredFilterValues({ enum: 'voucherStatus', productGroupsOnly: true }, variants.SMAFA, enums.voucherStatus)
 * // → Set { 'open', 'closed', 'failed', 'pending', 'unknown' } (no tpf_* states)
 */
export function offeredFilterValues(
  filter: Pick<FilterConfig, 'groups' | 'productGroupsOnly'>,
  variant: Pick<VariantConfig, 'statusGroups'> | undefined,
  config: EnumConfig,
): Set<string> | undefined {
  if (!filter.groups && !filter.productGroupsOnly) return undefined;
  const named = offeredGroups(variant, config.name);
  if (filter.groups) return new Set((named ?? []).filter((group) => config.groups[group]));
  return named
    ? new Set(named.flatMap((group) => config.groups[group]?.values.map(String) ?? []))
    : undefined;
}
