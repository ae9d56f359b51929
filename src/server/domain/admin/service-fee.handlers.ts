import { todayIso } from '../../../shared/validation/german-input.parse';
import type { CommandHandler } from '../../commands/command.types';

/*
 * A creditor's service-fee conditions (document 2 §4): one start per day, starting today or later;
 * a condition not yet started may be deleted. The end of each is the next one's start (derived when
 * listed), so nothing else changes.
 */

// today in Germany (Europe/Berlin), as the forms' date rules count it
const dayOf = (now: Date) => todayIso(now);
const asDay = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));

export const createFeeCondition: CommandHandler<{
  creditorIdentifier: number;
  serviceFeeMatrixIdentifier: string;
  validFromDate: string;
}> = async (ctx) => {
  const creditor = ctx.target!.row;
  const key = ctx.input.serviceFeeMatrixIdentifier.trim();
  const matrix = await ctx.trx
    .selectFrom('serviceFeeMatrixEntry')
    .select(['id', 'productType'])
    .where((eb) =>
      /^\d+$/.test(key)
        ? eb.or([eb('id', '=', Number(key)), eb('identifier', '=', key)])
        : eb('identifier', '=', key),
    )
    .executeTakeFirst();
  if (!matrix || matrix.productType !== creditor.product)
    ctx.refuse('adminCommands.matrixEntryNotOffered', 422);
  if (ctx.input.validFromDate < dayOf(ctx.now)) ctx.refuse('adminCommands.feeConditionInPast', 422);
  const taken = await ctx.trx
    .selectFrom('creditorServiceFeeCondition')
    .select('id')
    .where('creditorId', '=', creditor.id)
    .where('validFromDate', '=', ctx.input.validFromDate)
    .executeTakeFirst();
  if (taken) ctx.refuse('adminCommands.feeConditionDateTaken', 409);
  const row = await ctx.trx
    .insertInto('creditorServiceFeeCondition')
    .values({
      creditorId: creditor.id,
      matrixEntryId: matrix!.id,
      status: ctx.input.validFromDate > dayOf(ctx.now) ? 'planned' : 'active',
      validFromDate: ctx.input.validFromDate,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { response: { identifier: row.id } };
};

export const deleteFeeCondition: CommandHandler = async (ctx) => {
  const condition = ctx.target!.row;
  if (asDay(condition.validFromDate) <= dayOf(ctx.now)) ctx.refuse('adminCommands.feeConditionStarted', 409);
  await ctx.trx.deleteFrom('creditorServiceFeeCondition').where('id', '=', condition.id).execute();
  return undefined;
};

/**
 * The minimum annual service fee (document 2 §3 "Service fee period"): changes the period covering
 * today (else the latest) or starts the creditor's first; the charged amount stays.
 */
export const editServiceFeePeriod: CommandHandler<{
  creditorIdentifier: number;
  currentAnnualServiceFee: number;
  nextPeriodAnnualServiceFee?: number | null;
  start: string;
  end: string;
}> = async (ctx) => {
  const creditor = ctx.target!.row;
  const { start, end } = ctx.input;
  if (end <= start) ctx.refuse('adminCommands.serviceFeePeriodEndBeforeStart', 400);
  const today = dayOf(ctx.now);
  const periods = await ctx.trx
    .selectFrom('serviceFeePeriod')
    .select(['id', 'startDate', 'endDate'])
    .where('creditorId', '=', creditor.id)
    .execute();
  const span = (p: { startDate: unknown; endDate: unknown }) => ({
    from: asDay(p.startDate),
    to: asDay(p.endDate),
  });
  const current =
    periods.find((p) => span(p).from <= today && span(p).to >= today) ??
    [...periods].sort((a, b) => (span(a).from < span(b).from ? 1 : -1))[0];
  const overlaps = periods.some((p) => p.id !== current?.id && span(p).from <= end && span(p).to >= start);
  if (overlaps) ctx.refuse('adminCommands.serviceFeePeriodOverlaps', 409);
  const values = {
    startDate: start,
    endDate: end,
    currentAnnualServiceFee: ctx.input.currentAnnualServiceFee,
    nextPeriodAnnualServiceFee: ctx.input.nextPeriodAnnualServiceFee ?? null,
  };
  if (current)
    await ctx.trx.updateTable('serviceFeePeriod').set(values).where('id', '=', current.id).execute();
  else
    await ctx.trx
      .insertInto('serviceFeePeriod')
      .values({ ...values, creditorId: creditor.id, createdAt: ctx.now })
      .execute();
  await ctx.trx
    .updateTable('creditor')
    .set({ isServiceFeePeriodActive: true })
    .where('id', '=', creditor.id)
    .execute();
  return undefined;
};
