import Link from '@mui/material/Link';
import { type ReactNode, useState } from 'react';

/** The dialog behind the link: shown while `open`; kept mounted once opened (its snackbar outlives it). */
export type ForgotPasswordDialog = (props: { open: boolean; onClose: () => void }) => ReactNode;

/**
 * "Passwort vergessen?" under the login form: opens the passwordResetRequest form in the form dialog
 * (POST /user-management/command/password-reset/request). The answer is the same whether or not
 * the address has an account, and the dialog shows it as the green snackbar. The dialog is a lazy
 * chunk (the form machinery stays out of the login page's first load); the portal and the light
 * login entry each pass theirs. No react-admin here: the login entry uses it too.
 */
export function ForgotPasswordLink({ label, dialog }: { label: string; dialog: ForgotPasswordDialog }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={() => {
          setOpen(true);
          setOpened(true);
        }}
        sx={{ mt: 2 }}
      >
        {label}
      </Link>
      {opened ? dialog({ open, onClose: () => setOpen(false) }) : null}
    </>
  );
}
