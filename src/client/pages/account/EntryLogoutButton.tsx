import LogoutIcon from '@mui/icons-material/Logout';
import { Button } from '@mui/material';
import { useLogout, useTranslate } from 'ra-core';

/**
 * Logout on the pages without header and sidebar (opt-in, forgotten password): the spec wants a
 * way out everywhere. The server revokes the session's refresh token (POST /api/logout).
 */
export function EntryLogoutButton() {
  const translate = useTranslate();
  const logout = useLogout();
  return (
    <Button variant="outlined" startIcon={<LogoutIcon />} onClick={() => logout()}>
      {translate('account.logout')}
    </Button>
  );
}
