import { sql } from 'kysely';
import { permissionTables } from '../../../../generated/permissions';
import { variants } from '../../../../generated/variants';
import type { CommandContext, CommandHandler } from '../../commands/command.types';
import { MAIN_USER_ROLES } from '../../services/creditor-users';
import { creditorOfTargetUser } from './user.handlers';

/*
 * A creditor's settings an admin changes (document 2 §2, §6, §7): creditor permissions, the set-up
 * fee, the transfer to the booking system and the doc2portal / letter2post switches (the spec's
 * user commands: they name a user and switch the user's creditor).
 */

interface PermissionInput {
  directPaymentReporting?: boolean;
  solvencyDetermination?: boolean;
  alwaysCheckManually?: boolean;
  ePostInvoices?: boolean;
  letterDocuments?: boolean;
}

// the three stored flags and their server names (schema/permissions.yaml creditorPermissions `server`)
const STORED_FLAGS = ['directPaymentReporting', 'solvencyDetermination', 'alwaysCheckManually'] as const;
const serverNameOf = (leaf: string): string => {
  const name = permissionTables.serverNames[`creditorPermissions.${leaf}`];
  if (!name) throw new Error(`schema/permissions.yaml: creditorPermissions.${leaf} has no server name`);
  return name;
};

/**
 * Sets the creditor permissions: on the creditor by server name (the admin lists read them there)
 * and in the main users' permission tree (`creditorPermissions.*`, which the creditor area's
 * evaluator reads); the printer drivers are the doc2portal (invoices) and letter2post (documents)
 * switches. A flag the form leaves out stays as it is.
 */
export const setCreditorPermissions: CommandHandler<PermissionInput> = async (ctx) => {
  const creditor = ctx.target!.row;
  const stored: Record<string, unknown> = { ...(creditor.permissions ?? {}) };
  const tree: Record<string, boolean> = {};
  for (const flag of STORED_FLAGS) {
    const value = ctx.input[flag];
    if (value === undefined) continue;
    const name = serverNameOf(flag);
    // the CamelCasePlugin hands jsonb keys back camel-cased: drop that spelling, keep the server name
    delete stored[name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())];
    stored[name] = value;
    tree[flag] = value;
  }
  await ctx.trx
    .updateTable('creditor')
    .set({
      permissions: JSON.stringify(stored),
      ...(ctx.input.ePostInvoices !== undefined ? { invoicesEnabled: ctx.input.ePostInvoices } : {}),
      ...(ctx.input.letterDocuments !== undefined ? { documentsEnabled: ctx.input.letterDocuments } : {}),
      updatedAt: ctx.now,
    })
    .where('id', '=', creditor.id)
    .execute();
  if (Object.keys(tree).length) {
    await sql`update app_user
      set permissions = jsonb_set(permissions, '{creditorPermissions}',
        coalesce(permissions -> 'creditorPermissions', '{}'::jsonb) || ${JSON.stringify(tree)}::jsonb),
        updated_at = ${ctx.now}
      where creditor_id = ${creditor.id} and roles && ${sql.val([...MAIN_USER_ROLES])}::text[]`.execute(ctx.trx);
  }
  return undefined;
};

/**
 * Charges the set-up fee through the booking system: one of the product's options (document 2 §5);
 * a registration that was "SAP registered" is then "set-up fee charged". Once only (issue 25): the
 * set-up-fee booking request is the record of the charge, so a creditor that has one is a 409 —
 * with or without an Idempotency-Key; the pipeline holds the creditor's row locked, so calls at
 * once charge once. (The registration records the agreed fee and its step "set-up fee charged"
 * without a booking; the seed's creditors have none either.)
 */
