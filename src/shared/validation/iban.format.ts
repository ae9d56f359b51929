import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';

// The only check that needs ibantools, in a module of its own that imports nothing else: the server
// and the shared FORMAT_RULES (format.rules.ts) import it statically, the browser's forms fetch it
// as one small chunk when a form with an `iban` field opens (src/client/forms/lazy-formats.ts), so
// a form without one (the password pages) does not download the library.

/** Removes spaces and hyphens and upper-cases, the way an IBAN is stored (`DE89370400440532013000`). */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? '';
}

/**
 * An IBAN of a SEPA country with that country's length and a valid checksum (issue 28: debtors
 * abroad pay by SEPA direct debit too); spaces and lower case (as typed or printed) are accepted —
 * store `normalizeIban(value)`.
 * @example isValidIban('de89 3704 0044 0532 0130 00') // true
 * @example isValidIban('AT61 1904 3002 3457 3201') // true (Austria)
 * @example isValidIban('BR15 0000 0000 0000 1093 2840 814P2') // false (valid, but not SEPA)
 */
export function isValidIban(value: string): boolean {
  if (!/^[A-Za-z0-9 -]+$/.test(value)) return false;
  const iban = normalizeIban(value);
  return isSEPACountry(iban.slice(0, 2)) && isValidIBAN(iban);
}
