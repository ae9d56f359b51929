import type { AcceptInvitationForm } from '../../../../generated/types';
import type { CommandHandler } from '../../commands/command.types';
import { hashPassword } from '../../services/password.service';
import { enumValue } from '../../services/status-groups';
import { invitationTokenHash } from '../settings/company-user.handlers';

const INVITED = enumValue('userStatus', 'new');
const ACTIVE = enumValue('userStatus', 'active');

/**
 * POST /user-management/command/accept-invitation (public): the link of the company-user
 * invitation mail. An unused invitation younger than its 7 days, of a user still waiting for the
 * password, sets the password and makes the access active; the link is spent. Anything else — an
 * unknown, used or expired link, a removed user — is one answer (410), so a link reveals nothing.
 */
export const acceptInvitation: CommandHandler<AcceptInvitationForm> = async (ctx) => {
  const { trx, input, now } = ctx;
  const invitation = await trx
    .selectFrom('companyUserInvitation')
    .select(['id', 'userId', 'creditorId', 'expiresAt', 'usedAt'])
    .where('tokenHash', '=', invitationTokenHash(input.token))
    .forUpdate()
    .executeTakeFirst();
  const user = invitation
    ? await trx.selectFrom('appUser').select(['id', 'status']).where('id', '=', invitation.userId).executeTakeFirst()
    : undefined;
  if (!invitation || !user || invitation.usedAt || invitation.expiresAt <= now || user.status !== INVITED) {
    return ctx.refuse('account.invitationInvalid', 410);
  }
  await trx
    .updateTable('appUser')
    .set({ passwordHash: await hashPassword(input.password), status: ACTIVE, passwordUpdateRequired: false, updatedAt: now })
    .where('id', '=', user.id)
    .execute();
  await trx.updateTable('companyUserInvitation').set({ usedAt: now }).where('id', '=', invitation.id).execute();
  return { actionLog: { payload: { userIdentifier: user.id } } };
};
