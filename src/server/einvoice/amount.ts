// xs:decimal: optional sign, digits with an optional fraction (".5" and "5." are valid decimals).
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
// 13 integer digits keep the cents below Number.MAX_SAFE_INTEGER.
const MAX_INTEGER_DIGITS = 13;

/**
 * Converts an EN 16931 amount (xs:decimal, at most two decimals, BR-DEC-*) to integer cents without
 * going through floating point. Returns null for anything else: a comma, a thousands separator,
 * exponent notation, or a third decimal that is not zero.
 *
 * @example
 * amountToCents('336.9') // 33690
 * amountToCents('-12.50') // -1250
 * amountToCents('1.005') // null
 */
export function amountToCents(value: string): number | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_INTEGER_DIGITS) return null;
  if (/[1-9]/.test(fraction.slice(2))) return null;
  const cents = Number(digits || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  // `0 * -1` would be -0, which JSON shows as 0 but Object.is does not.
  return sign === '-' && cents !== 0 ? -cents : cents;
}
