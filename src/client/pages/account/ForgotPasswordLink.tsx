import { Link } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { forms } from '../../../../generated/forms';
import { FormDialog } from '../../forms/FormDialog';

/**
 * "Passwort vergessen?" under the login form: the passwordResetRequest form in the form dialog
 * (POST /user-management/command/password-reset/request). The answer is the same whether or not
 * the address has an account, and the dialog shows it as the green snackbar.
 */
export function ForgotPasswordLink() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link component="button" type="button" variant="body2" onClick={() => setOpen(true)} sx={{ mt: 2 }}>
        {translate('account.forgotPassword')}
      </Link>
      {open ? <FormDialog form={forms.passwordResetRequest} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
