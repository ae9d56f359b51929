import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { CreditorVoucher } from '../../../../generated/types';
import type { Database } from '../schema';
import { StatementCache } from '../statement-cache';
import { type Figures, keptFiguresQuery } from './dashboard-figures.repository';
import { readAlong, readerAlong } from './reader-along';
import { UNHANDLED_WORK_QUEUE_STATUSES } from './work-queue.repository';

/** The dashboard's statement, compiled once (src/server/db/statement-cache.ts). */
const statements = new StatementCache();

/**
 * Everything one dashboard load reads, in one statement (issue 32, folded as the voucher list's):
 * the creditor's kept figures while they are current (null: to be computed), the live widgets (the
 * creditor's limits, the unhandled work-queue items' number and oldest, the latest `statements`
 * creditor statements, the current service-fee period) and the caller's stored permissions and
 * session state. Each is a subquery of the one row, read by the creditor's indexes as before.
 *
 * @example const row = await readDashboard(db, creditorId, request.user.id, 5);
 */
export async function readDashboard(db: Kysely<Database>, creditorId: number, readerId: number, statementCount: number) {
  const [row] = await statements.rows(db, `dashboard ${statementCount}`, { creditorId, readerId }, (slots) =>
    db.selectNoFrom((eb) => [
      sql<Figures | null>`(${keptFiguresQuery(slots.creditorId)})`.as('keptFigures'),
      eb.selectFrom('creditor as cr').select('cr.approvedLimit').where('cr.id', '=', slots.creditorId).as('approvedLimit'),
      eb.selectFrom('creditor as cr').select('cr.availableLimit').where('cr.id', '=', slots.creditorId).as('availableLimit'),
      eb
        .selectFrom('workQueueItem as w')
        .where('w.creditorId', '=', slots.creditorId)
        .where('w.status', 'in', UNHANDLED_WORK_QUEUE_STATUSES)
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('workQueueCount'),
      jsonObjectFrom(
        eb
          .selectFrom('workQueueItem as w')
          .where('w.creditorId', '=', slots.creditorId)
          .where('w.status', 'in', UNHANDLED_WORK_QUEUE_STATUSES)
          .select(['w.id', 'w.title', sql<number>`floor(extract(epoch from w.created_at))::bigint`.as('created')])
          .orderBy('w.createdAt', 'asc')
          .orderBy('w.id', 'asc')
          .limit(1),
      ).as('oldestWorkQueue'),
      jsonArrayFrom(
        eb
          .selectFrom('creditorVoucher as c')
          .where('c.creditorId', '=', slots.creditorId)
          .select([
            'c.id as identifier',
            'c.amount',
            'c.readStatus',
            'c.sapReferenceNumber',
            'c.sapNumber',
            'c.archiveSourceFile',
            'c.type',
            'c.voucherDate',
          ])
          .orderBy('c.voucherDate', 'desc')
          .orderBy('c.id', 'desc')
          .limit(statementCount),
      ).as('creditorVouchers'),
      jsonObjectFrom(
        eb
          .selectFrom('serviceFeePeriod as p')
          .where('p.creditorId', '=', slots.creditorId)
          .select(['p.currentAnnualServiceFee', 'p.chargedAmount', 'p.startDate as start', 'p.endDate as end'])
          .orderBy(sql`p.start_date <= current_date and p.end_date >= current_date`, 'desc')
          .orderBy('p.startDate', 'desc')
          .limit(1),
      ).as('feePeriod'),
      readerAlong(eb, slots.readerId),
    ]),
  );
  return {
    keptFigures: (row?.keptFigures as Figures | null | undefined) ?? null,
    creditorLimit:
      row?.approvedLimit != null ? { approvedLimit: row.approvedLimit, availableLimit: row.availableLimit! } : null,
    workQueue: {
      count: Number(row?.workQueueCount ?? 0),
      oldest: (row?.oldestWorkQueue as { id: number; title: string; created: number } | null | undefined) ?? null,
    },
    creditorVouchers: (row?.creditorVouchers ?? []) as unknown as CreditorVoucher[],
    feePeriod:
      (row?.feePeriod as
        | { currentAnnualServiceFee: number | null; chargedAmount: number | null; start: string; end: string }
        | null
        | undefined) ?? null,
    ...readAlong(row?.reader),
  };
}
