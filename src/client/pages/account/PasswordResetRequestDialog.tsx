import { forms } from '../../../../generated/forms';
import { FormDialog } from '../../forms/FormDialog';

/** The passwordResetRequest form in the form dialog; its own chunk, loaded from the login page on demand. */
export function PasswordResetRequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <FormDialog form={forms.passwordResetRequest} onClose={onClose} /> : null;
}
