/**
 * The SEPA creditor identifier (Gläubiger-Identifikationsnummer, EPC262-08 "Creditor Identifier
 * Overview"): country code, two check digits, a three-character business code the check ignores
 * (`ZZZ` by default) and the national identifier — in Germany 11 characters, 18 in all. The check
 * digits are ISO 7064 MOD 97-10 over the national identifier followed by the country code and `00`,
 * letters counted A = 10 … Z = 35, as for an IBAN.
 */
const SHAPE = /^([A-Z]{2})(\d{2})([A-Z0-9]{3})([A-Z0-9]{1,28})$/;
/** National identifier lengths the overview gives (Germany: 11); other countries: shape only. */
const NATIONAL_LENGTH: Record<string, number> = { DE: 11, AT: 11 };

/** Upper case, without blanks: the form the identifier is stored and written in. */
export const normalizeCreditorIdentifier = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

const mod97 = (digits: string): number => {
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest;
};
const numeric = (text: string): string =>
  [...text].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');

/**
 * Whether a creditor identifier is well formed and its check digits are right.
 *
 * @example isValidCreditorIdentifier('DE98ZZZ09999999999') // true (the Bundesbank's test identifier)
 * @example isValidCreditorIdentifier('DE99ZZZ09999999999') // false
 */
export function isValidCreditorIdentifier(value: string): boolean {
  const match = SHAPE.exec(normalizeCreditorIdentifier(value));
  if (!match) return false;
  const [, country, check, , national] = match;
  const length = NATIONAL_LENGTH[country];
  if (length !== undefined && national.length !== length) return false;
  return 98 - mod97(numeric(`${national}${country}00`)) === Number(check);
}
