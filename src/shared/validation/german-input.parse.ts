/**
 * Parsing of what users type in German forms: dates `dd.MM.yyyy`, amounts `1.234,56`, decimals `12,5`.
 * Invalid input gives '' (dates) or null (numbers) so a form can store "empty" as the spec asks.
 */

const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Either plain digits or correctly grouped thousands; a dot is never a decimal separator here.
const INTEGER_PART = String.raw`(\d{1,3}(?:\.\d{3})+|\d+)`;
const GERMAN_MONEY = new RegExp(String.raw`^(-)?${INTEGER_PART}(?:,(\d{1,2}))?(?:\s*€)?$`);
const GERMAN_DECIMAL = new RegExp(String.raw`^(-)?${INTEGER_PART}(?:,(\d+))?$`);

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `yyyy-MM-dd` of a calendar day, or '' when the day does not exist (31 February). */
export function isoDate(year: number, month: number, day: number): string {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return '';
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return '';
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * True for an existing calendar day written `yyyy-MM-dd`.
 * @example isValidIsoDate('2024-02-29') // true
 * @example isValidIsoDate('2023-02-29') // false
 */
export function isValidIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  return match !== null && isoDate(Number(match[1]), Number(match[2]), Number(match[3])) === value;
}

/**
 * Turns German date entry into the stored `yyyy-MM-dd`; a two-digit year gets the prefix 20 (spec),
 * an already stored ISO date passes through, anything else gives ''.
 * @example parseGermanDate('1.2.24') // '2024-02-01'
 * @example parseGermanDate('31.02.2024') // ''
 */
export function parseGermanDate(input: string | null | undefined): string {
  const value = (input ?? '').trim();
  if (isValidIsoDate(value)) return value;
  const match = GERMAN_DATE.exec(value);
  if (!match) return '';
  const year = match[3].length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  return isoDate(year, Number(match[2]), Number(match[1]));
}

/**
 * Turns a German amount into integer cents: comma decimal (at most two places), dot thousands
 * (groups of three), an optional trailing €. `12.00` is rejected: in German it is no amount.
 * @example parseGermanMoney('1.234,5') // 123450
 * @example parseGermanMoney('1.234,567') // null
 */
export function parseGermanMoney(input: string | null | undefined): number | null {
  const match = GERMAN_MONEY.exec((input ?? '').trim());
  if (!match) return null;
  const euros = Number(match[2].replace(/\./g, ''));
  const cents = euros * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return match[1] && cents !== 0 ? -cents : cents;
}

/**
 * Turns a German decimal number (`12,5`, `1.000`) into a number; used for percent entry.
 * @example parseGermanDecimal('99,75') // 99.75
 * @example parseGermanDecimal('12.5') // null
 */
export function parseGermanDecimal(input: string | null | undefined): number | null {
  const match = GERMAN_DECIMAL.exec((input ?? '').trim());
  if (!match) return null;
  const value = Number(`${match[2].replace(/\./g, '')}.${match[3] ?? '0'}`);
  if (!Number.isFinite(value)) return null;
  return match[1] && value !== 0 ? -value : value;
}

/**
 * Integer cents as the text of a money input field (no currency sign, always two decimals);
 * integer arithmetic so the result never depends on the runtime's locale data.
 * @example formatGermanMoneyInput(123456) // '1.234,56'
 * @example formatGermanMoneyInput(null) // ''
 */
export function formatGermanMoneyInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole < 0 ? '-' : ''}${euros},${pad(abs % 100)}`;
}

/**
 * Today's calendar date in Germany as `yyyy-MM-dd`, whatever the machine's time zone
 * (the server may run in UTC; "today" in the spec is the creditor's day).
 * @example todayIso(new Date('2024-05-31T22:30:00Z')) // '2024-06-01'
 */
export function todayIso(now: Date = new Date(), timeZone = 'Europe/Berlin'): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => {
      all[part.type] = part.value;
      return all;
    }, {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Adds days to a valid `yyyy-MM-dd`. */
export function addDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/**
 * Adds calendar months to a valid `yyyy-MM-dd`; a day missing in the target month becomes its last day.
 * @example addMonths('2024-03-31', -1) // '2024-02-29'
 */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return isoDate(targetYear, targetMonth, Math.min(day, lastDay));
}

/** The pattern of a date bound in a schema: an ISO date, `today`, or `today` ± days/months (`today-3m`). */
export const DATE_BOUND_PATTERN = String.raw`^(today([+-]\d+[dm])?|\d{4}-\d{2}-\d{2})$`;

/**
 * Resolves a date bound against today.
 * @example resolveDateBound('today+14d', '2024-05-10') // '2024-05-24'
 */
export function resolveDateBound(bound: string, today: string): string {
  const relative = /^today(?:([+-]\d+)([dm]))?$/.exec(bound);
  if (!relative) return bound;
  if (!relative[1]) return today;
  const amount = Number(relative[1]);
  return relative[2] === 'd' ? addDays(today, amount) : addMonths(today, amount);
}
