import type { Kysely } from 'kysely';
import type { PermanentDebt, PermanentDebtVoucher } from '../../../../generated/types';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';

/**
 * The vouchers (invoices) a permanent debt has produced, newest first — the detail's invoices tab.
 * `where` narrows by permanent debt or by location; the caller's creditor always applies.
 */
export async function findPermanentDebtVouchers(
  db: Kysely<Database>,
  creditorId: number,
  where: { permanentDebtId: number } | { locationId: number },
): Promise<PermanentDebtVoucher[]> {
  let query = db
    .selectFrom('voucher')
    .select(['id', 'customNumber', 'officialVoucherNumber', 'amount', 'type', 'createdAt'])
    .where('creditorId', '=', creditorId)
    .where('permanentDebtId', 'is not', null);
  query =
    'permanentDebtId' in where
      ? query.where('permanentDebtId', '=', where.permanentDebtId)
      : query.where('locationId', '=', where.locationId);
  const rows = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  return rows.map((v) => ({
    id: v.id,
    numberToShow: v.officialVoucherNumber ?? v.customNumber,
    officialVoucherNumber: v.officialVoucherNumber,
    amount: v.amount,
    type: v.type as PermanentDebtVoucher['type'],
    created: toEpochSeconds(v.createdAt),
  }));
}

/**
 * The detail of one permanent debt of `creditorId` (GET /permanent-debt/{id}/show), or undefined
 * when it does not exist *for this creditor* (the route answers 404 either way). The SEPA account is
 * the debtor's mandate, from which the debits are collected.
 *
 * @example
 * const permanentDebt = await findPermanentDebtDetail(db, creditorId, 7);
 */
export async function findPermanentDebtDetail(
  db: Kysely<Database>,
  creditorId: number,
  id: number,
): Promise<PermanentDebt | undefined> {
  const row = await db
    .selectFrom('permanentDebt as p')
    .innerJoin('debtor as d', 'd.id', 'p.debtorId')
    .innerJoin('location as l', 'l.id', 'p.locationId')
    .selectAll('p')
    .select([
      'd.name as debtorName',
      'd.sepaAccountOwner',
      'd.sepaIban',
      'l.name as locationName',
      'l.customDebtorNumber',
    ])
    .where('p.creditorId', '=', creditorId)
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const vouchers = await findPermanentDebtVouchers(db, creditorId, { permanentDebtId: id });
  return {
    id: row.id,
    status: row.status as PermanentDebt['status'],
    created: toEpochSeconds(row.createdAt),
    customNumber: row.customNumber,
    startDate: row.startDate,
    endDate: row.endDate,
    nextExecutionDate: row.nextExecutionDate,
    subject: row.subject,
    grossAmount: row.grossAmount,
    period: row.period as PermanentDebt['period'],
    debtor: { id: row.debtorId, name: row.debtorName },
    location: { id: row.locationId, name: row.locationName, customNumber: row.customDebtorNumber },
    performanceDateIndex: row.performanceDateIndex,
    description: row.description,
    netAmount: row.netAmount,
    vat: row.vat,
    attachment: row.attachmentFileName
      ? { fileName: row.attachmentFileName, source: row.attachmentSource }
      : null,
    officialVoucherSource: row.officialVoucherSource,
    sepa: row.sepaIban ? { accountOwner: row.sepaAccountOwner, iban: row.sepaIban } : null,
    vouchers,
    stop: row.stoppedAt
      ? { officialVoucherSource: row.stopOfficialVoucherSource, created: toEpochSeconds(row.stoppedAt) }
      : null,
  };
}
