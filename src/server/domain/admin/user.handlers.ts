import { sql } from 'kysely';
import { permissionTables } from '../../../../generated/permissions';
import type { UpdateContactInformationForm } from '../../../../generated/types';
import type { CommandContext, CommandHandler } from '../../commands/command.types';
import { endSessions } from '../../services/session';
import { enumValue } from '../../services/status-groups';
import { sendPasswordResetLink } from '../account/password.handlers';
import { mailSetPasswordLink } from './set-password-link';

/*
 * The administration's user commands (document 2 §7 "User commands"). The pipeline loads the user
 * named by `userIdentifier` and, for a creditor's user, checks a product admin's product; a user
 * without a creditor (an administrator) is only the super admin's to change.
 */

const SUPER_ADMIN = 'ROLE_SUPER_ADMIN';
const ADMIN_ROLES = new Set(permissionTables.roleGroups.admins);
const ADMIN_PERMISSIONS = Object.keys(permissionTables.adminPermissions);
const RESET_REQUESTED = enumValue('userStatus', 'password_reset_requested');

/** The target user; an administrator only for the super admin (others: not found). */
export function targetUser(ctx: CommandContext) {
  const user = ctx.target!.row;
  if (user.creditorId == null && !ctx.caller.roles.includes(SUPER_ADMIN)) ctx.refuse('notFound', 404);
  return user;
}

/**
 * The creditor of the target user, for the user commands that change the user's creditor (contact
 * information, the printer-driver switches); an administrator has none (409).
 */
export function creditorOfTargetUser(ctx: CommandContext): number {
  const user = targetUser(ctx);
  if (user.creditorId == null) ctx.refuse('adminCommands.userWithoutCreditor', 409);
  return user.creditorId as number;
}

async function setStatus(ctx: CommandContext, id: number, status: string) {
  await ctx.trx.updateTable('appUser').set({ status, updatedAt: ctx.now }).where('id', '=', id).execute();
}

/** Name, user name and e-mail; user name and e-mail must not belong to another user. */
export const updateUser: CommandHandler<{ userIdentifier: number; name: string; username: string; email: string }> = async (ctx) => {
  const user = targetUser(ctx);
  const taken = await ctx.trx
    .selectFrom('appUser')
    .select('id')
    .where('id', '<>', user.id)
    .where((eb) =>
      eb.or([
        eb(sql`lower(username)`, '=', ctx.input.username.toLowerCase()),
        eb(sql`lower(email)`, '=', ctx.input.email.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  if (taken) ctx.refuse('adminCommands.userTaken', 409);
  await ctx.trx
    .updateTable('appUser')
    .set({ name: ctx.input.name, username: ctx.input.username, email: ctx.input.email, updatedAt: ctx.now })
    .where('id', '=', user.id)
    .execute();
  return undefined;
};

/** Disables the login and ends the user's sessions. */
export const disableUser: CommandHandler = async (ctx) => {
  const user = targetUser(ctx);
  if (user.id === ctx.caller.userId) ctx.refuse('forbidden', 403);
  await setStatus(ctx, user.id, 'blocked');
  await ctx.trx.deleteFrom('refreshToken').where('userId', '=', user.id).execute();
  await endSessions(ctx.trx, [user.id], ctx.now);
  return undefined;
};

/** Enables the login again. */
export const enableUser: CommandHandler = async (ctx) => {
  await setStatus(ctx, targetUser(ctx).id, 'active');
  return undefined;
};

/** Adds or removes one admin permission of an administrator (not of a super admin). */
const changePermission =
  (add: boolean): CommandHandler<{ userIdentifier: number; permission: string }> =>
  async (ctx) => {
    const user = targetUser(ctx);
    const roles: string[] = user.roles;
    if (!roles.some((role) => ADMIN_ROLES.has(role)) || roles.includes(SUPER_ADMIN)) {
      ctx.refuse('adminCommands.notAnAdministrator', 409);
    }
    if (!ADMIN_PERMISSIONS.includes(ctx.input.permission)) ctx.refuse('adminCommands.unknownAdminPermission', 422);
    const stored = (user.permissions ?? {}) as { admin?: unknown };
    const current = Array.isArray(stored.admin) ? stored.admin.map(String) : [];
    if (current.includes(ctx.input.permission) === add) ctx.refuse('adminCommands.permissionUnchanged', 409);
    const next = add ? [...current, ctx.input.permission] : current.filter((key) => key !== ctx.input.permission);
    await sql`update app_user set permissions = jsonb_set(permissions, '{admin}', ${JSON.stringify(next)}::jsonb),
      updated_at = ${ctx.now} where id = ${user.id}`.execute(ctx.trx);
    return undefined;
  };

export const addAdminPermission = changePermission(true);
export const removeAdminPermission = changePermission(false);

/**
 * The admin's password reset: the forgotten-password link (60 minutes, once) by mail; the user is
 * password_reset_requested until the link is used. The current password stays valid meanwhile.
 */
export const adminResetUserPassword: CommandHandler<{ userIdentifier: number }> = async (ctx) => {
  const user = targetUser(ctx);
  await sendPasswordResetLink(ctx.trx, { id: user.id, username: user.username, email: user.email, creditorId: user.creditorId, product: user.product }, ctx.now);
  await setStatus(ctx, user.id, RESET_REQUESTED);
  return { actionLog: { payload: { userIdentifier: user.id } } };
};

/** A user in status new gets a new set-password link in the mail the access was created with. */
export const sendCreditorRegistrationMail: CommandHandler<{ userIdentifier: number }> = async (ctx) => {
  const user = targetUser(ctx);
  const { id, name, email, roles, product, creditorId } = user;
  await mailSetPasswordLink(ctx, { id, name, email, roles, product, creditorId });
  return { actionLog: { payload: { userIdentifier: user.id } } };
};

/** The contact of the user's creditor (document 2 §3 "contact"). */
export const updateCreditorContactInformation: CommandHandler<UpdateContactInformationForm> = async (ctx) => {
  const creditorId = creditorOfTargetUser(ctx);
  const { userIdentifier: _user, ...contact } = ctx.input;
  await ctx.trx
    .updateTable('creditor')
    .set({
      salutation: contact.salutation ?? null,
      contactName: contact.contactName,
      // the form's street holds the house number too (as the registration's streetAndHouse)
      street: contact.street,
      house: null,
      zip: contact.zip,
      city: contact.city,
      phone: contact.phone,
      mobileNumber: contact.mobileNumber || null,
      email: contact.email,
      updatedAt: ctx.now,
    })
    .where('id', '=', creditorId)
    .execute();
  return undefined;
};