export const sendSetupFee: CommandHandler<{ setupFee: number }> = async (ctx) => {
  const creditor = ctx.target!.row;
  const options = variants[creditor.product]?.setupFeeOptions ?? [];
  if (!options.includes(Number(ctx.input.setupFee))) ctx.refuse('adminCommands.setupFeeNotOffered', 422);
  const charged = await ctx.trx
    .selectFrom('bookingRequest')
    .select('id')
    .where('creditorId', '=', creditor.id)
    .where('kind', '=', 'setupFee')
    .executeTakeFirst();
  if (charged) ctx.refuse('adminCommands.setupFeeAlreadyCharged', 409);
  await ctx.adapters.bookingSystem.transferCreditor(ctx.trx, {
    kind: 'setupFee',
    creditorId: creditor.id,
    userId: ctx.caller.userId,
    payload: { setupFee: ctx.input.setupFee },
    now: ctx.now,
  });
  await ctx.trx
    .updateTable('creditor')
    .set({
      setupFee: ctx.input.setupFee as never,
      ...(creditor.registrationState === 'sap_registered' ? { registrationState: 'setup_fee_charged' } : {}),
      updatedAt: ctx.now,
    })
    .where('id', '=', creditor.id)
    .execute();
  return undefined;
};

/** Hands the creditor's master data to the booking system: it answers the creditor's SAP number. */
export function transferMasterData(
  ctx: CommandContext,
  creditor: { id: number; identifier: string; name: string; sepaIban: string | null },
): Promise<{ sapNumber: string }> {
  return ctx.adapters.bookingSystem.transferCreditor(ctx.trx, {
    kind: 'creditorMasterData',
    creditorId: creditor.id,
    userId: ctx.caller.userId,
    payload: { identifier: creditor.identifier, name: creditor.name, iban: creditor.sepaIban ?? null },
    now: ctx.now,
  });
}

/**
 * Sends the creditor's master data to the accounting system (once): it answers the SAP number; from
 * then on the bank details change only through a SEPA update request. The registration hands the
 * data over itself; when the booking system failed then, this is how the admins retry.
 */
export const sendCreditorToSap: CommandHandler = async (ctx) => {
  const creditor = ctx.target!.row;
  if (creditor.sentToSapAt) ctx.refuse('adminCommands.alreadySentToSap', 409);
  const { sapNumber } = await transferMasterData(ctx, creditor as Parameters<typeof transferMasterData>[1]);
  await ctx.trx
    .updateTable('creditor')
    .set({
      sapNumber,
      sentToSapAt: ctx.now,
      ...(creditor.registrationState == null ? { registrationState: 'sap_registered' } : {}),
      updatedAt: ctx.now,
    })
    .where('id', '=', creditor.id)
    .execute();
  return { response: { sapNumber } };
};

/** Sends the creditor's case file to the accounting system; it must know the creditor already. */
export const sendCaseFile: CommandHandler = async (ctx) => {
  const creditor = ctx.target!.row;
  if (!creditor.sentToSapAt || !creditor.sapNumber) ctx.refuse('adminCommands.notSentToSap', 409);
  await ctx.adapters.bookingSystem.transferCreditor(ctx.trx, {
    kind: 'caseFile',
    creditorId: creditor.id,
    userId: ctx.caller.userId,
    payload: { sapNumber: creditor.sapNumber },
    now: ctx.now,
  });
  return undefined;
};

/**
 * A printer-driver switch (document 2 §7 "User commands", user/doc2portal-invoice|doc2portal-document
 * /enable|disable {userIdentifier}): the flag of the user's creditor, locked for the transaction;
 * refused when it is already in the wanted position.
 */
const switchFlag =
  (column: 'invoicesEnabled' | 'documentsEnabled', on: boolean): CommandHandler<{ userIdentifier: number }> =>
  async (ctx: CommandContext) => {
    const creditorId = creditorOfTargetUser(ctx);
    const creditor = await ctx.trx.selectFrom('creditor').select(['id', column]).where('id', '=', creditorId).forUpdate().executeTakeFirstOrThrow();
    if (creditor[column] === on) ctx.refuse('commands.wrongState', 409);
    await ctx.trx.updateTable('creditor').set({ [column]: on, updatedAt: ctx.now }).where('id', '=', creditorId).execute();
    return { actionLog: { payload: { userIdentifier: ctx.target!.id, [column]: on } } };
  };

export const enableDoc2PortalInvoices = switchFlag('invoicesEnabled', true);
export const disableDoc2PortalInvoices = switchFlag('invoicesEnabled', false);
export const enableLetter2PostDocuments = switchFlag('documentsEnabled', true);
export const disableLetter2PostDocuments = switchFlag('documentsEnabled', false);
