import type { Kysely } from 'kysely';
import { variants } from '../../../../generated/variants';
import { formatDate } from '../../../shared/format';
import type { DunningSchedule } from '../../../shared/config-types';
import { todayIso } from '../../../shared/validation';
import { addDays } from '../../../shared/validation/german-input.parse';
import { groupValues } from '../../../shared/enum-groups';
import { enums } from '../../../../generated/enums';
import type { Database } from '../../db/schema';
import { enumValue, INVOICE_TYPES } from '../../services/status-groups';

const ACTION_EVENT = enumValue('historyEventType', 'action');
const OPEN_STATES = groupValues(enums.voucherStatus, 'open');
const NOT_DUNNED = enumValue('dunningType', 'notDunned');
/**
 * The invoices the run reminds: the invoice-like types but the permanent debts' recurring invoices —
 * those are collected by SEPA direct debit on their due day (document 1: permanent debts are
 * recurring SEPA direct debits), so the debtor is not reminded of a debit the creditor draws itself; a returned debit is the back
 * office's case, not a dunning step (issue 25 item 2; src/server/domain/permanent-debts/README.md).
 */
const DUNNED_TYPES = INVOICE_TYPES.filter((type) => type !== enumValue('voucherType', 'permanent_debt'));
/** Sub-statuses that pause the run besides the cases' dunning types: the deferred payment (Stundung). */
const WAITING_SUB_STATUSES = [
  enumValue('voucherSubStatus', 'halt'),
  enumValue('voucherSubStatus', 'customer_complaint'),
  enumValue('voucherSubStatus', 'delayed'),
  enumValue('voucherSubStatus', 'deferred_payment'),
];

/** The steps in order: the dunning type and sub-status a voucher shows on it, and its history entry (value: the type's German label of schema/enums/dunningType.yaml). */
export const DUNNING_STEPS = [
  {
    key: 'paymentReminderAfterDays',
    dunningType: enumValue('dunningType', 'paymentReminder'),
    subStatus: enumValue('voucherSubStatus', 'payment_reminder'),
    label: 'Zahlungserinnerung',
    title: 'Zahlungserinnerung versandt',
    text: 'Die Rechnung ist seit {days} Tagen fällig (Zahlungsziel {deadline}); der Kunde wurde an die Zahlung erinnert.',
  },
  {
    key: 'dunningAfterDays',
    dunningType: enumValue('dunningType', 'dunning'),
    subStatus: enumValue('voucherSubStatus', 'dunning'),
    label: 'Mahnung',
    title: 'Mahnung versandt',
    text: 'Die Rechnung ist seit {days} Tagen fällig (Zahlungsziel {deadline}); der Kunde wurde gemahnt.',
  },
  {
    key: 'encashmentAfterDays',
    dunningType: enumValue('dunningType', 'encashment'),
    subStatus: enumValue('voucherSubStatus', 'encashment'),
    label: 'Inkasso',
    title: 'An das Inkasso übergeben',
    text: 'Die Rechnung ist seit {days} Tagen fällig (Zahlungsziel {deadline}); sie wurde an das Inkasso übergeben.',
  },
] as const satisfies readonly { key: keyof Omit<DunningSchedule, 'enabled'>; [k: string]: string }[];

/** Dunning types the run moves on from (no dunning type yet counts as not dunned). */
const MOVABLE = [NOT_DUNNED, ...DUNNING_STEPS.slice(0, -1).map((s) => s.dunningType)];
const stepIndex = (dunningType: string | null) =>
  dunningType == null || dunningType === NOT_DUNNED ? -1 : DUNNING_STEPS.findIndex((s) => s.dunningType === dunningType);

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The dunning run of document 1 §4 (issue 9 item 2), run by the workers loop on its clock: every
 * open invoice with an open amount more than the schedule's days past its payment deadline moves to the step its
 * product's schedule (variants/*.yaml `dunning`, days after the payment deadline) says is due —
 * payment reminder → dunning → encashment — with one history entry per step it passes. A voucher in a
 * dunning stop, dispute, delay or deferred payment waits (its case's dunning type is no step; when the
 * case ends it returns to its step and the run moves it on). Each voucher is claimed with a row lock
 * (FOR UPDATE SKIP LOCKED) and its next step computed from the locked row, so a step happens once
 * however many processes run.
 *
 * @example await runDunningSchedule(db, new Date()) // → 3 (steps taken)
 */
export async function runDunningSchedule(db: Kysely<Database>, now: Date): Promise<number> {
  const today = todayIso(now);
  let steps = 0;
  for (const [product, variant] of Object.entries(variants)) {
    const schedule = variant.dunning;
    if (!schedule?.enabled) continue;
    steps += await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('voucher as v')
        .innerJoin('creditor as c', 'c.id', 'v.creditorId')
        .select(['v.id', 'v.creditorId', 'v.dunningType', 'v.paymentDeadline', 'v.firstDunningDate'])
        .where('c.product', '=', product)
        .where('v.status', 'in', OPEN_STATES)
        .where('v.type', 'in', DUNNED_TYPES)
        .where('v.leftoverAmount', '>', 0)
        .where('v.paymentDeadline', '<', addDays(today, -schedule.paymentReminderAfterDays))
        .where((eb) => eb.or([eb('v.dunningType', 'is', null), eb('v.dunningType', 'in', MOVABLE)]))
        .where((eb) => eb.or([eb('v.subStatus', 'is', null), eb('v.subStatus', 'not in', WAITING_SUB_STATUSES)]))
        // a direct debit in a file is being collected: it is not dunned unless it comes back (issue 30)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('sepaDebit as s')
                .select('s.id')
                .whereRef('s.voucherId', '=', 'v.id')
                .where('s.status', '=', enumValue('sepaDebitStatus', 'submitted')),
            ),
          ),
        )
        .orderBy('v.id')
        .forUpdate('v')
        .skipLocked()
        .execute();
      let taken = 0;
      for (const v of due) {
        const overdue = daysBetween(v.paymentDeadline!, today);
        const from = stepIndex(v.dunningType);
        let to = from;
        DUNNING_STEPS.forEach((step, i) => {
          if (overdue > schedule[step.key]) to = Math.max(to, i);
        });
        if (to <= from) continue;
        const target = DUNNING_STEPS[to];
        await trx
          .updateTable('voucher')
          .set({
            dunningType: target.dunningType,
            subStatus: target.subStatus,
            firstDunningDate: v.firstDunningDate ?? today,
            updatedAt: now,
          })
          .where('id', '=', v.id)
          .execute();
        for (let i = from + 1; i <= to; i++) {
          const step = DUNNING_STEPS[i];
          await trx
            .insertInto('voucherHistory')
            .values({
              creditorId: v.creditorId,
              voucherId: v.id,
              type: ACTION_EVENT,
              value: step.label,
              title: step.title,
              text: step.text.replace('{days}', String(overdue)).replace('{deadline}', formatDate(v.paymentDeadline!)),
              event: 'dunningStep',
              payload: JSON.stringify({ dunningType: step.dunningType, afterDays: schedule[step.key], overdueDays: overdue }),
              createdAt: now,
            })
            .execute();
          taken++;
        }
      }
      return taken;
    });
  }
  return steps;
}
