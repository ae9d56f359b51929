import { randomBytes } from 'node:crypto';
import { permissionTables } from '../../../../generated/permissions';
import { enqueueMail } from '../../adapters/mail/mail-outbox';
import { germanText } from '../../commands/command-audit';
import type { CommandContext } from '../../commands/command.types';
import { INVITATION_VALID_DAYS, invitationTokenHash } from '../settings/company-user.handlers';

/*
 * The one-time set-password link of a user in status new (table company_user_invitation, only the
 * token's hash kept), mailed in the mail the access was created with: an administrator's
 * invitation, the main user's registration mail, a company user's invitation. The link is the one
 * the public acceptInvitation command takes (/set-password/{token}, 7 days, once).
 */

const { roles: ROLES, roleGroups } = permissionTables;
const ADMIN_ROLES = new Set(roleGroups.admins);
const COMPANY_ROLES = new Set(roleGroups.companyUsers);

export interface InvitedUser {
  id: number;
  name: string;
  email: string;
  roles: string[];
  product: string;
  creditorId: number | null;
}

/** The German label of the user's first role of a group (roles.yaml), for the mail. */
const roleLabelOf = (user: InvitedUser, group: Set<string>) => {
  const role = user.roles.find((r) => group.has(r)) ?? user.roles[0];
  return germanText(ROLES[role]?.label ?? role, {}, user.product);
};

/**
 * Mails the user a new set-password link; earlier unused links of the user end.
 *
 * @example await mailSetPasswordLink(ctx, { id: 7, name: 'Ada Admin', email: 'ada@example.com', roles: ['ROLE_ADMIN'], product: 'SMAFA', creditorId: null });
 */
export async function mailSetPasswordLink(ctx: CommandContext, user: InvitedUser): Promise<void> {
  const { trx, now } = ctx;
  await trx
    .deleteFrom('companyUserInvitation')
    .where('userId', '=', user.id)
    .where('usedAt', 'is', null)
    .execute();
  const token = randomBytes(32).toString('base64url');
  await trx
    .insertInto('companyUserInvitation')
    .values({
      creditorId: user.creditorId,
      userId: user.id,
      tokenHash: invitationTokenHash(token),
      expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * 86_400_000),
      // the column names a user of the creditor who invited; an administrator is in the action log
      invitedByUserId: null,
      createdAt: now,
    })
    .execute();
  const link = {
    name: user.name,
    setPasswordPath: `/set-password/${token}`,
    validDays: INVITATION_VALID_DAYS,
  };
  const mail = { creditorId: user.creditorId, productType: user.product, recipient: user.email, now };
  if (user.creditorId == null) {
    const roleLabel = roleLabelOf(user, ADMIN_ROLES);
    await enqueueMail(trx, { ...mail, template: 'adminInvitation', params: { ...link, roleLabel } });
    return;
  }
  const { name: creditorName } = await trx
    .selectFrom('creditor')
    .select('name')
    .where('id', '=', user.creditorId)
    .executeTakeFirstOrThrow();
  if (user.roles.some((role) => COMPANY_ROLES.has(role))) {
    const roleLabel = roleLabelOf(user, COMPANY_ROLES);
    await enqueueMail(trx, {
      ...mail,
      template: 'companyUserInvitation',
      params: { ...link, creditorName, roleLabel },
    });
  } else {
    await enqueueMail(trx, { ...mail, template: 'creditorRegistration', params: { ...link, creditorName } });
  }
}
