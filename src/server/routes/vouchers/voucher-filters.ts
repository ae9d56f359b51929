import { enums } from '../../../../generated/enums';
import { vouchersResource } from '../../../../generated/resources/vouchers';
import { variants } from '../../../../generated/variants';
import { offeredFilterValues } from '../../../shared/enum-groups';
import type { VoucherListFilters } from '../../db/repositories/voucher-list.repository';
import { ApiError } from '../../errors';
import { isValidIsoDate } from '../../../shared/validation';
import { germanText } from './catalogue-text';

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
    const offered = filter.enum
      ? offeredFilterValues(filter, variants[product], enums[filter.enum])
      : undefined;
    const values = (filters as Record<string, unknown[] | undefined>)[filter.key] ?? [];
    if (offered && values.some((value) => value !== '' && !offered.has(String(value)))) invalid(filter.key);
  }
  for (const key of ['voucherDate', 'paymentDeadline'] as const) {
    const range = filters[key] ?? [];
    if (range.length > 2 || range.some((value) => value !== '' && !isValidIsoDate(value))) invalid(key);
  }
  for (const key of ['amount', 'debtor', 'location'] as const) {
    if ((filters[key] ?? []).some((value) => value.trim() !== '' && !DIGITS.test(value.trim()))) invalid(key);
  }
}
