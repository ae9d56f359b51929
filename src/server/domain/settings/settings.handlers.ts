import { sql } from 'kysely';
import type { CommandHandler } from '../../commands/command.types';

/**
 * POST /user-information/command/creditor-setting/update {email, frequency}: how often one address
 * is reminded. A new address is added, a known one (compared case-insensitively) gets the new
 * frequency. Decision: the body is the one setting changed, not the whole list.
 */
export const updateEmailReminderSetting: CommandHandler<{ email: string; frequency: string }> = async (ctx) => {
  const creditorId = ctx.creditor!.id;
  const email = ctx.input.email.trim();
  const known = await ctx.trx
    .selectFrom('emailReminderSetting')
    .select('id')
    .where('creditorId', '=', creditorId)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .forUpdate()
    .executeTakeFirst();
  if (known) {
    await ctx.trx
      .updateTable('emailReminderSetting')
      .set({ frequency: ctx.input.frequency, updatedAt: ctx.now })
      .where('creditorId', '=', creditorId)
      .where('id', '=', known.id)
      .execute();
  } else {
    await ctx.trx
      .insertInto('emailReminderSetting')
      .values({ creditorId, email, frequency: ctx.input.frequency, createdAt: ctx.now, updatedAt: ctx.now })
      .execute();
  }
  return undefined;
};

/**
 * POST /user-information/command/creditor-setting/delete {email}: the address is no longer reminded
 * (issue 28). Compared case-insensitively; an address the creditor has not set up is refused with
 * 404 and nothing changes.
 */
export const deleteEmailReminderSetting: CommandHandler<{ email: string }> = async (ctx) => {
  const deleted = await ctx.trx
    .deleteFrom('emailReminderSetting')
    .where('creditorId', '=', ctx.creditor!.id)
    .where(sql`lower(email)`, '=', ctx.input.email.trim().toLowerCase())
    .returning('email')
    .execute();
  if (deleted.length === 0) ctx.refuse('settings.reminderNotFound', 404);
  return { actionLog: { payload: { email: deleted[0].email } } };
};

/** PUT /creditor/default-exposure-type {defaultExposureType}: preselects how new vouchers are handed over. */
export const updateDefaultExposureType: CommandHandler<{ defaultExposureType: string }> = async (ctx) => {
  await ctx.trx
    .updateTable('creditor')
    .set({ defaultExposureType: ctx.input.defaultExposureType, updatedAt: ctx.now })
    .where('id', '=', ctx.creditor!.id)
    .execute();
  return undefined;
};
