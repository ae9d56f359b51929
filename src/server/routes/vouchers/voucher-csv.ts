import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { ColumnConfig } from '../../../shared/config-types';
import { formatDate } from '../../../shared/format';
import {
  toVoucherListItem,
  type VoucherListQuery,
  voucherRowsQuery,
} from '../../db/repositories/voucher-list.repository';
import type { Database } from '../../db/schema';
import { enumText, germanText } from './catalogue-text';

/** Rows fetched per query while streaming; memory stays flat however long the list is. */
export const CSV_BATCH = 1000;
// Excel recognises UTF-8 only with a byte-order mark; German Excel splits on semicolons.
const BOM = '\uFEFF';
const SEPARATOR = ';';
const germanNumber = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const germanInteger = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

const valueAt = (record: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | null | undefined)?.[key], record);

/** A cell as German Excel reads it: `1.234,56`, `dd.MM.yyyy`, labels instead of enum values. */
function cell(column: ColumnConfig, record: unknown): string {
  const value = valueAt(record, column.value);
  if (value === null || value === undefined) return '';
  switch (column.type) {
    case 'money':
      return germanNumber.format(Number(value) / 100);
    case 'integer':
    case 'number':
      return germanInteger.format(Number(value));
    case 'date':
    case 'timestamp':
      return formatDate(value as string | number);
    case 'enum':
      return enumText(column.enum!, value);
    case 'boolean':
      return germanText(value ? 'ui.value.yes' : 'ui.value.no');
    default:
      return String(value);
  }
}

/** Quotes a field when needed; a leading = + - @ is neutralised so Excel does not run it as a formula. */
function escapeField(text: string, numeric: boolean): string {
  const safe = !numeric && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (fields: string[]) => `${fields.join(SEPARATOR)}\r\n`;

/**
 * The filtered, sorted voucher list as a CSV stream (GET /voucher/csv): German headers, `;`
 * separator, German numbers and dates, UTF-8 with BOM. Pages through the list in batches so a
 * creditor with many vouchers never has the whole export in memory.
 *
 * @example reply.type('text/csv; charset=utf-8').send(voucherCsvStream(db, creditorId, columns, query));
 */
export function voucherCsvStream(
  db: Kysely<Database>,
  creditorId: number,
  columns: ColumnConfig[],
  query: Omit<VoucherListQuery, 'page' | 'rowsPerPage'>,
  batchSize = CSV_BATCH,
): Readable {
  const numeric = (column: ColumnConfig) => ['money', 'integer', 'number'].includes(column.type);
  async function* lines() {
    yield BOM + line(columns.map((column) => escapeField(germanText(column.text), false)));
    for (let offset = 0; ; offset += batchSize) {
      const rows = await voucherRowsQuery(db, creditorId, query).limit(batchSize).offset(offset).execute();
      if (rows.length === 0) return;
      yield rows
        .map((row) => toVoucherListItem(row))
        .map((item) => line(columns.map((column) => escapeField(cell(column, item), numeric(column)))))
        .join('');
      if (rows.length < batchSize) return;
    }
  }
  return Readable.from(lines());
}
