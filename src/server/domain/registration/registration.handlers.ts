import type { CreateCreditorForm } from '../../../../generated/types';
import type { CommandHandler } from '../../commands/command.types';
import { validateForProduct } from './product-validation';
import { registerCreditorWithMainUser } from './register-creditor';

const PRODUCT_ADMIN = 'ROLE_PRODUCT_ADMIN';
const SUPER_ADMIN = 'ROLE_SUPER_ADMIN';

/**
 * POST /creditor/register (admin permission creditor_registration): the admin's "register
 * creditor" dialog. A product administrator registers only creditors of the own product; the
 * product's onboarding bounds apply (variants/*.yaml); then the shared registration runs.
 */
export const registerCreditor: CommandHandler<CreateCreditorForm> = async (ctx) => {
  const { caller, input } = ctx;
  if (caller.roles.includes(PRODUCT_ADMIN) && !caller.roles.includes(SUPER_ADMIN) && input.productType !== caller.product) {
    ctx.refuse('registration.otherProduct', 403);
  }
  validateForProduct('createCreditor', input, input.productType, { application: false });
  const registered = await registerCreditorWithMainUser(ctx, input);
  return {
    creditor: registered.creditor,
    response: { identifier: registered.creditor.id, sapNumber: registered.creditor.sapNumber ?? '' },
    actionLog: { payload: { ...registered.payload, sentToSap: registered.sentToSap } },
  };
};
