import { type Kysely, sql } from 'kysely';
import { formatMoney } from '../../../shared/format';
import type { Database } from '../schema';
import { NUMBER_TO_SHOW } from './voucher-list.repository';

/**
 * Choices of the voucher list's filters (GET /voucher/location/list, /bnet-identifier/list,
 * /encashment-file-number/list, /number/list, /amount-list). Each answers at most `OPTION_LIMIT`
 * entries of the caller's own vouchers; `search` narrows them (substring, case-insensitive) so a
 * creditor with many vouchers still finds every value.
 */
export const OPTION_LIMIT = 1000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (search?: string) => (search?.trim() ? `%${escapeLike(search.trim())}%` : undefined);

/** The locations the creditor's vouchers name, by name: `{ id, name, customNumber, label }`. */
export async function listVoucherLocations(db: Kysely<Database>, creditorId: number, search?: string) {
  let query = db
    .selectFrom('location as l')
    .select(['l.id', 'l.name', 'l.customDebtorNumber as customNumber', 'l.city'])
    .where('l.creditorId', '=', creditorId)
    .where((eb) => eb.exists(eb.selectFrom('voucher as v').select('v.id').whereRef('v.locationId', '=', 'l.id')));
  const pattern = like(search);
  if (pattern) query = query.where((eb) => eb.or([eb('l.name', 'ilike', pattern), eb('l.customDebtorNumber', 'ilike', pattern)]));
  const rows = await query
    .orderBy(sql`l.name collate "und-x-icu"`)
    .orderBy('l.id')
    .limit(OPTION_LIMIT)
    .execute();
  // names repeat across debtors; the city and the creditor's own number tell them apart
  return rows.map(({ city, ...row }) => ({
    ...row,
    label: [row.name, city, row.customNumber].filter(Boolean).join(' · '),
  }));
}

async function distinctTexts(
  db: Kysely<Database>,
  creditorId: number,
  column: 'bnetId' | 'encashmentFileNumber',
  search?: string,
): Promise<string[]> {
  let query = db
    .selectFrom('voucher as v')
    .select(`v.${column} as value`)
    .distinct()
    .where('v.creditorId', '=', creditorId)
    .where(`v.${column}`, 'is not', null);
  const pattern = like(search);
  if (pattern) query = query.where(`v.${column}`, 'ilike', pattern);
  const rows = await query.orderBy('value').limit(OPTION_LIMIT).execute();
  return rows.map((row) => String(row.value));
}

/** Document-processing ids of the creditor's vouchers. */
export const listBnetIdentifiers = (db: Kysely<Database>, creditorId: number, search?: string) =>
  distinctTexts(db, creditorId, 'bnetId', search);

/** Encashment file numbers of the creditor's vouchers. */
export const listEncashmentFileNumbers = (db: Kysely<Database>, creditorId: number, search?: string) =>
  distinctTexts(db, creditorId, 'encashmentFileNumber', search);

/** Voucher numbers as shown (official, else the creditor's own). */
export async function listVoucherNumbers(db: Kysely<Database>, creditorId: number, search?: string) {
  let query = db
    .selectFrom('voucher as v')
    .select(NUMBER_TO_SHOW.as('value'))
    .distinct()
    .where('v.creditorId', '=', creditorId)
    .where(NUMBER_TO_SHOW, 'is not', null);
  const pattern = like(search);
  if (pattern) query = query.where(NUMBER_TO_SHOW, 'ilike', pattern);
  const rows = await query.orderBy('value').limit(OPTION_LIMIT).execute();
  return rows.map((row) => String(row.value));
}

/** The distinct voucher amounts, smallest first: `{ value: cents, label: '1.234,56 €' }`. */
export async function listVoucherAmounts(db: Kysely<Database>, creditorId: number, search?: string) {
  let query = db.selectFrom('voucher as v').select('v.amount').distinct().where('v.creditorId', '=', creditorId);
  const digits = search?.replace(/\D/g, '');
  if (digits) query = query.where(sql`v.amount::text`, 'like', `%${digits}%`);
  const rows = await query.orderBy('v.amount').limit(OPTION_LIMIT).execute();
  return rows.map(({ amount }) => ({ value: amount, label: formatMoney(amount) }));
}
