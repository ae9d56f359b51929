import de from '../../../../generated/i18n/de.json' with { type: 'json' };
import { enums } from '../../../../generated/enums';

/**
 * German texts of the generated catalogue (schema/texts, enums, resources) for what the server
 * writes itself: the CSV export, explanations of pending vouchers, error messages.
 * The UI is German (document 1 §1); a key without a text shows as the key.
 *
 * @example germanText('messages.unprocessed.pauseInfo', { minutes: 7 }) // 'Anhänge können noch 7 Minuten …'
 */
export function germanText(key: string, params: Record<string, unknown> = {}): string {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], de);
  if (typeof text !== 'string') return key;
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The German label of an enumeration value; an untranslated value shows raw (document 1 §8). */
export function enumText(enumName: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  const entry = enums[enumName]?.values.find((v) => String(v.value) === String(value));
  const text = entry ? germanText(entry.label) : String(value);
  return text === entry?.label ? String(value) : text;
}
