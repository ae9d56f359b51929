import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { ColumnConfig } from '../../../shared/config-types';
import { formatDate } from '../../../shared/format';
import {
  toVoucherListItem,
  type VoucherListQuery,
  type VoucherListSeek,
  voucherRowsAfter,
} from '../../db/repositories/voucher-list.repository';
import type { Database } from '../../db/schema';
import { csvStream } from '../../services/csv-writer';
import { enumText, germanText } from './catalogue-text';

/**
 * Rows fetched per query while streaming: one batch in memory at a time however long the list is.
 * Small enough that a batch's rows die young in V8's new space: with 1,000 the export of 246,723
 * vouchers grew the server's RSS by 37–200 MB (old-generation garbage collected late), with 250 by
 * 0.5–31 MB (bench/README.md); the price is more statements (PostgreSQL on a busy machine: 15 s
 * instead of 9 s).
 */
export const CSV_BATCH = 250;
// Excel recognises UTF-8 only with a byte-order mark; German Excel splits on semicolons.
const germanNumber = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const germanInteger = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

/** A cell as German Excel reads it: `1.234,56`, `dd.MM.yyyy`, labels instead of enum values. */
function format(column: ColumnConfig, value: unknown): string {
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
 * The cell writer of one column, prepared once per export: the value's path split once, the text
 * of each enumeration or boolean value looked up once (a large export has only a handful of them,
 * and every string less per row is garbage the server does not have to collect).
 */
function cellWriter(column: ColumnConfig): (record: unknown) => string {
  const path = column.value.split('.');
  const labels = column.type === 'enum' || column.type === 'boolean' ? new Map<unknown, string>() : undefined;
  return (record) => {
    let value = record;
    for (const key of path) value = (value as Record<string, unknown> | null | undefined)?.[key];
    if (value === null || value === undefined) return '';
    if (!labels) return format(column, value);
    const known = labels.get(value);
    if (known !== undefined) return known;
    const text = format(column, value);
    labels.set(value, text);
    return text;
  };
}

/**
 * The filtered, sorted voucher list as a CSV stream (GET /voucher/csv): German headers, `;`
 * separator, German numbers and dates, UTF-8 with BOM, formulas neutralised (services/csv-writer). Reads the
 * list in keyset batches ({@link voucherRowsAfter}), each only when the client has taken the previous
 * one, so a creditor with many vouchers never has the export in memory.
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
  // Keyset paging: each batch starts after the previous one's last row (OFFSET re-read every row
  // before the batch, so the export took quadratic time). Each query is a short statement of its
  // own: on PGlite's single connection other requests run between two batches.
  const cells = columns.map(cellWriter);
  async function* batches() {
    let after: VoucherListSeek | undefined;
    for (;;) {
      const rows = await voucherRowsAfter(db, creditorId, query, after).limit(batchSize).execute();
      if (rows.length === 0) return;
      const last = rows[rows.length - 1];
      after = { key: last.seekKey, id: last.id };
      yield rows.map((row) => {
        const item = toVoucherListItem(row);
        return cells.map((cell) => cell(item));
      });
      if (rows.length < batchSize) return;
    }
  }
  return csvStream(columns.map((column) => germanText(column.text)), batches());
}
