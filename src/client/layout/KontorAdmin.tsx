import { CssBaseline } from '@mui/material';
import { CoreAdminUI, type CoreAdminUIProps, localStorageStore } from 'ra-core';
import { createElement, type ComponentType } from 'react';
import {
  AccessDenied,
  AdminContext,
  type AdminContextProps,
  AuthCallback,
  AuthenticationError,
  Error as ErrorPage,
  LoadingPage,
  NotFound,
} from 'react-admin';

// as `<Admin>`: the user's choices (columns, sidebar) survive a reload — `AdminContext` alone keeps them in memory
const defaultStore = localStorageStore();

export type KontorAdminProps = AdminContextProps &
  CoreAdminUIProps & { loginPage: ComponentType; notification: ComponentType };

/**
 * react-admin's `<Admin>` (AdminContext + AdminUI) with the same defaults (the localStorage store
 * included), except that the login
 * page and the notification must be given: `<Admin>`'s default login page brings react-admin's
 * login form, its inputs and react-hook-form into the portal's first chunk although Kontor never
 * shows it (issue 13: the dashboard route's download).
 */
export function KontorAdmin({
  authProvider,
  basename,
  dataProvider,
  i18nProvider,
  store = defaultStore,
  theme,
  queryClient,
  loginPage,
  notification,
  children,
  ...ui
}: KontorAdminProps) {
  return (
    <AdminContext
      authProvider={authProvider}
      basename={basename}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
      queryClient={queryClient}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          accessDenied={AccessDenied}
          authCallbackPage={AuthCallback}
          authenticationError={AuthenticationError}
          catchAll={NotFound as CoreAdminUIProps['catchAll']}
          error={ErrorPage}
          loading={LoadingPage}
          {...ui}
          loginPage={loginPage}
        >
          {children}
        </CoreAdminUI>
        {createElement(notification)}
      </CssBaseline>
    </AdminContext>
  );
}
