import { formatDate } from '../../../shared/format';
import { germanText } from '../../commands/command-audit';
import type { CommandHandler } from '../../commands/command.types';

/*
 * SEPA update requests (document 2 §4): requested by one admin, decided by another — the pipeline
 * refuses the creator's decision (`allowSelfApproval: false`) and sets the state; these handlers
 * record who decided and when, and apply accepted bank details to the creditor.
 */

interface RequestInput {
  creditorIdentifier: number;
  accountOwner: string;
  iban: string;
  startSepaDate: string;
}

/** A new request for the target creditor; one open request per creditor. */
export const requestSepaUpdate: CommandHandler<RequestInput> = async (ctx) => {
  const creditorId = ctx.target!.id;
  const open = await ctx.trx
    .selectFrom('sepaUpdateRequest')
    .select('id')
    .where('creditorId', '=', creditorId)
    .where('status', '=', 'in_review')
    .executeTakeFirst();
  if (open) ctx.refuse('adminCommands.sepaRequestOpen', 409);
  const row = await ctx.trx
    .insertInto('sepaUpdateRequest')
    .values({
      creditorId,
      accountOwner: ctx.input.accountOwner,
      iban: ctx.input.iban.replace(/\s+/g, '').toUpperCase(),
      startSepaDate: ctx.input.startSepaDate,
      creatorUserId: ctx.caller.userId!,
      createdAt: ctx.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { response: { creditorDebitUpdateIdentifier: row.id } };
};

/** Records the decision (status together with decider and date, as the table's checks require). */
async function decide(ctx: Parameters<CommandHandler>[0], status: 'accepted' | 'declined') {
  await ctx.trx
    .updateTable('sepaUpdateRequest')
    .set({ status, decisionAt: ctx.now, decisionUserId: ctx.caller.userId })
    .where('id', '=', ctx.target!.id)
    .execute();
}

/** Accepts: the creditor's mandate takes the new owner, IBAN and date; its main users are mailed. */
export const acceptSepaUpdate: CommandHandler<{ creditorDebitUpdateIdentifier: number; note?: string }> = async (ctx) => {
  const request = ctx.target!.row;
  await decide(ctx, 'accepted');
  const creditor = await ctx.trx
    .updateTable('creditor')
    .set({
      sepaAccountOwner: request.accountOwner,
      sepaIban: request.iban,
      sepaDate: request.startSepaDate,
      updatedAt: ctx.now,
    })
    .where('id', '=', request.creditorId)
    .returning('name')
    .executeTakeFirstOrThrow();
  const params = {
    creditorName: creditor.name,
    accountOwner: request.accountOwner,
    iban: request.iban,
    startSepaDate: formatDate(request.startSepaDate),
  };
  const product = ctx.creditor?.product;
  return {
    notifyParams: {
      title: germanText('adminCommands.sepaMail.acceptedTitle', params, product),
      text: germanText('adminCommands.sepaMail.acceptedText', params, product),
    },
  };
};

/** Declines: the creditor keeps its bank details. */
export const declineSepaUpdate: CommandHandler<{ creditorDebitUpdateIdentifier: number; declineReason: string }> = async (ctx) => {
  await decide(ctx, 'declined');
  return undefined;
};
