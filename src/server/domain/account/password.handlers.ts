import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { isPasswordValid } from '../../../shared/validation/password.rules';
import { enqueueMail } from '../../adapters/mail/mail-outbox';
import type { CommandContext, CommandHandler } from '../../commands/command.types';
import { LOGIN_DENIED_STATUSES } from '../../services/auth.service';
import type { Database } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../services/password.service';
import { endSessions } from '../../services/session';
import { enumValue } from '../../services/status-groups';

const RESET_REQUESTED = enumValue('userStatus', 'password_reset_requested');
const RESET_DONE = enumValue('userStatus', 'password_reset');

/**
 * How long a forgotten-password link works. Decision (the spec gives no value): 60 minutes — long
 * enough to find the mail, short enough that an old mailbox copy is worthless; and once only.
 */
export const RESET_LINK_MINUTES = 60;

/** The path of a reset link, as the mail shows it under the portal's address and the client routes it. */
export const resetPath = (userId: number, requestId: string) => `/login/${userId}/reset-password/${requestId}`;

/**
 * The rules of document 1 §5 on the server: the policy, and a new password that differs from the
 * old one (compared with the stored hash, so also when the old one was not typed). 400 like the
 * schema's own refusals; no password ever reaches the action log.
 */
async function checkNewPassword(ctx: CommandContext, storedHash: string, password: string): Promise<void> {
  if (!isPasswordValid(password)) ctx.refuse('validation.passwordPolicy', 400);
  if (await verifyPassword(storedHash, password)) ctx.refuse('validation.passwordEqualsOld', 400);
}

/**
 * The caller's own password (user menu dialog and the forced change): the current password must be
 * right; the new one follows the rules; `passwordUpdateRequired` is cleared.
 */
export const updatePassword: CommandHandler<{ oldPassword: string; password: string }> = async (ctx) => {
  const { trx, input, caller } = ctx;
  const user = await trx
    .selectFrom('appUser')
    .select(['id', 'passwordHash'])
    .where('id', '=', caller.userId!)
    .forUpdate()
    .executeTakeFirst();
  if (!user) return ctx.refuse('notFound', 404);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) ctx.refuse('account.oldPasswordWrong', 400);
  if (input.password === input.oldPassword) ctx.refuse('validation.passwordEqualsOld', 400);
  await checkNewPassword(ctx, user.passwordHash, input.password);
  await trx
    .updateTable('appUser')
    .set({ passwordHash: await hashPassword(input.password), passwordUpdateRequired: false, updatedAt: ctx.now })
    .where('id', '=', user.id)
    .execute();
  // every session ends, this one too (issue 26): the client signs in again with the new password
  await endSessions(trx, [user.id], ctx.now);
  return { actionLog: { payload: { passwordUpdateRequired: false } } };
};

/**
 * The statement that marks every unused reset link of the user as used; it reads the unused links
 * only (password_reset_request_unused_idx, 0251), however many the user was ever sent — so a known
 * address answers a reset request as fast as an unknown one (issue 26).
 */
export const spendResetLinksQuery = (trx: Kysely<Database>, userId: number, now: Date) =>
  trx.updateTable('passwordResetRequest').set({ usedAt: now }).where('userId', '=', userId).where('usedAt', 'is', null);

/** Marks every unused reset link of the user as used: none of them sets a password any more. */
async function spendResetLinks(trx: Kysely<Database>, userId: number, now: Date): Promise<void> {
  await spendResetLinksQuery(trx, userId, now).execute();
}

/**
 * A fresh reset link for the user: a request row ({@link RESET_LINK_MINUTES}, once) and the
 * passwordReset mail through the outbox. Shared by the forgotten password and the admin's reset
 * (schema/commands/adminUsers.yaml adminResetUserPassword).
 */
