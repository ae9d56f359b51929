import type { LimitIncreaseForm } from '../../../../generated/types';
import { formatMoney } from '../../../shared/format';
import { germanText } from '../../commands/command-audit';
import type { CommandHandler } from '../../commands/command.types';
import { toEpochSeconds } from '../../db/values';
import { creditorFlag, limitDueForRefresh, solvencyChecksWithheld } from './debtor.rules';

const LIMIT_VALID_MONTHS = 12;
// the traffic light in words: its label of schema/enums/solvencyColor.yaml
const colorText = (color: string) => germanText(`enums.solvencyColor.${color}`);

const agencyRequest = (d: Record<string, any>) => ({
  debtorType: d.debtorType,
  name: d.name,
  firstName: d.firstName ?? undefined,
  lastName: d.lastName ?? undefined,
  dateOfBirth: d.dateOfBirth ?? undefined,
  street: d.street ?? '',
  house: d.house ?? '',
  zip: d.zip ?? '',
  city: d.city ?? '',
});

/**
 * POST /sap/debtor/{id}/increase-limit: hands the request to the booking system, which decides it
 * after some days (it then sets the limit and notifies). One request at a time per debtor.
 */
export const increaseLimit: CommandHandler<LimitIncreaseForm> = async (ctx) => {
  const { trx, input, target, caller, now } = ctx;
  const debtor = target!.row;
  if (debtor.limitRequestActive) ctx.refuse('debtors.limitRequestActive');
  const { requestId } = await ctx.adapters.bookingSystem.requestLimitIncrease(trx, {
    creditorId: target!.creditorId,
    debtorId: target!.id,
    userId: caller.isAdmin ? null : caller.userId,
    desiredLimit: input.desiredLimit,
    reason: input.reason ?? null,
    now,
  });
  await trx
    .updateTable('debtor')
    .set({ limitRequestActive: true, updatedAt: now })
    .where('id', '=', target!.id)
    .where('creditorId', '=', target!.creditorId)
    .execute();
  const text = `Gewünschtes Limit ${formatMoney(input.desiredLimit)} (bisher ${formatMoney(debtor.approvedLimit)})`;
  return {
    history: { text, payload: { desiredLimit: input.desiredLimit, requestId } },
    actionLog: { payload: { desiredLimit: input.desiredLimit, reason: input.reason ?? null, requestId } },
    notifyParams: { debtor: debtor.name, desiredLimit: formatMoney(input.desiredLimit) },
  };
};

/**
 * POST /debtor/{id}/limit-refresh: within three months of its expiry (or after it) the limit is
 * asked anew from the credit agency; the answer applies at once for another year.
 */
export const refreshLimit: CommandHandler = async (ctx) => {
  const { trx, target, now } = ctx;
  const debtor = target!.row;
  if (debtor.limitRequestActive) ctx.refuse('debtors.limitRequestActive');
  if (!limitDueForRefresh(debtor.limitExpiredDate, now)) ctx.refuse('debtors.limitNotDueForRefresh');
  const result = await ctx.adapters.creditAgency.identCheck(agencyRequest(debtor));
  const expires = new Date(now);
  expires.setMonth(expires.getMonth() + LIMIT_VALID_MONTHS);
  // the available limit moves with the approved one (what is used stays used)
  const available = Number(debtor.availableLimit) + (result.limit - Number(debtor.approvedLimit));
  const set = {
    approvedLimit: result.limit,
    availableLimit: available,
    limitUpdateDate: now,
    limitExpiredDate: result.limit > 0 ? expires : now,
    isOnBlackList: result.hasBlacklistEntry,
    updatedAt: now,
  };
  await trx.updateTable('debtor').set(set).where('id', '=', target!.id).where('creditorId', '=', target!.creditorId).execute();
  return {
    response: {
      approvedLimit: set.approvedLimit,
      availableLimit: set.availableLimit,
      limitExpiredDate: toEpochSeconds(set.limitExpiredDate),
      limitExpired: result.limit === 0,
      isOnBlackList: set.isOnBlackList,
      limitUpdateDate: toEpochSeconds(now),
    },
    history: {
      text: `Limit ${formatMoney(Number(debtor.approvedLimit))} → ${formatMoney(result.limit)} (Ampel ${colorText(result.color)}${result.reasonCodes.length ? `, ${result.reasonCodes.join(', ')}` : ''})`,
      payload: { limit: result.limit, color: result.color, reasonCodes: result.reasonCodes },
    },
  };
};

/**
 * GET /debtor/{id}/determine-solvency: the credit agency's traffic light and reason code, stored on
 * the debtor and counted. Needs the creditor's "solvency determination" flag and is withheld when
 * the creditor runs many checks compared to the invoices it hands over (debtor.rules.ts).
 */
export const determineSolvency: CommandHandler = async (ctx) => {
  const { trx, target, creditor, caller, now } = ctx;
  if (!(await creditorFlag(trx, creditor!.id, creditor!.product, 'solvencyDetermination'))) {
    ctx.refuse('debtors.solvencyDeterminationOff', 403);
  }
  if (await solvencyChecksWithheld(trx, creditor!.id, now)) ctx.refuse('debtors.solvencyCheckWithheld', 429);
  const result = await ctx.adapters.creditAgency.solvencyCheck(agencyRequest(target!.row));
  await trx
    .updateTable('debtor')
    .set({ solvencyColor: result.color, solvencyReasonCode: result.reasonCode, solvencyDate: now, updatedAt: now })
    .where('id', '=', target!.id)
    .where('creditorId', '=', target!.creditorId)
    .execute();
  await trx
    .insertInto('solvencyCheck')
    .values({
      creditorId: creditor!.id,
      debtorId: target!.id,
      userId: caller.isAdmin ? null : caller.userId,
      color: result.color,
      reasonCode: result.reasonCode,
      createdAt: now,
    })
    .execute();
  return {
    response: { color: result.color, reasonCode: result.reasonCode, date: toEpochSeconds(now) },
    history: { text: `Ampel ${colorText(result.color)}, Grund ${result.reasonCode}`, payload: result },
    actionLog: { payload: result },
  };
};
