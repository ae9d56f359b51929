import path from 'node:path';
import { variants } from '../../../../generated/variants';
import type { LocalizedText } from '../../../shared/config-types';
import { CONTENT_DIR, loadContentFile, localizedText } from './content-file';

/** One dated information pop-up (document 2 §1): shown to the users of its products between two dates. */
export interface InformationEntry {
  key: string;
  products: string[];
  title: LocalizedText;
  /** `%{email}` is replaced by the product's service mail address */
  text: LocalizedText;
  /** first and last day shown (yyyy-MM-dd, both included, German calendar) */
  from: string;
  until: string;
}

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const schema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      key: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
      products: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: Object.keys(variants) } },
      title: localizedText,
      text: localizedText,
      from: { type: 'string', pattern: DATE },
      until: { type: 'string', pattern: DATE },
    },
    required: ['key', 'products', 'title', 'text', 'from', 'until'],
    additionalProperties: false,
  },
} as const;

/**
 * The important information of `content/information.yaml` (or the file named by INFORMATION_FILE).
 * A key twice or a range that ends before it starts stops the server with `file:line: problem`.
 *
 * @example loadInformation().filter((entry) => entry.products.includes('SMAFA'))
 */
export function loadInformation(
  file = process.env.INFORMATION_FILE || path.join(CONTENT_DIR, 'information.yaml'),
): InformationEntry[] {
  return loadContentFile<InformationEntry[]>(file, schema, (entries) => {
    const problems: string[] = [];
    const keys = entries.map((entry) => entry.key);
    for (const key of new Set(keys)) if (keys.indexOf(key) !== keys.lastIndexOf(key)) problems.push(`key ${key} twice`);
    for (const entry of entries) if (entry.until < entry.from) problems.push(`${entry.key}: until is before from`);
    return problems;
  });
}

/** Today in the German calendar, `yyyy-MM-dd`. */
export const germanDay = (now: Date): string =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(now);

/** The entry's text for a product: `%{email}` becomes the product's service mail. */
export function informationText(entry: InformationEntry, product: string): LocalizedText {
  const mail = variants[product]?.contact.mail ?? '';
  const fill = (text: string) => text.replaceAll('%{email}', mail);
  return { de: fill(entry.text.de), en: fill(entry.text.en) };
}
