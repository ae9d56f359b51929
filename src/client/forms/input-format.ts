/**
 * An IBAN as people read it: upper case, in groups of four.
 *
 * @example groupIban('de89370400440532013000') // 'DE89 3704 0044 0532 0130 00'
 */
export function groupIban(value: string): string {
  return value
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * A stored calendar date as a German date input shows it; anything else stays as it is.
 *
 * @example toGermanDate('2024-02-01') // '01.02.2024'
 */
export function toGermanDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso;
}
