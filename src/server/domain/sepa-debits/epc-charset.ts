/**
 * The SEPA character set (EPC "SEPA Requirements for an Extended Character Set", EPC217-08): a
 * pain.008 may carry only `a-z A-Z 0-9 / - ? : ( ) . , ' +` and the space. Text outside it is
 * transliterated before it goes into a file:
 *
 * - German letters as the German banking industry (Deutsche Kreditwirtschaft) writes them, which
 *   EPC217-08 leaves to the communities: Ä → Ae, Ö → Oe, Ü → Ue, ä → ae, ö → oe, ü → ue, ß → ss;
 * - every other letter with a diacritic loses it (é → e, Ł → L), through Unicode decomposition;
 * - `&` → `+`, `@` → `(at)`, `_` → `-`, quotation marks → `'`, line breaks and tabs → space;
 * - anything else → `.`; runs of blanks collapse, and the text is cut to the field's length.
 */
const SEPA_CHARACTERS = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

const SPECIAL: Record<string, string> = {
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  '&': '+',
  '@': '(at)',
  _: '-',
  '"': "'",
  '„': "'",
  '“': "'",
  '”': "'",
  '‚': "'",
  '‘': "'",
  '’': "'",
  '`': "'",
  '´': "'",
  '–': '-',
  '—': '-',
  '\t': ' ',
  '\r': ' ',
  '\n': ' ',
};

/** Whether a text is within the SEPA character set already. */
export const isSepaText = (text: string): boolean => SEPA_CHARACTERS.test(text);

/**
 * A text in the SEPA character set, at most `maxLength` characters.
 *
 * @example toSepaText('Müller & Söhne GmbH', 70) // 'Mueller + Soehne GmbH'
 * @example toSepaText('Café „Zur Börse“', 70) // "Cafe 'Zur Boerse'"
 */
export function toSepaText(text: string, maxLength: number): string {
  let out = '';
  for (const char of text) {
    if (SEPA_CHARACTERS.test(char)) out += char;
    else if (SPECIAL[char] !== undefined) out += SPECIAL[char];
    else {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && SEPA_CHARACTERS.test(base) ? base : '.';
    }
  }
  return out.replace(/ {2,}/g, ' ').trim().slice(0, maxLength).trim();
}

/**
 * An identifier (message, payment, end-to-end, mandate id) as the EPC implementation guidelines
 * restrict it: SEPA characters without the blank, not starting or ending with `/`, no `//`.
 *
 * @example isSepaIdentifier('MREF-12345') // true
 * @example isSepaIdentifier('A//B') // false
 */
export function isSepaIdentifier(id: string, maxLength = 35): boolean {
  return (
    id.length > 0 &&
    id.length <= maxLength &&
    /^[A-Za-z0-9/\-?:().,'+]+$/.test(id) &&
    !id.startsWith('/') &&
    !id.endsWith('/') &&
    !id.includes('//')
  );
}
