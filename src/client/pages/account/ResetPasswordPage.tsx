import { useParams } from 'react-router-dom';
import { passwordResetCommands } from '../../../../generated/form-commands/password-reset';
import { passwordResetForm } from '../../../../generated/forms/password-reset';
import { PublicFormPage } from './PublicFormPage';

/**
 * /login/{userId}/reset-password/{requestId} (document 2 §2), the link of the forgotten-password
 * mail: the passwordReset form with the link's ids as hidden fields. A used or expired link is
 * refused with the spec's "reset request no longer valid" text in the dialog. Public.
 */
export function ResetPasswordPage() {
  const { userId, requestId } = useParams();
  return (
    <PublicFormPage
      form={passwordResetForm}
      commands={passwordResetCommands}
      initial={{ userIdentifier: Number(userId), requestIdentifier: requestId ?? '' }}
    />
  );
}
