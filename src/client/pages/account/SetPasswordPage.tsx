import { useParams } from 'react-router-dom';
import { acceptInvitationCommands } from '../../../../generated/form-commands/accept-invitation';
import { acceptInvitationForm } from '../../../../generated/forms/accept-invitation';
import { PublicFormPage } from './PublicFormPage';

/**
 * /set-password/{token}, the link of the company-user invitation mail: the acceptInvitation form
 * with the link's token as a hidden field. A used or expired link is refused with its German text
 * in the dialog. Public.
 */
export function SetPasswordPage() {
  const { token } = useParams();
  return (
    <PublicFormPage
      form={acceptInvitationForm}
      commands={acceptInvitationCommands}
      initial={{ token: token ?? '' }}
    />
  );
}
