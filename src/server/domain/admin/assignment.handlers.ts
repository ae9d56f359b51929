import { ACTIVE_DEBTOR_STATUSES } from '../../services/status-groups';
import type { CommandHandler } from '../../commands/command.types';

/**
 * Assigns a case to a debtor and location of its creditor (document 2 §7): the case records them
 * with who decided and when (the pipeline sets `accepted`), the waiting voucher takes them, and an
 * open pending decision of the case is resolved — document processing continues from there.
 */
export const assignDebtor: CommandHandler<{ debtorIdentifier: string; locationIdentifier: string }> = async (ctx) => {
  const assignment = ctx.target!.row;
  const creditorId = assignment.creditorId as number;
  const numeric = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : -1);
  const debtor = await ctx.trx
    .selectFrom('debtor')
    .select(['id', 'identifier', 'sapNumber'])
    .where('creditorId', '=', creditorId)
    .where('status', 'in', [...ACTIVE_DEBTOR_STATUSES])
    .where((eb) => eb.or([eb('id', '=', numeric(ctx.input.debtorIdentifier)), eb('identifier', '=', ctx.input.debtorIdentifier.trim())]))
    .executeTakeFirst();
  if (!debtor) return ctx.refuse('adminCommands.assignmentDebtorUnknown', 422);
  const location = await ctx.trx
    .selectFrom('location')
    .select('id')
    .where('creditorId', '=', creditorId)
    .where('debtorId', '=', debtor.id)
    .where('id', '=', numeric(ctx.input.locationIdentifier))
    .where('status', 'in', [...ACTIVE_DEBTOR_STATUSES])
    .executeTakeFirst();
  if (!location) return ctx.refuse('adminCommands.assignmentLocationUnknown', 422);

  await ctx.trx
    .updateTable('debtorAssignment')
    .set({
      assignedDebtorId: debtor.id,
      assignedLocationId: location.id,
      decidedByUserId: ctx.caller.userId,
      decidedAt: ctx.now,
      updatedAt: ctx.now,
    })
    .where('id', '=', assignment.id)
    .execute();
  if (assignment.voucherId != null) {
    await ctx.trx
      .updateTable('voucher')
      .set({ debtorId: debtor.id, locationId: location.id, updatedAt: ctx.now })
      .where('creditorId', '=', creditorId)
      .where('id', '=', assignment.voucherId)
      .execute();
  }
  if (assignment.pendingDecisionId != null) {
    await ctx.trx
      .updateTable('pendingDebtorDecision')
      .set({ debtorId: debtor.id, locationId: location.id, resolvedAt: ctx.now })
      .where('creditorId', '=', creditorId)
      .where('id', '=', assignment.pendingDecisionId)
      .where('resolvedAt', 'is', null)
      .execute();
  }
  return {
    actionLog: {
      debtorIdentifier: debtor.identifier,
      debtorSapNumber: debtor.sapNumber ?? '',
      voucherIdentifier: assignment.voucherId != null ? String(assignment.voucherId) : '',
    },
  };
};
