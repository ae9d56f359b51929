import { formatMoney } from '../format';
import { parseGermanDecimal } from './german-input.parse';
import { type KeywordRule, keywordRule } from './rule.types';

/**
 * Bounds of the factorable annual turnover in integer cents. The spec gives 10,000,000 and
 * 750,000,000 without a unit; we read cents (100.000,00 € – 7.500.000,00 €) because every amount in
 * the product is cents and the creditor limit, capped at 75,000,000 cents, is then 10 % of the
 * highest turnover — euros would mean 10 to 750 million, far outside the creditors this serves.
 */
export const FACTORABLE_TURNOVER_DEFAULTS = { min: 10_000_000, max: 750_000_000 } as const;

const cents = { type: 'integer' };
const germanNumber = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });
const amount = (p: Record<string, any>) => ({ amount: formatMoney(p.limit) });
const isMoney = (data: unknown): data is number => typeof data === 'number' && Number.isFinite(data);

/** A percent value as a number, or as German text (`12,5`) while still being typed. */
function percentValue(data: unknown): number | null {
  if (typeof data === 'number') return Number.isFinite(data) ? data : null;
  return typeof data === 'string' ? parseGermanDecimal(data) : null;
}

/** Rules on amounts (integer cents) and percentages. */
export const AMOUNT_RULES: KeywordRule[] = [
  keywordRule<number>({
    name: 'moneyGreaterThan',
    message: 'validation.moreThan',
    dataType: 'number',
    param: cents,
    check: (limit, data) => isMoney(data) && data > limit,
    placeholders: amount,
  }),
  keywordRule<number>({
    name: 'moneyAtLeast',
    message: 'validation.atLeast',
    dataType: 'number',
    param: cents,
    check: (limit, data) => isMoney(data) && data >= limit,
    placeholders: amount,
  }),
  keywordRule<number>({
    name: 'moneyAtMost',
    message: 'validation.atMost',
    dataType: 'number',
    param: cents,
    check: (limit, data) => isMoney(data) && data <= limit,
    placeholders: amount,
  }),
  keywordRule<boolean>({
    name: 'positive',
    message: 'validation.positive',
    dataType: 'number',
    param: { type: 'boolean' },
    check: (on, data) => !on || data > 0,
  }),
  keywordRule<boolean>({
    name: 'percent',
    message: 'validation.percent',
    dataType: ['number', 'string'],
    param: { type: 'boolean' },
    check: (on, data) => {
      const value = percentValue(data);
      return !on || (value !== null && value >= 0 && value <= 100);
    },
  }),
  keywordRule<boolean>({
    name: 'serviceFeeShare',
    message: 'validation.serviceFeeShareMax',
    dataType: ['number', 'string'],
    param: { type: 'boolean' },
    check: (on, data) => {
      const value = percentValue(data);
      return !on || (value !== null && value <= 100);
    },
  }),
  keywordRule<number>({
    name: 'onlineTurnoverRateMax',
    message: 'validation.onlineTurnoverRateMax',
    dataType: ['number', 'string'],
    param: { type: 'number', minimum: 0, maximum: 100 },
    check: (max, data) => {
      const value = percentValue(data);
      return value !== null && value <= max;
    },
    placeholders: (p) => ({ max: germanNumber.format(p.limit) }),
  }),
  keywordRule<{ min?: number; max?: number }>({
    name: 'factorableTurnover',
    message: 'validation.factorableTurnoverRange',
    dataType: 'number',
    param: {
      type: 'object',
      properties: { min: cents, max: cents },
      additionalProperties: false,
    },
    check: (bounds, data) => {
      const { min, max } = { ...FACTORABLE_TURNOVER_DEFAULTS, ...bounds };
      return isMoney(data) && data >= min && data <= max;
    },
    errorParams: (bounds) => ({ ...FACTORABLE_TURNOVER_DEFAULTS, ...bounds }),
    placeholders: (p) => ({ min: formatMoney(p.min), max: formatMoney(p.max) }),
  }),
  keywordRule<number>({
    name: 'creditorLimitMax',
    message: 'validation.creditorLimitMax',
    dataType: 'number',
    param: cents,
    check: (limit, data) => isMoney(data) && data <= limit,
    placeholders: (p) => ({ max: formatMoney(p.limit) }),
  }),
  keywordRule<boolean>({
    name: 'desiredLimit',
    message: 'validation.desiredLimitRequired',
    dataType: 'number',
    param: { type: 'boolean' },
    // A limit request for 0 € asks for nothing; the field's absence is reported by `required` with
    // this rule's message (see validation.messages.ts).
    check: (on, data) => !on || data > 0,
  }),
];
