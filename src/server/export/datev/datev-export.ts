import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import type { Kysely } from 'kysely';
import { enumText } from '../../routes/vouchers/catalogue-text';
import { type VoucherListSeek, voucherRowsAfter } from '../../db/repositories/voucher-list.repository';
import type { Database } from '../../db/schema';
import { type StoredVat, splitGross } from '../../einvoice/out/voucher-vat';
import {
  ACCOUNTS,
  BOOKING_RULES,
  type Booking,
  bookingLine,
  type Chart,
  columnLine,
  type ExtfHeader,
  glAccount,
  headerLine,
  TAX_KEYS,
} from './extf-format';

/** Vouchers read per query: one batch in memory at a time (as the voucher CSV, bench/README.md). */
export const DATEV_BATCH = 250;
/** VAT rate of a voucher without a stored VAT breakdown that names none (only permanent debts carry one): the standard rate. */
export const DEFAULT_VAT_RATE = 19;

export interface DatevSettings {
  id: number;
  chart: Chart;
  accountLength: number;
  collectiveDebtorAccount: number | null;
}

/**
 * A debtor's personal account: its SAP number when that is a debtor account of the account length
 * (DATEV: personal accounts have one digit more than G/L accounts, debtors from 1…0 to 6…9 —
 * 10000–69999 at length 4), else the creditor's collective debtor account, else the first debtor
 * account (10000 at length 4).
 *
 * @example debtorAccount('12345', 4, null) // '12345'
 * @example debtorAccount('SAP-7', 4, null) // '10000'
 */
export function debtorAccount(sapNumber: string | null, length: number, collective: number | null): string {
  const low = 10 ** length;
  const number = sapNumber && /^\d+$/.test(sapNumber) ? Number(sapNumber) : Number.NaN;
  if (number >= low && number < 7 * low) return String(number);
  return String(collective ?? low);
}

/**
 * The lines of a Buchungsstapel for the creditor's vouchers dated from–to, read from the voucher
 * list (the same rows as GET /voucher/list with the voucher-date filter, in date order) in keyset
 * batches, each only when the reader took the previous one — flat memory however many vouchers.
 * Encoded as Windows-1252; the first chunk (header and column line, then the first batch) is ready
 * before the stream is handed out, so a failing query is an error answer, not a cut file.
 */
export async function datevExportStream(
  db: Kysely<Database>,
  settings: DatevSettings,
  header: ExtfHeader,
  batchSize = DATEV_BATCH,
): Promise<Readable> {
  const accounts = ACCOUNTS[settings.chart];
  const gl = (account: number) => glAccount(account, settings.accountLength);
  const query = { filters: { voucherDate: [header.from, header.to] }, sortBy: 'voucherDate', sortDesc: false };

  async function* batches(): AsyncGenerator<string> {
    let after: VoucherListSeek | undefined;
    for (;;) {
      const rows = await voucherRowsAfter(db, settings.id, query, after).limit(batchSize).execute();
      if (rows.length === 0) return;
      after = { key: rows[rows.length - 1].seekKey, id: rows[rows.length - 1].id };
      const bookable = rows.filter((r) => BOOKING_RULES[r.type] && Number(r.amount) !== 0 && r.voucherDate && (r.officialVoucherNumber || r.parentId));
      const extras = bookable.length
        ? await db
            .selectFrom('voucher as v')
            .leftJoin('debtor as d', 'd.id', 'v.debtorId')
            .leftJoin('permanentDebt as p', 'p.id', 'v.permanentDebtId')
            .leftJoin('voucher as pv', (join) => join.onRef('pv.id', '=', 'v.parentId').onRef('pv.creditorId', '=', 'v.creditorId'))
            .select(['v.id', 'v.performanceDate', 'd.sapNumber', 'p.vat', 'v.vatBreakdown', 'pv.vatBreakdown as parentVatBreakdown'])
            .where('v.id', 'in', bookable.map((r) => r.id))
            .execute()
        : [];
      const extra = new Map(extras.map((e) => [e.id, e]));
      let out = '';
      for (const row of bookable) {
        const rule = BOOKING_RULES[row.type];
        const more = extra.get(row.id);
        const cents = Number(row.amount);
        for (const part of taxParts(rule.taxed, cents, more)) {
          const booking: Booking = {
            cents: part.cents,
            side: cents >= 0 ? rule.side : rule.side === 'S' ? 'H' : 'S',
            account: debtorAccount(more?.sapNumber ?? null, settings.accountLength, settings.collectiveDebtorAccount),
            contraAccount: gl(accounts[rule.contra]),
            taxKey: part.taxKey,
            date: row.voucherDate!,
            // a payment or credit names the invoice it settles: DATEV matches open items by Belegfeld 1
            document: (row.parentId ? row.parentNumber : null) ?? row.numberToShow ?? '',
            text: `${enumText('voucherType', row.type)} ${row.debtorName ?? ''}`.trim(),
            performanceDate: more?.performanceDate ?? null,
          };
          out += `${bookingLine(booking)}\r\n`;
        }
      }
      if (out) yield out;
      if (rows.length < batchSize) return;
    }
  }

  const iterator = batches();
  const first = await iterator.next();
  async function* chunks() {
    yield iconv.encode(`${headerLine(header)}\r\n${columnLine()}\r\n${first.done ? '' : first.value}`, 'win1252');
    if (first.done) return;
    for await (const text of iterator) yield iconv.encode(text, 'win1252');
  }
  return Readable.from(chunks(), { highWaterMark: 1 });
}

/**
 * The booking lines' amounts and BU keys of a voucher: a taxed one with a stored VAT breakdown (its
 * own, else its invoice's for a credit or write-off) one line per rate with that rate's share of the
 * amount (summing to it), BU key of the rate (none for 0 %, exempt, reverse charge); otherwise one
 * line, at the permanent debt's rate or the standard rate; an untaxed one (a payment) without key.
 *
 * @example taxParts(true, 10_700, { vat: null, vatBreakdown: [{ category: 'S', rate: 7, base: 10_000, tax: 700 }], parentVatBreakdown: null }) // [{ cents: 10_700, taxKey: '2' }]
 */
export function taxParts(
  taxed: boolean,
  cents: number,
  more: { vat: number | null; vatBreakdown: unknown; parentVatBreakdown: unknown } | undefined,
): { cents: number; taxKey: string }[] {
  if (!taxed) return [{ cents, taxKey: '' }];
  const shares = splitGross(cents, (more?.vatBreakdown ?? more?.parentVatBreakdown) as StoredVat[] | null);
  if (!shares) return [{ cents, taxKey: TAX_KEYS[more?.vat ?? DEFAULT_VAT_RATE] ?? '' }];
  return shares.map((share) => ({ cents: share.gross, taxKey: share.vat.category === 'S' ? (TAX_KEYS[share.vat.rate] ?? '') : '' }));
}

/**
 * The first day of the fiscal year a day lies in, for a fiscal year starting in `startMonth`.
 *
 * @example fiscalYearStart('2026-03-10', 7) // '2025-07-01'
 */
export function fiscalYearStart(day: string, startMonth: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const startYear = month >= startMonth ? year : year - 1;
  return `${startYear}-${String(startMonth).padStart(2, '0')}-01`;
}

/** The last day of the fiscal year that begins on `start`. */
export function fiscalYearEnd(start: string): string {
  const next = new Date(`${Number(start.slice(0, 4)) + 1}${start.slice(4)}T00:00:00Z`);
  return new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
}
