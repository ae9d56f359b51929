import { passwordResetRequestCommands } from '../../../../generated/form-commands/password-reset-request';
import { passwordResetRequestForm } from '../../../../generated/forms/password-reset-request';
import { FormDialog } from '../../forms/FormDialog';

/** The passwordResetRequest form in the form dialog; its own chunk, loaded from the login page on demand. */
export function PasswordResetRequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? (
    <FormDialog form={passwordResetRequestForm} commands={passwordResetRequestCommands} onClose={onClose} />
  ) : null;
}
