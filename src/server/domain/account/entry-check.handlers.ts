import type { CommandHandler } from '../../commands/command.types';

/**
 * The opt-in (documents 1 §2, 2 §2): the main user (permission optIn.accept, checked by the
 * pipeline) accepts one open approval of the own creditor. Once none is open, every user of the
 * creditor is let in (`optIn`), since the terms bind the company, not the person.
 */
export const approveTermsAndConditions: CommandHandler = async (ctx) => {
  const { trx, params, creditor, now } = ctx;
  const approvalId = Number(params.approvalId);
  const approval = await trx
    .selectFrom('termsApproval')
    .select(['id'])
    .where('id', '=', approvalId)
    .where('creditorId', '=', creditor!.id)
    .where('acceptedAt', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  // another creditor's approval is "not found" like an accepted one: no hint that the id exists
  if (!approval) return ctx.refuse('account.termsNotOpen', 404);
  await trx.updateTable('termsApproval').set({ acceptedAt: now }).where('id', '=', approval.id).execute();
  const documents = await trx
    .selectFrom('termsApprovalDocument as ad')
    .innerJoin('termsDocument as t', 't.id', 'ad.termsDocumentId')
    .select(['t.documentType', 't.version'])
    .where('ad.termsApprovalId', '=', approval.id)
    .orderBy('t.id')
    .execute();
  const open = await trx
    .selectFrom('termsApproval')
    .select('id')
    .where('creditorId', '=', creditor!.id)
    .where('acceptedAt', 'is', null)
    .executeTakeFirst();
  if (!open) await trx.updateTable('appUser').set({ optIn: true, updatedAt: now }).where('creditorId', '=', creditor!.id).execute();
  return { actionLog: { payload: { approvalId: approval.id, documents } } };
};

/**
 * The master-data check: `confirm` or `change` answers it and clears
 * `askForContactInformationChanges` (a change goes on in the master data). Only a user who is
 * asked may answer (409 otherwise).
 */
export const handleCreditorContactInformation: CommandHandler<{ action: string }> = async (ctx) => {
  const { trx, caller, now } = ctx;
  const user = await trx
    .selectFrom('appUser')
    .select(['id', 'askForContactInformationChanges'])
    .where('id', '=', caller.userId!)
    .forUpdate()
    .executeTakeFirst();
  if (!user?.askForContactInformationChanges) return ctx.refuse('account.contactCheckNotOpen', 409);
  await trx.updateTable('appUser').set({ askForContactInformationChanges: false, updatedAt: now }).where('id', '=', user.id).execute();
  return undefined;
};
