import de from '../../../generated/i18n/de.json';
import { variants } from '../../../generated/variants';
import { raGerman } from '../../../src/client/i18n/ra-german';

/**
 * The German text of an i18n key as the portal shows it (generated catalogue, react-admin's German
 * texts, a variant's wording), so the tests never re-type labels that live in the YAML.
 *
 * @example germanText('resources.debtors.name', 'TPF') // 'Auftraggeber'
 */
export function germanText(key: string, variantCode = 'SMAFA', values: Record<string, string> = {}): string {
  const wording = variants[variantCode]?.wording.de[key];
  const lookup = (tree: unknown) => key.split('.').reduce<any>((node, part) => node?.[part], tree);
  const found = wording ?? lookup(de) ?? lookup(raGerman);
  if (typeof found !== 'string') throw new Error(`No German text for ${key}`);
  return found.replace(/%\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

/** `1.234,56 €` (a minus sign allowed), as formatMoney writes it. */
export const GERMAN_MONEY = /^-?\d{1,3}(\.\d{3})*,\d{2} €$/;
/** `dd.MM.yyyy` */
export const GERMAN_DATE = /^\d{2}\.\d{2}\.\d{4}$/;
/** a moment as the lists show it where the hour matters (the action log): 27.11.2026 16:53 */
export const GERMAN_DATE_TIME = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/;

/** A text as a literal inside a RegExp (labels with brackets, dots or "*"). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
