import { addDays, addMonths } from '../../../shared/validation/german-input.parse';

/** The first direct debit is possible this many days from today (SEPA pre-notification; the form's `today+14d`). */
export const FIRST_DEBIT_LEAD_DAYS = 14;

/** Length of each period (schema/enums/permanentDebtPeriod.yaml) in days or months. */
const PERIODS: Record<string, { days?: number; months?: number }> = {
  daily: { days: 1 },
  weekly: { days: 7 },
  biweekly: { days: 14 },
  monthly: { months: 1 },
  bimonthly: { months: 2 },
  three_monthly: { months: 3 },
  six_monthly: { months: 6 },
  yearly: { months: 12 },
};

/**
 * The n-th execution date of a permanent debt (n = 0: the start), counted from the start so that a
 * 31st stays the month's last day instead of drifting.
 *
 * @example executionDate('2026-01-31', 'monthly', 1) // '2026-02-28'
 */
export function executionDate(start: string, period: string, n: number): string {
  const step = PERIODS[period];
  if (!step) throw new Error(`unknown period ${period}`);
  return step.months ? addMonths(start, step.months * n) : addDays(start, (step.days ?? 1) * n);
}

/** The first execution date after `date`. */
export function nextExecutionAfter(start: string, period: string, date: string): string {
  let n = 0;
  let next = start;
  while (next <= date) next = executionDate(start, period, ++n);
  return next;
}

/**
 * The first execution date on or after `date`: where a stored next execution date is not one of the
 * schedule's (data written before the sweep kept to it), the period billed is the schedule's next one,
 * never a day between two — and never a day before the date announced to the debtor.
 *
 * @example executionOnOrAfter('2026-01-20', 'monthly', '2026-12-12') // '2026-12-20'
 */
export const executionOnOrAfter = (start: string, period: string, date: string): string =>
  date <= start ? start : nextExecutionAfter(start, period, addDays(date, -1));

/** Whether gross = net × (1 + vat/100), rounded to cents. */
export const amountsConsistent = (gross: number, net: number, vat: number) => Math.round(net * (1 + vat / 100)) === gross;

/** The net amount of a gross amount at a VAT rate, in cents. */
export const netOf = (gross: number, vat: number) => Math.round(gross / (1 + vat / 100));
