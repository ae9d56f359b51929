import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Button } from '@mui/material';
import { useGetIdentity, useTranslate } from 'ra-core';
import { canSwitchBack, switchBack } from '../auth/impersonation';

/**
 * "Zurückwechseln" in the toolbar while an admin acts as a creditor user (impersonation): restores
 * the admin's session and returns to the users list.
 */
export function SwitchBackButton() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  if (!identity?.impersonated || !canSwitchBack()) return null;
  return (
    <Button
      color="inherit"
      variant="outlined"
      size="small"
      startIcon={<SwapHorizIcon />}
      onClick={() => void switchBack()}
      sx={{ mx: 1, whiteSpace: 'nowrap' }}
      title={translate('adminUi.impersonating', { username: identity.username })}
    >
      {translate('adminUi.switchBack')}
    </Button>
  );
}
