import { isValidIban } from './iban.format';
import type { FormatRule } from './rule.types';
import { IBAN_FORMAT, PLAIN_FORMAT_RULES } from './string.formats';

/**
 * Every string format, with its check loaded: what the server's ajv installs (install-validation.ts).
 * The browser's forms do not import this list (it brings ibantools): their interpreter holds the
 * plain formats and fetches the `iban` check for a form that has an IBAN field
 * (src/client/forms/lazy-formats.ts).
 */
export const FORMAT_RULES: FormatRule[] = [...PLAIN_FORMAT_RULES, { ...IBAN_FORMAT, validate: isValidIban }];

/**
 * The formats as rjsf's `customizeValidator({ customFormats })` takes them.
 * @example customizeValidator({ customFormats, extenderFn: extendRjsfAjv })
 */
export const customFormats: Record<string, (value: string) => boolean> = Object.fromEntries(
  FORMAT_RULES.map((rule) => [rule.name, rule.validate]),
);
