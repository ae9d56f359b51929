import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { withoutParam } from '../forms/query-params';
import { catalogueReady } from '../i18n/catalogue-ready';
import { NotificationsPanel } from './NotificationsPanel';

// Every form and its command (the flags, the flows) load only when the address has a query (issue
// 13: the dashboard's download); without one no flag can be set. They show once their texts
// (the forms', the commands') have come with the rest of the catalogue.
const QueryFlagForms = lazy(async () => {
  const [module] = await Promise.all([import('../forms/QueryFlagForms'), catalogueReady()]);
  return { default: module.QueryFlagForms };
});

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
      {location.search.length > 1 ? (
        <Suspense fallback={null}>
          <QueryFlagForms />
        </Suspense>
      ) : null}
      {notifications ? <NotificationsPanel onClose={close} /> : null}
    </>
  );
}
