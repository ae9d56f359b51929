import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useLocation, useNavigate } from 'react-router-dom';
import { navEntry, UPLOAD_KEY } from './navigation';

/**
 * Dialogs opened by the spec's query flags (`showNotifications`, `changePassword`,
 * `uploadVoucher`). Their contents come with later issues; the flags and closing work now.
 */
export function QueryFlagDialogs() {
  const translate = useTranslate();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const flags: Record<string, string> = {
    showNotifications: 'ui.toolbar.notifications',
    changePassword: 'ui.userMenu.changePassword',
    uploadVoucher: navEntry(UPLOAD_KEY).label,
  };
  const open = Object.keys(flags).find((flag) => params.get(flag) === 'true');
  if (!open) return null;

  const close = () => {
    params.delete(open);
    const text = params.toString();
    navigate({ pathname: location.pathname, search: text ? `?${text}` : '' });
  };
  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby="flag-dialog-title"
      slotProps={{ paper: { sx: { width: 555 } } }}
    >
      <DialogTitle id="flag-dialog-title">{translate(flags[open])}</DialogTitle>
      <DialogContent>{translate('ui.placeholder')}</DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
