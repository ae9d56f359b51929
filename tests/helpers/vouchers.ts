import type { Insertable, Kysely } from 'kysely';
import type { Database, VoucherTable } from '../../src/server/db/schema';
import { todayIso } from '../../src/shared/validation';
import { addDays } from '../../src/shared/validation/german-input.parse';

let serial = 0;

/**
 * A purchased, open, overdue invoice of 1.000,00 € (dated 40 days ago, due 10 days ago) at the
 * creditor's active debtor with the highest approved limit — written as document processing leaves
 * one, so a command test starts from a voucher of its own. `prefix` marks the test's numbers.
 *
 * @example const id = await insertOpenInvoice(t.db, creditorId, 'IK');
 */
export async function insertOpenInvoice(
  db: Kysely<Database>,
  creditorId: number,
  prefix: string,
  over: Partial<Insertable<VoucherTable>> = {},
): Promise<number> {
  const place = await db
    .selectFrom('location as l')
    .innerJoin('debtor as d', 'd.id', 'l.debtorId')
    .select(['l.id as locationId', 'd.id as debtorId'])
    .where('l.creditorId', '=', creditorId)
    .where('d.status', '=', 'active')
    .orderBy('d.approvedLimit', 'desc')
    .orderBy('l.id')
    .executeTakeFirstOrThrow();
  const n = `${Date.now() % 100000}${++serial}`;
  const day = (offset: number) => addDays(todayIso(), offset);
  const row = await db
    .insertInto('voucher')
    .values({
      creditorId,
      debtorId: place.debtorId,
      locationId: place.locationId,
      customNumber: `RE-${prefix}-${n}`,
      officialVoucherNumber: `${prefix}${n}`,
      type: 'invoice',
      status: 'open',
      subStatus: 'purchased',
      purchaseStatus: 'GEKAUFT',
      dunningType: 'notDunned',
      amount: 100_000,
      leftoverAmount: 100_000,
      initialLeftoverAmount: 100_000,
      voucherDate: day(-40),
      performanceDate: day(-40),
      paymentDeadline: day(-10),
      sapNumber: `51${prefix}${n}`,
      ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
