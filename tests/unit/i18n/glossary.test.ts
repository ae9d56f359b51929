import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import de from '../../../generated/i18n/de.json' with { type: 'json' };
import { variants } from '../../../generated/variants';

/**
 * Issue 28 item 11 "one word per thing": every German text a product shows — the catalogue with
 * the product's wording laid over it — uses that product's word for a debtor, a voucher and open
 * invoices (schema/glossary.yaml), never another product's, and no retired word ("Mahnsperre",
 * "Dauerrechnung", "Debitor").
 */
interface Glossary {
  retired: { word: string; use: string; allowed?: string[] }[];
  products: Record<string, Record<string, string[]>>;
}
const glossary = parse(
  readFileSync(join(import.meta.dirname, '../../../schema/glossary.yaml'), 'utf8'),
) as Glossary;

/** The catalogue as `key → text` (the `$comment` header left out). */
const flatten = (node: unknown, prefix = ''): [string, string][] =>
  Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => {
    if (key === '$comment') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : flatten(value, path);
  });
const catalogue = flatten(de);

/** The German texts of a product: the catalogue with the product's wording over it. */
const textsOf = (code: string): [string, string][] => {
  const wording = variants[code].wording.de;
  return catalogue.map(([key, text]) => [key, wording[key] ?? text]);
};

const termsOf = (code: string) => glossary.products[code] ?? glossary.products.default;
const THINGS = Object.keys(glossary.products.default).filter((thing) => thing !== 'allowed');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** a word at the start of a word (not inside "Geschäftskunde" or "Folgebeleg") */
const wordStart = (word: string) => new RegExp(`(?<!\\p{L})${escapeRegExp(word)}`, 'u');

/** The words a product must not use: the other products' words for the same things. */
function foreignWords(code: string): string[] {
  const own = termsOf(code);
  const codes = Object.keys(variants);
  return [
    ...new Set(
      codes
        .filter((other) => termsOf(other) !== own)
        .flatMap((other) => THINGS.flatMap((thing) => termsOf(other)[thing] ?? []))
        .filter((word) => !THINGS.some((thing) => own[thing]?.includes(word))),
    ),
  ];
}

/** The text without the phrases the product allows, so that a foreign word inside them counts not. */
const withoutAllowed = (text: string, allowed: readonly string[]) =>
  allowed.reduce((rest, phrase) => rest.split(phrase).join(' '), text);

/** `key: text` of every text of a product that uses a forbidden word. */
function offenders(code: string): string[] {
  const allowed = termsOf(code).allowed ?? [];
  const foreign = foreignWords(code).map((word) => ({ word, pattern: wordStart(word) }));
  const found: string[] = [];
  for (const [key, text] of textsOf(code)) {
    for (const retired of glossary.retired) {
      const rest = withoutAllowed(text, retired.allowed ?? []);
      if (rest.includes(retired.word)) found.push(`${key}: "${retired.word}" is retired, use "${retired.use}" — ${text}`);
    }
    const rest = withoutAllowed(text, allowed);
    for (const { word, pattern } of foreign) {
      if (pattern.test(rest)) found.push(`${key}: "${word}" is another product's word — ${text}`);
    }
  }
  return found;
}

describe('one word per thing (schema/glossary.yaml)', () => {
  it('names every thing of the glossary for every product', () => {
    for (const code of Object.keys(variants)) {
      for (const thing of THINGS) expect(termsOf(code)[thing]?.length, `${code} ${thing}`).toBeGreaterThan(0);
    }
    expect(Object.keys(glossary.products).filter((code) => code !== 'default' && !variants[code])).toEqual([]);
  });

  for (const code of Object.keys(variants)) {
    it(`${code}: no catalogue text uses another product's word or a retired one`, () => {
      expect(offenders(code)).toEqual([]);
    });
  }

  it('would find the words the walk-through found (the check is no empty net)', () => {
    const retired = glossary.retired.map((r) => r.word);
    expect(retired).toEqual(expect.arrayContaining(['Mahnsperre', 'Dauerrechnung', 'Debitor']));
    expect(foreignWords('TPF')).toEqual(expect.arrayContaining(['Kunde', 'Beleg', 'offene Rechnungen']));
    expect(foreignWords('SMAFA')).toEqual(expect.arrayContaining(['Auftraggeber', 'Auftrag']));
    const tpfText = withoutAllowed('Anschrift des Kunden unzustellbar', termsOf('TPF').allowed);
    expect(wordStart('Kunde').test(tpfText)).toBe(true);
    expect(wordStart('Kunde').test(withoutAllowed('Bitte wenden Sie sich an den Kundenservice.', termsOf('TPF').allowed))).toBe(false);
  });
});
