import { type Kysely, sql } from 'kysely';
import { todayIso } from '../../../shared/validation';
import { addDays } from '../../../shared/validation/german-input.parse';
import type { Database } from '../../db/schema';
import { enumValue } from '../../services/status-groups';
import { RUNNING_STATES } from './permanent-debt.handlers';
import { nextExecutionAfter } from './permanent-debt.rules';

const BATCH = 50;
const INVOICE = enumValue('voucherType', 'invoice');
const OPEN = enumValue('voucherStatus', 'open');
const ACTION_EVENT = enumValue('historyEventType', 'action');

/**
 * The recurring invoices of the permanent debts (document 1 §4), run by the workers loop on its
 * clock: every running permanent debt whose next execution date has come gets the invoice of that
 * period — an open invoice over its gross amount, dated on the execution date, due the same day
 * (direct debit), performed on the day `performanceDateIndex` of the period — and moves on to the
 * next period; the first invoice makes it `active`. A period after the end date is not billed: the
 * permanent debt is `expired` instead. A clock that jumped bills each missed period once.
 *
 * Exactly once: each permanent debt is claimed with `FOR UPDATE SKIP LOCKED` in its own
 * transaction, its next date read again under the lock, and the invoice carries (permanent debt,
 * period) under a unique index, so two processes or a rerun after a restart never bill a period
 * twice. Returns the invoices written and the permanent debts expired.
 *
 * @example await runPermanentDebtSweep(db, new Date()) // → { invoices: 3, expired: 1 }
 */
export async function runPermanentDebtSweep(db: Kysely<Database>, now: Date): Promise<{ invoices: number; expired: number }> {
  const today = todayIso(now);
  let invoices = 0;
  let expired = 0;
  for (;;) {
    const worked = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('permanentDebt')
        .selectAll()
        .where('status', 'in', RUNNING_STATES)
        .where('nextExecutionDate', '<=', today)
        .orderBy('nextExecutionDate')
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const debt of due) {
        const period = debt.nextExecutionDate!;
        if (debt.endDate && period > debt.endDate) {
          await trx
            .updateTable('permanentDebt')
            .set({ status: 'expired', nextExecutionDate: null, updatedAt: now })
            .where('id', '=', debt.id)
            .execute();
          expired++;
          continue;
        }
        const inserted = await trx
          .insertInto('voucher')
          .values({
            creditorId: debt.creditorId,
            debtorId: debt.debtorId,
            locationId: debt.locationId,
            permanentDebtId: debt.id,
            permanentDebtPeriod: period,
            customNumber: `${debt.customNumber}-${period.replace(/-/g, '')}`,
            type: INVOICE,
            status: OPEN,
            amount: Number(debt.grossAmount),
            leftoverAmount: Number(debt.grossAmount),
            initialLeftoverAmount: Number(debt.grossAmount),
            voucherDate: period,
            performanceDate: addDays(period, Number(debt.performanceDateIndex)),
            paymentDeadline: period,
            comment: debt.subject,
            uploadedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .onConflict((oc) =>
            oc
              .columns(['permanentDebtId', 'permanentDebtPeriod'])
              .where(sql<boolean>`permanent_debt_id is not null and permanent_debt_period is not null`)
              .doNothing(),
          )
          .returning('id')
          .executeTakeFirst();
        if (inserted) {
          invoices++;
          await trx
            .insertInto('voucherHistory')
            .values({
              creditorId: debt.creditorId,
              voucherId: inserted.id,
              type: ACTION_EVENT,
              title: 'Rechnung aus Dauerschuldverhältnis erstellt',
              text: `${debt.subject} (${debt.customNumber}), Lastschrift am ${period}.`,
              event: 'permanentDebtInvoiced',
              payload: JSON.stringify({ permanentDebtId: debt.id, period }),
              createdAt: now,
            })
            .execute();
        }
        const next = nextExecutionAfter(debt.startDate, debt.period, period);
        const ends = debt.endDate != null && next > debt.endDate;
        await trx
          .updateTable('permanentDebt')
          .set({ status: ends ? 'expired' : 'active', nextExecutionDate: ends ? null : next, updatedAt: now })
          .where('id', '=', debt.id)
          .execute();
        if (ends) expired++;
      }
      return due.length;
    });
    if (worked === 0) return { invoices, expired };
  }
}
