import de from '../../../../generated/i18n/de.json' with { type: 'json' };
import { enums } from '../../../../generated/enums';
import type { ColumnConfig } from '../../../shared/config-types';
import { formatDate, formatPercent } from '../../../shared/format';
import { todayIso } from '../../../shared/validation';
import { toCsv } from '../../services/csv-writer';

/** A text of the German catalogue by its i18n key (`fields.name`); the key itself when missing. */
export function germanText(key: string): string {
  let node: unknown = de;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

const valueAt = (record: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | null | undefined)?.[part], record);

const dateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const amount = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Display widgets whose values have labels in a text namespace (schema/widgets.yaml): the CSV writes
 * the label as the screen shows it, the raw value when it has none.
 */
const LABELLED_WIDGETS: Record<string, string> = { actionTypeLabel: 'actionTypes', roleLabel: 'roles' };

/** One value as a German spreadsheet shows it: `1.234,56`, `09.03.2024`, `09.03.2024 14:05`, enum labels. */
export function csvValue(column: Pick<ColumnConfig, 'type' | 'enum' | 'widget'>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const namespace = column.widget ? LABELLED_WIDGETS[column.widget] : undefined;
  if (namespace) {
    // germanText answers the key itself when the catalogue has no text for it
    const label = (item: unknown) => {
      const key = `${namespace}.${String(item)}`;
      const text = germanText(key);
      return text === key ? String(item) : text;
    };
    return Array.isArray(value) ? value.map(label).join(', ') : label(value);
  }
  switch (column.type) {
    case 'money':
      return amount.format(Number(value) / 100);
    case 'percent':
      return formatPercent(Number(value));
    case 'date':
      return formatDate(String(value));
    case 'timestamp':
      return dateTime.format(new Date(Number(value) * 1000)).replace(',', '');
    case 'boolean':
      return germanText(value ? 'ui.value.yes' : 'ui.value.no');
    case 'enum': {
      const entry = enums[column.enum ?? '']?.values.find((v) => String(v.value) === String(value));
      return entry ? germanText(entry.label) : String(value);
    }
    case 'list':
      return Array.isArray(value) ? value.map(String).join(', ') : '';
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/**
 * A CSV file for German spreadsheets through the one CSV writer (services/csv-writer: UTF-8 with
 * BOM, `;`, CRLF, formulas neutralised): the columns' German headers, values formatted by their column type.
 *
 * @example toGermanCsv(requestsResource.list.columns, rows) // '\uFEFFKMU;Produkt;…\r\n…'
 */
export function toGermanCsv(columns: readonly ColumnConfig[], records: readonly unknown[]): string {
  return toCsv(
    columns.map((c) => germanText(c.text)),
    records.map((record) => columns.map((c) => csvValue(c, valueAt(record, c.value)))),
  );
}

/** `Content-Disposition` of a download named `<name>-<yyyy-MM-dd>.csv`, the day in Germany. */
export const csvDisposition = (name: string) =>
  `attachment; filename="${name}-${todayIso()}.csv"`;
