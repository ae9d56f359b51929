import { sql } from 'kysely';
import type { CreateAdminUserForm, CreateCreditorUserForm } from '../../../../generated/types';
import type { CommandHandler } from '../../commands/command.types';
import { enumValue } from '../../services/status-groups';
import type { CommandContext } from '../../commands/command.types';
import { openTermsApproval } from '../registration';
import { UNUSABLE_PASSWORD } from '../settings/company-user.handlers';
import { mailSetPasswordLink } from './set-password-link';

/*
 * The super admin creates administrators and product administrators (document 2 §2 "Admins", §6,
 * §7 register-administrator / register-product-administrator); an admin registers a further main
 * user of a creditor (register-creditor). Decisions in schema/commands/adminUsers.yaml.
 */

const NEW_USER = enumValue('userStatus', 'new');
const MAIN_USER_ROLE = 'ROLE_CREDITOR';

/** An e-mail (= user name) that belongs to any user already: 409 validation.emailTaken. */
async function refuseTakenEmail(ctx: CommandContext, email: string): Promise<void> {
  const taken = await ctx.trx
    .selectFrom('appUser')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(sql`lower(username)`, '=', email.toLowerCase()),
        eb(sql`lower(email)`, '=', email.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  if (taken) ctx.refuse('validation.emailTaken', 409);
}

const registerAdmin =
  (role: 'ROLE_ADMIN' | 'ROLE_PRODUCT_ADMIN'): CommandHandler<CreateAdminUserForm> =>
  async (ctx) => {
    const { trx, input, now } = ctx;
    const productAdmin = role === 'ROLE_PRODUCT_ADMIN';
    // the tick chooses the call: a product admin sent here would administer every product
    if (Boolean(input.productAdmin) !== productAdmin || (productAdmin && !input.product)) {
      ctx.refuse('adminCommands.adminCallMismatch', 400);
    }
    const email = input.email.trim();
    await refuseTakenEmail(ctx, email);
    const user = await trx
      .insertInto('appUser')
      .values({
        username: email,
        email,
        name: `${input.firstName.trim()} ${input.lastName.trim()}`,
        passwordHash: UNUSABLE_PASSWORD,
        roles: [role],
        product: input.product ?? ctx.caller.product,
        // no admin permission until the super admin grants them
        permissions: JSON.stringify({ admin: [] }),
        // the terms are the creditors'; administrators accept none
        optIn: true,
        status: NEW_USER,
        creditorId: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning(['id', 'name', 'email', 'roles', 'product', 'creditorId'])
      .executeTakeFirstOrThrow();
    await mailSetPasswordLink(ctx, user);
    return {
      response: { identifier: user.id },
      actionLog: { payload: { ...input, userIdentifier: user.id } },
    };
  };

export const registerAdministrator = registerAdmin('ROLE_ADMIN');
export const registerProductAdministrator = registerAdmin('ROLE_PRODUCT_ADMIN');

/**
 * A further main user of the target creditor (status new, the current terms to accept at the first
 * login); the registration mail unless `sendRegistrationMail` is false.
 */
export const registerCreditorUser: CommandHandler<CreateCreditorUserForm> = async (ctx) => {
  const { trx, input, now } = ctx;
  const creditor = ctx.creditor!;
  const email = input.email.trim();
  await refuseTakenEmail(ctx, email);
  const user = await trx
    .insertInto('appUser')
    .values({
      username: email,
      email,
      name: `${input.firstName.trim()} ${input.lastName.trim()}`,
      passwordHash: UNUSABLE_PASSWORD,
      roles: [MAIN_USER_ROLE],
      product: creditor.product,
      status: NEW_USER,
      optIn: false,
      creditorId: creditor.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning(['id', 'name', 'email', 'roles', 'product', 'creditorId'])
    .executeTakeFirstOrThrow();
  await openTermsApproval(ctx, creditor.id, user.id, creditor.product);
  if (input.sendRegistrationMail !== false) await mailSetPasswordLink(ctx, user);
  return { response: { identifier: user.id }, actionLog: { payload: { ...input, userIdentifier: user.id } } };
};
