import { enums } from '../../../../generated/enums';
import { variants } from '../../../../generated/variants';
import type { VoucherListFilters } from '../../db/repositories/voucher-list.repository';
import { ApiError } from '../../errors';
import { germanText } from './catalogue-text';

/**
 * The voucher list's group filters: which groups of which enumeration a product offers, read from
 * its variant (variants/<code>.yaml statusGroups / voucherTypeGroups), never typed here.
 */
const GROUP_FILTERS = {
  purchaseStatusGroup: { enumName: 'purchaseStatus', groupsOf: (code: string) => variants[code]?.statusGroups.purchaseStatus },
  subStatusGroup: { enumName: 'voucherSubStatus', groupsOf: (code: string) => variants[code]?.statusGroups.voucherSubStatus },
  typeGroup: { enumName: 'voucherType', groupsOf: (code: string) => variants[code]?.voucherTypeGroups },
} as const;

export type GroupFilterKey = keyof typeof GROUP_FILTERS;
export const GROUP_FILTER_KEYS = Object.keys(GROUP_FILTERS) as GroupFilterKey[];

/**
 * The choices of a group filter for a product: `{ value: group, label }` with the German label.
 *
 * @example groupFilterOptions('TPF', 'purchaseStatusGroup') // [{ value: 'purchased', label: 'Angekauft' }, …]
 */
export function groupFilterOptions(product: string, key: GroupFilterKey): { value: string; label: string }[] {
  const { enumName, groupsOf } = GROUP_FILTERS[key];
  const groups = enums[enumName].groups;
  return (groupsOf(product) ?? [])
    .filter((group) => groups[group])
    .map((group) => ({ value: group, label: germanText(groups[group].label) }));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DIGITS = /^\d{1,15}$/;

function invalid(field: string): never {
  throw new ApiError(400, 'validationError', `${germanText('messages.validationError')} (filters[${field}])`);
}

/**
 * Checks what the generated querystring schema cannot: group names the caller's product offers,
 * calendar dates, and numeric ids and amounts. 400 validationError otherwise.
 */
export function checkVoucherFilters(product: string, filters: VoucherListFilters = {}): void {
  for (const key of GROUP_FILTER_KEYS) {
    const offered = new Set(groupFilterOptions(product, key).map((option) => option.value));
    for (const value of filters[key] ?? []) if (value && !offered.has(value)) invalid(key);
  }
  for (const key of ['voucherDate', 'paymentDeadline'] as const) {
    const range = filters[key] ?? [];
    if (range.length > 2 || range.some((value) => value !== '' && !ISO_DATE.test(value))) invalid(key);
  }
  for (const key of ['amount', 'debtor', 'location'] as const) {
    if ((filters[key] ?? []).some((value) => value.trim() !== '' && !DIGITS.test(value.trim()))) invalid(key);
  }
}
