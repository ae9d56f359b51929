import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { permissionTables } from '../../../../generated/permissions';
import { enqueueMail } from '../../adapters/mail/mail-outbox';
import { germanText } from '../../commands/command-audit';
import type { CommandContext, CommandHandler } from '../../commands/command.types';
import { DELETED_STATUS, maxCompanyUsersOf } from '../../db/repositories/settings.repository';
import { enumValue } from '../../services/status-groups';

/** The three company-user roles (roles.yaml group companyUsers), by the role key the API speaks. */
const COMPANY_ROLES = permissionTables.roleGroups.companyUsers;
const ROLE_BY_KEY = new Map(COMPANY_ROLES.map((role) => [permissionTables.roles[role].key, role]));

/** A registered user's status until the password is set (schema/enums/userStatus.yaml). */
const INVITED_STATUS = enumValue('userStatus', 'new');
/** No password hash ever matches this: the user cannot log in before setting a password. */
export const UNUSABLE_PASSWORD = '!';
/** How long the set-password link of the invitation mail works. */
export const INVITATION_VALID_DAYS = 7;

/**
 * The stored form of a set-password token: its SHA-256, as for refresh tokens.
 *
 * @example invitationTokenHash('q3…') // '5f1c…' (64 hex digits)
 */
export const invitationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function roleOf(ctx: CommandContext, key: string): string {
  const role = ROLE_BY_KEY.get(key);
  if (!role) ctx.refuse('settings.unknownRole', 400);
  return role!;
}

/** A company user of the caller's creditor (not deleted), locked; the main user is none. */
async function companyUserOf(ctx: CommandContext, identifier: number) {
  const user = await ctx.trx
    .selectFrom('appUser')
    .select(['id', 'name', 'email', 'roles', 'status'])
    .where('creditorId', '=', ctx.creditor!.id)
    .where('id', '=', identifier)
    .where('status', '<>', DELETED_STATUS)
    .where((eb) => eb.or(COMPANY_ROLES.map((role) => eb(eb.val(role), '=', eb.fn.any('roles')))))
    .forUpdate()
    .executeTakeFirst();
  if (!user) ctx.refuse('settings.companyUserNotFound', 404);
  if (user!.id === ctx.caller.userId) ctx.refuse('settings.cannotChangeSelf', 409);
  return user!;
}

/**
 * A one-time set-password link for the user, mailed through the outbox; earlier unused links of the
 * user end. Only the token's hash is stored; the mail holds the path, the worker adds the address.
 */
async function invite(ctx: CommandContext, user: { id: number; name: string; email: string }, role: string) {
  const creditor = ctx.creditor!;
  await ctx.trx.deleteFrom('companyUserInvitation').where('creditorId', '=', creditor.id).where('userId', '=', user.id).execute();
  const token = randomBytes(32).toString('base64url');
  await ctx.trx
    .insertInto('companyUserInvitation')
    .values({
      creditorId: creditor.id,
      userId: user.id,
      tokenHash: invitationTokenHash(token),
      expiresAt: new Date(ctx.now.getTime() + INVITATION_VALID_DAYS * 86_400_000),
      invitedByUserId: ctx.caller.userId,
      createdAt: ctx.now,
    })
    .execute();
  const { name: creditorName } = await ctx.trx
    .selectFrom('creditor')
    .select('name')
    .where('id', '=', creditor.id)
    .executeTakeFirstOrThrow();
  await enqueueMail(ctx.trx, {
    creditorId: creditor.id,
    productType: creditor.product,
    recipient: user.email,
    template: 'companyUserInvitation',
    params: {
      name: user.name,
      creditorName,
      roleLabel: germanText(permissionTables.roles[role].label, {}, creditor.product),
      setPasswordPath: `/set-password/${token}`,
      validDays: INVITATION_VALID_DAYS,
    },
    now: ctx.now,
  });
}

/**
 * POST /user-management/command/register-creditor-company-user {name, email, role}: a new access in
 * one of the three sub-roles, invited by mail to set its password. Refused when the product's
 * maximum of additional accesses is reached or the address belongs to another access; an access
 * of this creditor deleted before comes back.
 */
