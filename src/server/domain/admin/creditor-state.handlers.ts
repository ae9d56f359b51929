import { formatDate } from '../../../shared/format';
import { germanText } from '../../commands/command-audit';
import type { CommandContext, CommandHandler } from '../../commands/command.types';
import { endCreditorSessions, endSessions } from '../../services/session';

/*
 * A creditor's state (document 1 §4, document 2 §4): the pipeline checks `from` and sets `to`; these
 * handlers add what goes with the transition — the mail to the main users (through the outbox) and
 * the parameters of its text. What a blocked or terminated creditor may no longer do is the
 * `creditorStatus` of the creditor's own commands.
 */

const nameOf = (ctx: CommandContext) => String(ctx.target!.row.name);

/** The plain notice mail's title and text (schema/texts/adminCommands.yaml `mail`). */
function notice(ctx: CommandContext, kind: 'unblocked' | 'terminated' | 'reactivated', params: Record<string, unknown> = {}) {
  const product = ctx.creditor?.product;
  const all = { creditorName: nameOf(ctx), ...params };
  return {
    notifyParams: {
      ...all,
      title: germanText(`adminCommands.mail.${kind}Title`, all, product),
      text: germanText(`adminCommands.mail.${kind}Text`, all, product),
    },
  };
}

// A block or termination ends the sessions of the creditor's users (issue 26): they sign in again
// and see the creditor's new state (blocked and terminated creditors may still log in).
export const blockCreditor: CommandHandler<{ reason: string }> = async (ctx) => {
  await endCreditorSessions(ctx.trx, ctx.target!.id, ctx.now);
  return { notifyParams: { creditorName: nameOf(ctx), reason: ctx.input.reason } };
};

export const disableBlockCreditor: CommandHandler<{ note?: string }> = async (ctx) => notice(ctx, 'unblocked');

export const terminateCreditor: CommandHandler<{ terminationDate: string; reason: string }> = async (ctx) => {
  await endCreditorSessions(ctx.trx, ctx.target!.id, ctx.now);
  return notice(ctx, 'terminated', { terminationDate: formatDate(ctx.input.terminationDate) });
};

export const reactivateCreditor: CommandHandler<{ note?: string }> = async (ctx) => notice(ctx, 'reactivated');

const DISABLED = 'blocked';
const TERMINATED = 'terminated';

/**
 * Disables every user of the creditor that is not terminated (status `blocked`, which denies the
 * login) and ends their sessions; the count of users changed is the answer.
 */
export const disableCreditorUsers: CommandHandler = async (ctx) => {
  const users = await ctx.trx
    .updateTable('appUser')
    .set({ status: DISABLED, updatedAt: ctx.now })
    .where('creditorId', '=', ctx.target!.id)
    .where('status', 'not in', [DISABLED, TERMINATED])
    .returning('id')
    .execute();
  // nothing left to disable: a repeat (double submit) changes nothing and logs nothing (issue 25)
  if (!users.length) ctx.refuse('adminCommands.noUsersToDisable', 409);
  await ctx.trx.deleteFrom('refreshToken').where('userId', 'in', users.map((u) => u.id)).execute();
  await endSessions(ctx.trx, users.map((u) => u.id), ctx.now);
  return { response: { count: users.length }, actionLog: { payload: { userIdentifiers: users.map((u) => u.id) } } };
};

/** Enables the creditor's disabled users again (status `active`). */
export const enableCreditorUsers: CommandHandler = async (ctx) => {
  const users = await ctx.trx
    .updateTable('appUser')
    .set({ status: 'active', updatedAt: ctx.now })
    .where('creditorId', '=', ctx.target!.id)
    .where('status', '=', DISABLED)
    .returning('id')
    .execute();
  if (!users.length) ctx.refuse('adminCommands.noUsersToEnable', 409);
  return { response: { count: users.length }, actionLog: { payload: { userIdentifiers: users.map((u) => u.id) } } };
};
