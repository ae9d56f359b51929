import { enums } from '../../../../generated/enums';
import { vouchersResource } from '../../../../generated/resources/vouchers';
import { variants } from '../../../../generated/variants';
import type { FilterConfig } from '../../../shared/config-types';
import type { VoucherListFilters } from '../../db/repositories/voucher-list.repository';
import { ApiError } from '../../errors';
import { germanText } from './catalogue-text';

/**
 * What a product may send in an enum filter restricted to its groups (vouchers.yaml `groups` /
 * `productGroupsOnly`): the groups its variant names (variants/<code>.yaml statusGroups, voucher
 * types included), or the values of those groups; undefined when the filter is not restricted or
 * the product names no groups for that enumeration.
 *
 * @example offeredFilterValues('SMAFA', statusFilter) // Set { 'open', 'closed', 'failed', 'pending', 'unknown' } — no tpf_* states
 */
export function offeredFilterValues(product: string, filter: FilterConfig): Set<string> | undefined {
  if (!filter.enum || (!filter.groups && !filter.productGroupsOnly)) return undefined;
  const named = variants[product]?.statusGroups[filter.enum];
  const groups = enums[filter.enum].groups;
  if (filter.groups) return new Set((named ?? []).filter((group) => groups[group]));
  return named ? new Set(named.flatMap((group) => groups[group]?.values.map(String) ?? [])) : undefined;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DIGITS = /^\d{1,15}$/;

function invalid(field: string): never {
  throw new ApiError(400, 'validationError', `${germanText('messages.validationError')} (filters[${field}])`);
}

/**
 * Checks what the generated querystring schema cannot: groups and states the caller's product
 * offers, calendar dates, and numeric ids and amounts. 400 validationError otherwise.
 */
export function checkVoucherFilters(product: string, filters: VoucherListFilters = {}): void {
  for (const filter of vouchersResource.list.filters) {
    const offered = offeredFilterValues(product, filter);
    const values = (filters as Record<string, unknown[] | undefined>)[filter.key] ?? [];
    if (offered && values.some((value) => value !== '' && !offered.has(String(value)))) invalid(filter.key);
  }
  for (const key of ['voucherDate', 'paymentDeadline'] as const) {
    const range = filters[key] ?? [];
    if (range.length > 2 || range.some((value) => value !== '' && !ISO_DATE.test(value))) invalid(key);
  }
  for (const key of ['amount', 'debtor', 'location'] as const) {
    if ((filters[key] ?? []).some((value) => value.trim() !== '' && !DIGITS.test(value.trim()))) invalid(key);
  }
}
