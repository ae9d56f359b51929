import { type Kysely, sql } from 'kysely';
import { todayIso } from '../../../shared/validation';
import { addDays } from '../../../shared/validation/german-input.parse';
import type { Database } from '../../db/schema';
import { keepVoucherEInvoice } from '../../einvoice/out/keep-voucher-einvoice';
import { BuyerDataMissing, SellerDataMissing } from '../../einvoice/out/voucher-einvoice';
import { enumValue } from '../../services/status-groups';
import { RUNNING_STATES } from './permanent-debt.handlers';
import { executionOnOrAfter, nextExecutionAfter } from './permanent-debt.rules';

const BATCH = 50;

const PERMANENT_DEBT_INVOICE = enumValue('voucherType', 'permanent_debt');
const OPEN = enumValue('voucherStatus', 'open');
const ACTION_EVENT = enumValue('historyEventType', 'action');

/**
 * Issue 29: the invoice in its location's e-invoice format, kept as the voucher's file. Missing
 * seller or buyer data do not stop the billing: the voucher's history says in German what is
 * missing (no file rather than an invalid one).
 */
async function keepEInvoice(trx: Kysely<Database>, creditorId: number, voucherId: number, now: Date) {
  const creditor = await trx.selectFrom('creditor').select(['id', 'identifier']).where('id', '=', creditorId).executeTakeFirstOrThrow();
  try {
    await keepVoucherEInvoice(trx, creditor, voucherId, now);
  } catch (error) {
    if (!(error instanceof SellerDataMissing || error instanceof BuyerDataMissing)) throw error;
    await trx
      .insertInto('voucherHistory')
      .values({ creditorId, voucherId, type: ACTION_EVENT, title: 'E-Rechnung nicht erstellt', text: error.message, event: null, payload: null, createdAt: now })
      .execute();
  }
}

/**
 * The recurring invoices of the permanent debts (document 1 §4), run by the workers loop on its
 * clock: every running permanent debt whose next execution date has come gets the invoice of that
 * period — an open invoice of type `permanent_debt` over its gross amount, dated on the execution
 * date, due the same day (direct debit), performed on the day `performanceDateIndex` of the period — and moves on to the
 * next period; the first invoice makes it `active`. Periods are the schedule's execution dates counted
 * from the start (permanent-debt.rules.ts); a stored next date off that schedule is moved onto it, so
 * no period is billed twice under two dates. A period after the end date is not billed: the
 * permanent debt is `expired` instead. A clock that jumped bills each missed period once.
 *
 * Exactly once: each permanent debt is claimed with `FOR UPDATE SKIP LOCKED` in its own
 * transaction, its next date read again under the lock, and the invoice carries (permanent debt,
 * period) under a unique index, so two processes or a rerun after a restart never bill a period
 * twice. Returns the invoices written and the permanent debts expired.
 *
 * @example await runPermanentDebtSweep(db, new Date()) // → { invoices: 3, expired: 1 }
 */
export async function runPermanentDebtSweep(
  db: Kysely<Database>,
  now: Date,
  signal?: AbortSignal,
): Promise<{ invoices: number; expired: number }> {
  const today = todayIso(now);
  let invoices = 0;
  let expired = 0;
  for (;;) {
    if (signal?.aborted) return { invoices, expired };
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
        const period = executionOnOrAfter(debt.startDate, debt.period, debt.nextExecutionDate!);
        if (period > today) {
          // an off-schedule date moves to the schedule's next one, billed when that day comes
          await trx.updateTable('permanentDebt').set({ nextExecutionDate: period, updatedAt: now }).where('id', '=', debt.id).execute();
          continue;
        }
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
            type: PERMANENT_DEBT_INVOICE,
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
          await keepEInvoice(trx, debt.creditorId, inserted.id, now);
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
