/*
 * The Leitweg-ID of a German public buyer (KoSIT "Formatspezifikation Leitweg-ID" 2.0.2):
 * coarse address (2–12 digits) - optional fine address (up to 30 letters/digits) - check digits
 * (2 digits, ISO/IEC 7064 MOD 97-10 over coarse + fine address, letters A=10 … Z=35, as for IBANs).
 */

const PATTERN = /^(\d{2,12})(?:-([A-Za-z0-9]{1,30}))?-(\d{2})$/;

/** The check digits of a Leitweg-ID's address part (without hyphens). */
function checkDigits(address: string): number {
  let rest = 0;
  for (const ch of `${address.toUpperCase()}00`) {
    const value = ch >= '0' && ch <= '9' ? ch : String(ch.charCodeAt(0) - 55);
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return 98 - rest;
}

/**
 * Whether `id` is a well-formed Leitweg-ID with correct check digits.
 *
 * @example isLeitwegId('991-33333TEST-33') // true
 * @example isLeitwegId('991-33333TEST-34') // false
 */
export function isLeitwegId(id: string): boolean {
  const match = PATTERN.exec(id.trim());
  if (!match) return false;
  return checkDigits(match[1] + (match[2] ?? '')) === Number(match[3]);
}
