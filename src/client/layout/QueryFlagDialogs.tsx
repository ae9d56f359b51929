import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useLocation, useNavigate } from 'react-router-dom';
import { withoutParam } from '../forms/form-flags';
import { QueryFlagForms } from '../forms/QueryFlagForms';

/**
 * Dialogs opened by the spec's query flags: every form with a `queryFlag` (`uploadVoucher`,
 * `changePassword`, `createDebtor`, …) through the generic form dialog; `showNotifications`,
 * which is a list rather than a form, still as a placeholder.
 */
export function QueryFlagDialogs() {
  const translate = useTranslate();
  const location = useLocation();
  const navigate = useNavigate();
  const notifications = new URLSearchParams(location.search).get('showNotifications') === 'true';

  const close = () =>
    navigate({ pathname: location.pathname, search: withoutParam(location.search, 'showNotifications') });
  return (
    <>
      <QueryFlagForms />
      {notifications ? (
        <Dialog
          open
          onClose={close}
          aria-labelledby="flag-dialog-title"
          slotProps={{ paper: { sx: { width: 555 } } }}
        >
          <DialogTitle id="flag-dialog-title">{translate('ui.toolbar.notifications')}</DialogTitle>
          <DialogContent>{translate('ui.placeholder')}</DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('ra.action.close')}</Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
