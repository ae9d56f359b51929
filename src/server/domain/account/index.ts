import type { CommandHandler } from '../../commands/command.types';
import { approveTermsAndConditions, handleCreditorContactInformation } from './entry-check.handlers';
import { acceptInvitation } from './invitation.handlers';
import { requestPasswordReset, resetPassword, updatePassword } from './password.handlers';

/** The handlers of schema/commands/account.yaml, by command name. */
export const accountHandlers: Record<string, CommandHandler> = {
  acceptInvitation,
  updatePassword,
  requestPasswordReset,
  resetPassword,
  approveTermsAndConditions,
  handleCreditorContactInformation,
};
