import type { CommandHandler } from '../../commands/command.types';
import { registerCreditor } from './registration.handlers';

// The creditor registration shared by the admin (POST /creditor/register) and the public product
// application (src/server/domain/onboarding/): its steps, the payload of document 2 §3, product rules.
export { openTermsApproval, registerCreditorWithMainUser } from './register-creditor';
export { registrationPayload } from './registration.payload';
export { validateForProduct } from './product-validation';

/** The handlers of schema/commands/registration.yaml, by command name. */
export const registrationHandlers: Record<string, CommandHandler> = { registerCreditor };