export async function sendPasswordResetLink(
  trx: Kysely<Database>,
  user: { id: number; username: string; email: string; creditorId: number | null; product: string },
  now: Date,
): Promise<void> {
  const identifier = randomUUID();
  // a newer link ends every earlier one of the user (issue 26): only the latest mail works
  await spendResetLinks(trx, user.id, now);
  await trx
    .insertInto('passwordResetRequest')
    .values({ userId: user.id, identifier, expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000), createdAt: now })
    .execute();
  await enqueueMail(trx, {
    creditorId: user.creditorId,
    productType: user.product,
    recipient: user.email,
    template: 'passwordReset',
    params: { name: user.username, resetPath: resetPath(user.id, identifier), validMinutes: RESET_LINK_MINUTES },
    now,
  });
}

/**
 * Public. An active user with this address gets a mail with a fresh link; anyone else nothing —
 * and the answer is the same either way (no user enumeration). A newer link ends the older ones.
 */
export const requestPasswordReset: CommandHandler<{ email: string }> = async (ctx) => {
  const { trx, input, now } = ctx;
  const email = input.email.trim().toLowerCase();
  const user = await trx
    .selectFrom('appUser')
    .select(['id', 'username', 'email', 'status', 'creditorId', 'product'])
    .where((eb) => eb.or([eb(sql<string>`lower(username)`, '=', email), eb(sql<string>`lower(email)`, '=', email)]))
    .orderBy('id')
    .executeTakeFirst();
  // The same work for every address (issue 26: no timing hint whether one exists): a link and its
  // mail are written for a stand-in user and undone when the address has no active user.
  const real = user && !LOGIN_DENIED_STATUSES.has(user.status);
  await sql`savepoint password_reset_request`.execute(trx);
  const subject = real
    ? user
    : await trx.selectFrom('appUser').select(['id', 'username', 'email', 'status', 'creditorId', 'product']).orderBy('id').executeTakeFirst();
  if (subject) await sendPasswordResetLink(trx, subject, now);
  await sql.raw(real ? 'release savepoint password_reset_request' : 'rollback to savepoint password_reset_request').execute(trx);
  // the log keeps who asked for which address, never whether it exists
  return { actionLog: { payload: { email } } };
};

/**
 * Public. The link's request must belong to the link's user, be unused and younger than
 * {@link RESET_LINK_MINUTES}; otherwise `validation.resetRequestExpired` (410). The link is spent,
 * the forced change cleared, and every session of the user ends (its refresh tokens are revoked).
 */
export const resetPassword: CommandHandler<{ userIdentifier: number; requestIdentifier: string; password: string }> = async (
  ctx,
) => {
  const { trx, input, now } = ctx;
  const request = await trx
    .selectFrom('passwordResetRequest')
    .select(['id', 'userId', 'expiresAt', 'usedAt'])
    .where('identifier', '=', input.requestIdentifier)
    .where('userId', '=', input.userIdentifier)
    .forUpdate()
    .executeTakeFirst();
  const user = request
    ? await trx.selectFrom('appUser').select(['id', 'passwordHash', 'status']).where('id', '=', request.userId).executeTakeFirst()
    : undefined;
  if (!request || !user || request.usedAt || request.expiresAt <= now || LOGIN_DENIED_STATUSES.has(user.status)) {
    return ctx.refuse('validation.resetRequestExpired', 410);
  }
  await checkNewPassword(ctx, user.passwordHash, input.password);
  await trx
    .updateTable('appUser')
    .set({
      passwordHash: await hashPassword(input.password),
      passwordUpdateRequired: false,
      // an admin's reset (password_reset_requested) is done once the link is used
      ...(user.status === RESET_REQUESTED ? { status: RESET_DONE } : {}),
      updatedAt: now,
    })
    .where('id', '=', user.id)
    .execute();
  // the used link and every other one of the user (issue 26)
  await spendResetLinks(trx, user.id, now);
  await endSessions(trx, [user.id], now);
  return { actionLog: { payload: { userIdentifier: user.id } } };
};