export const registerCompanyUser: CommandHandler<{ name: string; email: string; role: string }> = async (ctx) => {
  const creditor = ctx.creditor!;
  const role = roleOf(ctx, ctx.input.role);
  const email = ctx.input.email.trim();
  const name = ctx.input.name.trim();
  // one registration at a time per creditor, so two cannot both take the last free access
  await ctx.trx.selectFrom('creditor').select('id').where('id', '=', creditor.id).forUpdate().execute();

  const max = maxCompanyUsersOf(creditor.product);
  const { count } = await ctx.trx
    .selectFrom('appUser')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('creditorId', '=', creditor.id)
    .where('status', '<>', DELETED_STATUS)
    .where((eb) => eb.or(COMPANY_ROLES.map((r) => eb(eb.val(r), '=', eb.fn.any('roles')))))
    .executeTakeFirstOrThrow();
  if (Number(count) >= max) ctx.refuse('settings.maxAccessesReached', 409, { max });

  const holder = await ctx.trx
    .selectFrom('appUser')
    .select(['id', 'creditorId', 'roles', 'status'])
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', email.toLowerCase()), eb(sql`lower(email)`, '=', email.toLowerCase())]))
    .forUpdate()
    .execute();
  const revived = holder.length === 1 &&
    holder[0].creditorId === creditor.id &&
    holder[0].status === DELETED_STATUS &&
    holder[0].roles.some((r) => COMPANY_ROLES.includes(r))
    ? holder[0]
    : undefined;
  if (holder.length && !revived) {
    // an address of this creditor is in its own list anyway; one of another creditor or an admin is
    // accepted like a new one and the address is told instead (issue 26: no address enumeration)
    if (holder.some((h) => h.creditorId === creditor.id)) ctx.refuse('settings.emailTaken', 409);
    await mailAddressInUse(ctx, email);
    return { actionLog: { payload: { name, email, role: ctx.input.role, addressInUse: true } } };
  }

  const values = {
    name,
    roles: [role],
    status: INVITED_STATUS,
    passwordHash: UNUSABLE_PASSWORD,
    passwordUpdateRequired: false,
    updatedAt: ctx.now,
  };
  const user = revived
    ? await ctx.trx
        .updateTable('appUser')
        .set(values)
        .where('id', '=', revived.id)
        .returning(['id', 'name', 'email'])
        .executeTakeFirstOrThrow()
    : await ctx.trx
        .insertInto('appUser')
        .values({
          ...values,
          username: email,
          email,
          product: creditor.product,
          creditorId: creditor.id,
          // the terms are the creditor's, accepted by the main user (document 2 §2)
          optIn: true,
          createdAt: ctx.now,
        })
        .returning(['id', 'name', 'email'])
        .executeTakeFirstOrThrow();
  await invite(ctx, user, role);
  return { actionLog: { payload: { ...ctx.input, identifier: user.id } } };
};

/** The mail to an address that already has an access, instead of an invitation. */
async function mailAddressInUse(ctx: CommandContext, email: string): Promise<void> {
  const creditor = ctx.creditor!;
  const { name: creditorName } = await ctx.trx.selectFrom('creditor').select('name').where('id', '=', creditor.id).executeTakeFirstOrThrow();
  await enqueueMail(ctx.trx, {
    creditorId: creditor.id,
    productType: creditor.product,
    recipient: email,
    template: 'companyUserAddressInUse',
    params: { creditorName },
    now: ctx.now,
  });
}

/**
 * POST /user-management/command/update-creditor-company-user {identifier, name, role}: another name
 * or sub-role. The e-mail (the login) stays; the caller's own access cannot be changed here.
 */
export const updateCompanyUser: CommandHandler<{ identifier: number; name: string; role: string }> = async (ctx) => {
  const role = roleOf(ctx, ctx.input.role);
  const user = await companyUserOf(ctx, ctx.input.identifier);
  await ctx.trx
    .updateTable('appUser')
    .set({ name: ctx.input.name.trim(), roles: [role], updatedAt: ctx.now })
    .where('creditorId', '=', ctx.creditor!.id)
    .where('id', '=', user.id)
    .execute();
  return { actionLog: { payload: { ...ctx.input, email: user.email, previousRole: permissionTables.roles[user.roles[0]]?.key } } };
};

/**
 * POST /user-management/command/delete-creditor-company-user {identifier}: the access ends — status
 * terminated (history and action log keep naming the user), sessions and open invitations end, and
 * the user leaves the list. Nobody deletes their own access or the main user.
 */
export const deleteCompanyUser: CommandHandler<{ identifier: number }> = async (ctx) => {
  const user = await companyUserOf(ctx, ctx.input.identifier);
  const creditorId = ctx.creditor!.id;
  await ctx.trx
    .updateTable('appUser')
    .set({ status: DELETED_STATUS, updatedAt: ctx.now })
    .where('creditorId', '=', creditorId)
    .where('id', '=', user.id)
    .execute();
  await ctx.trx.deleteFrom('refreshToken').where('userId', '=', user.id).execute();
  await ctx.trx.deleteFrom('companyUserInvitation').where('creditorId', '=', creditorId).where('userId', '=', user.id).execute();
  return { actionLog: { payload: { identifier: user.id, email: user.email, name: user.name } } };
};
