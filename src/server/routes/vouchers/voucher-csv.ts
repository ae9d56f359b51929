import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { ColumnConfig } from '../../../shared/config-types';
import { formatDate } from '../../../shared/format';
import {
  toVoucherListItem,
  type VoucherListQuery,
  voucherRowsQuery,
} from '../../db/repositories/voucher-list.repository';
import type { Database } from '../../db/schema';
import { csvStream } from '../../services/csv-writer';
import { enumText, germanText } from './catalogue-text';

/** Rows fetched per query while streaming; memory stays flat however long the list is. */
export const CSV_BATCH = 1000;
// Excel recognises UTF-8 only with a byte-order mark; German Excel splits on semicolons.
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

/**
 * The filtered, sorted voucher list as a CSV stream (GET /voucher/csv): German headers, `;`
 * separator, German numbers and dates, UTF-8 with BOM, formulas neutralised (services/csv-writer). Pages through the list in batches so a
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
): Promise<Readable> {
  async function* batches() {
    for (let offset = 0; ; offset += batchSize) {
      const rows = await voucherRowsQuery(db, creditorId, query).limit(batchSize).offset(offset).execute();
      if (rows.length === 0) return;
      yield rows.map((row) => toVoucherListItem(row)).map((item) => columns.map((column) => cell(column, item)));
      if (rows.length < batchSize) return;
    }
  }
  return csvStream(columns.map((column) => germanText(column.text)), batches());
}
