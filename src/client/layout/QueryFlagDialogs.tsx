import { useLocation, useNavigate } from 'react-router-dom';
import { withoutParam } from '../forms/form-flags';
import { QueryFlagForms } from '../forms/QueryFlagForms';
import { NotificationsPanel } from './NotificationsPanel';

/**
 * Dialogs opened by the spec's query flags: every form with a `queryFlag` (`uploadVoucher`,
 * `changePassword`, `createDebtor`, …) through the generic form dialog; `showNotifications`, which
 * is a list rather than a form, through the notifications panel.
 */
export function QueryFlagDialogs() {
  const location = useLocation();
  const navigate = useNavigate();
  const notifications = new URLSearchParams(location.search).get('showNotifications') === 'true';

  const close = () =>
    navigate({ pathname: location.pathname, search: withoutParam(location.search, 'showNotifications') });
  return (
    <>
      <QueryFlagForms />
      {notifications ? <NotificationsPanel onClose={close} /> : null}
    </>
  );
}
