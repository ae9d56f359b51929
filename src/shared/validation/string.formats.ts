import { isValidCreditorIdentifier } from './creditor-identifier.rules';
import { isValidIsoDate, parseGermanDate, parseGermanMoney } from './german-input.parse';
import { isLeitwegId } from './leitweg-id';
import { isPasswordValid } from './password.rules';
import type { FormatRule } from './rule.types';

const DIGITS = /^\d+$/;
// RFC 5322 "dot-atom" local part: no leading, trailing or doubled dot.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// Domain labels may hold umlauts (müller.de); the top-level label needs a letter, which is how a
// domain of only digits and dots (`123.45`) is rejected.
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TOP_LEVEL_LABEL = /^\p{L}[\p{L}\p{N}-]*$/u;
const PHONE = /^\+?[\d/ -]*\d[\d/ -]*$/;
const INTERMEDIARY_NUMBER = /^\d{6}$/;

/**
 * An e-mail address as the spec accepts it: local part of at most 64 characters, a domain with at
 * least two labels whose top-level label is not numeric.
 * @example isValidEmail('anna.schmidt@müller-bau.de') // true
 * @example isValidEmail('anna@123.45') // false
 */
export function isValidEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at < 1 || value.length > 254) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  return (
    local.length <= 64 &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    TOP_LEVEL_LABEL.test(labels[labels.length - 1])
  );
}

const VAT_ID = /^[A-Z]{2}[A-Z0-9]{2,12}$/;
const GERMAN_VAT_ID = /^DE\d{9}$/;

/** The compact upper-case form a VAT id is stored and compared in (`de 123.456.789` → `DE123456789`). */
export function normalizeVatId(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/**
 * A VAT identification number: country code and 2–12 letters or digits, German ones DE + 9 digits;
 * spaces, dots, hyphens and lower case as typed are accepted — store `normalizeVatId(value)`.
 * @example isValidVatId('DE 123 456 789') // true
 * @example isValidVatId('DE12345678') // false (8 digits)
 */
export function isValidVatId(value: string): boolean {
  if (!/^[A-Za-z0-9 .-]+$/.test(value)) return false;
  const compact = normalizeVatId(value);
  return VAT_ID.test(compact) && (!compact.startsWith('DE') || GERMAN_VAT_ID.test(compact));
}

/**
 * The `iban` format without its check: the check needs ibantools, which the browser fetches only
 * for a form with an IBAN field (`iban.format.ts`, src/client/forms/lazy-formats.ts).
 */
export const IBAN_FORMAT = { name: 'iban', message: 'validation.iban' } as const;

/**
 * The string formats whose check needs no library, so every form can carry them; with the `iban`
 * format they make `FORMAT_RULES` (format.rules.ts). The name is what a schema writes after `format:`.
 */
export const PLAIN_FORMAT_RULES: FormatRule[] = [
  { name: 'digits', message: 'validation.digits', validate: (v) => DIGITS.test(v) },
  { name: 'email', message: 'validation.email', validate: isValidEmail },
  { name: 'phone', message: 'validation.phone', validate: (v) => PHONE.test(v) },
  { name: 'password', message: 'validation.passwordPolicy', validate: isPasswordValid },
  { name: 'vatId', message: 'validation.vatId', validate: isValidVatId },
  { name: 'leitwegId', message: 'validation.leitwegId', validate: isLeitwegId },
  {
    name: 'creditorIdentifier',
    message: 'validation.creditorIdentifier',
    validate: isValidCreditorIdentifier,
  },
  { name: 'date', message: 'validation.dateInvalid', validate: isValidIsoDate },
  { name: 'germanDate', message: 'validation.dateInvalid', validate: (v) => parseGermanDate(v) !== '' },
  {
    name: 'germanMoney',
    message: 'validation.currencyInvalid',
    validate: (v) => parseGermanMoney(v) !== null,
  },
  {
    name: 'intermediaryNumber',
    message: 'validation.intermediaryNumber',
    validate: (v) => INTERMEDIARY_NUMBER.test(v),
  },
];
