import type { Kysely } from 'kysely';
import { formatDate } from '../../../shared/format';
import { todayIso } from '../../../shared/validation';
import type { Database } from '../../db/schema';
import { enumValue, PURCHASED_STATUSES } from '../../services/status-groups';
import { DUNNING_BLOCK_MAX_DAYS, dunningBlockDaysCharged, resumeStateOf } from '../vouchers/voucher.rules';

const ACTION_EVENT = enumValue('historyEventType', 'action');
const COUNTED_BACK = { purchaseStatus: enumValue('purchaseStatus', 'RUECKBELASTET'), subStatus: enumValue('voucherSubStatus', 'counted_back') };
const HALT = enumValue('voucherSubStatus', 'halt');

/**
 * The end of a dunning stop (document 1 §4: at most 10 days; "after that the purchase is reversed or
 * the purchase assurance lapses"), run by the workers loop on its clock: every voucher whose stop's
 * last day (dunning_block_until) lies before today leaves the stop — a purchased invoice is counted
 * back (purchase status RUECKBELASTET, sub-status counted_back), any other one resumes dunning without
 * the assurance — and its history says so. One UPDATE … RETURNING claims each voucher, so the stop
 * ends once however many processes run.
 *
 * @example await expireDunningBlocks(db, new Date()) // → 2
 */
export async function expireDunningBlocks(db: Kysely<Database>, now: Date): Promise<number> {
  const today = todayIso(now);
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('voucher')
      .select(['id', 'creditorId', 'purchaseStatus', 'resumeSubStatus', 'resumeDunningType', 'dunningBlockUntil', 'dunningBlockFrom', 'dunningBlockDaysUsed'])
      .where('dunningBlockUntil', '<', today)
      .where('subStatus', '=', HALT)
      .orderBy('id')
      .forUpdate()
      .skipLocked()
      .execute();
    for (const v of due) {
      const purchased = PURCHASED_STATUSES.includes(v.purchaseStatus);
      const resumed = resumeStateOf(v);
      await trx
        .updateTable('voucher')
        .set({
          ...resumed,
          ...(purchased ? COUNTED_BACK : {}),
          dunningBlockUntil: null,
          // it ran its whole length: those days count against the level's 10 (voucher.rules.ts)
          dunningBlockDaysUsed: v.dunningBlockFrom
            ? Math.min(DUNNING_BLOCK_MAX_DAYS, Number(v.dunningBlockDaysUsed) + dunningBlockDaysCharged(v.dunningBlockFrom, v.dunningBlockUntil!))
            : v.dunningBlockDaysUsed,
          dunningBlockFrom: null,
          resumeSubStatus: null,
          resumeDunningType: null,
          updatedAt: now,
        })
        .where('id', '=', v.id)
        .execute();
      await trx
        .insertInto('voucherHistory')
        .values({
          creditorId: v.creditorId,
          voucherId: v.id,
          type: ACTION_EVENT,
          value: purchased ? 'RUECKBELASTET' : null,
          title: 'Mahnstopp abgelaufen',
          text: `Der Mahnstopp bis ${formatDate(v.dunningBlockUntil!)} ist abgelaufen; ${
            purchased ? 'der Ankauf wird rückgängig gemacht (Rückbelastung).' : 'die Ankaufsgarantie entfällt, das Mahnverfahren wird fortgesetzt.'
          }`,
          event: 'dunningBlockExpired',
          payload: JSON.stringify({ dunningBlockUntil: v.dunningBlockUntil, purchased }),
          createdAt: now,
        })
        .execute();
    }
    return due.length;
  });
}
