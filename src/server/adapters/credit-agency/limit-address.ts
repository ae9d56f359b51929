import type { LimitAddress } from './credit-agency';

// Words German place names keep in lower case (Frankfurt am Main, Neustadt an der Weinstraße).
const SMALL_WORDS = new Set([
  'am',
  'an',
  'auf',
  'bei',
  'der',
  'dem',
  'den',
  'die',
  'im',
  'in',
  'ob',
  'unter',
  'vor',
]);

const clean = (value: string | undefined): string => (value ?? '').replace(/\s+/g, ' ').trim();

/**
 * Title case for a city the way the agency stores it: every word capitalised, the small connecting
 * words of German place names lower case (except at the start).
 *
 * @example titleCaseCity('  FRANKFURT AM MAIN ') // 'Frankfurt am Main'
 * @example titleCaseCity('halle (saale)') // 'Halle (Saale)'
 */
export function titleCaseCity(city: string): string {
  return clean(city)
    .toLocaleLowerCase('de-DE')
    .split(' ')
    .map((word, index) =>
      index > 0 && SMALL_WORDS.has(word)
        ? word
        : word.replace(
            /(^|[-(/])(\p{L})/gu,
            (_, before: string, letter: string) => before + letter.toLocaleUpperCase('de-DE'),
          ),
    )
    .join(' ');
}

/**
 * Writes abbreviated and transliterated street suffixes out the way the agency does.
 *
 * @example normaliseStreet('Hauptstr.') // 'Hauptstraße'
 * @example normaliseStreet(' Berliner  Str. ') // 'Berliner Straße'
 * @example normaliseStreet('Lindenstrasse') // 'Lindenstraße'
 */
export function normaliseStreet(street: string): string {
  return clean(street)
    .replace(/([Ss])tr\.(?=\s|$)/g, '$1traße')
    .replace(/([Ss])trasse\b/g, '$1traße');
}

/**
 * The limit address the local agency answers with: trimmed, the city in title case, street suffixes
 * written out, house numbers and postcodes without inner blanks.
 *
 * @example
 * normaliseLimitAddress({ name: ' Muster  GmbH', street: 'Hauptstr.', house: '12 a', zip: '20 095', city: 'HAMBURG' });
 * // → { name: 'Muster GmbH', street: 'Hauptstraße', house: '12a', zip: '20095', city: 'Hamburg' }
 */
export function normaliseLimitAddress(address: LimitAddress): LimitAddress {
  return {
    name: clean(address.name),
    street: normaliseStreet(address.street),
    house: clean(address.house).replace(/ /g, ''),
    zip: clean(address.zip).replace(/ /g, ''),
    city: titleCaseCity(address.city),
  };
}
