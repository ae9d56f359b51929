import { commands } from '../../../../generated/commands';
import { writeAudit } from '../../commands/command-audit';
import type { CommandContext, CommandOutcome } from '../../commands/command.types';
import { loadTarget } from '../../commands/targets';
import { voucherHandlers } from '../vouchers';

/**
 * Runs a voucher command (schema/commands/vouchers.yaml) as part of another command, in its
 * transaction and exactly as the pipeline would: the command's permission for the caller, the
 * voucher loaded and locked inside the tenant, its state guard, the handler (with all its own
 * guards), then the voucher history and the action log of that command. A refusal anywhere rolls
 * back the whole outer command.
 *
 * @example await runVoucherCommand(ctx, 'reportDirectPayment', 12, { amount: 1000, paymentDate: '2026-01-02' });
 */
export async function runVoucherCommand(
  ctx: CommandContext,
  name: string,
  voucherId: number,
  input: Record<string, unknown>,
): Promise<CommandOutcome> {
  const command = commands[name];
  const handler = voucherHandlers[name];
  if (!command?.target || !handler) throw new Error(`not a voucher command: ${name}`);
  if (command.permission && !(await ctx.allowed(command.permission))) ctx.refuse('forbidden', 403);
  const tenant = ctx.target?.creditorId ?? ctx.creditor?.id ?? null;
  const target = await loadTarget(ctx.trx, command.target, voucherId, tenant);
  if (!target) return ctx.refuse('notFound', 404);
  if (command.from && !command.from.includes(target.state)) ctx.refuse('commands.wrongState', 409);
  const outcome = (await handler({ ...ctx, command, input, target })) ?? {};
  await writeAudit(ctx.trx, {
    command,
    caller: ctx.caller,
    creditor: ctx.creditor,
    target,
    input,
    outcome,
    now: ctx.now,
  });
  return outcome;
}
