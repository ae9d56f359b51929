import { Link } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { lazyPage } from '../../lazy/lazy-page';

// The form machinery (rjsf, ajv, every form) stays out of the login page's first load.
const PasswordResetRequestDialog = lazyPage(
  () => import('./PasswordResetRequestDialog'),
  'PasswordResetRequestDialog',
);

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
      {open ? <PasswordResetRequestDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
