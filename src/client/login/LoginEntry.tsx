import { CssBaseline, createTheme, ThemeProvider } from '@mui/material';
import { type AuthProvider, CoreAdminContext, type DataProvider } from 'ra-core';
import { useEffect } from 'react';
import { Notification } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import de from 'virtual:kontor-login-catalogue';
import { defaultVariantCode, variants } from '../../../generated/variants';
import { createAuthProvider } from '../auth/auth-provider';
import { permissionEvaluator } from '../auth/permission-evaluator';
import { createI18nProvider } from '../i18n/i18n-provider';
import { LoginPage } from '../pages/LoginPage';
import { resolveVariant } from '../variant/resolve-variant';
import { VariantProvider } from '../variant/VariantContext';
import { variantTheme } from '../variant/variant-theme';

/**
 * The light entry for a first visit of `/login` (issue 13): the same login page in ra-core's
 * context, without react-admin's UI, the layout, the resources and the English catalogue, so the
 * first load stays small. After the login `/` is loaded as a page, which starts the full portal.
 */
const variant = resolveVariant(window.location.hostname, variants, defaultVariantCode);
// German only: every text of the login page exists in German (English is just the fallback).
const i18nProvider = createI18nProvider({ generated: { de, en: {} }, wording: variant.wording });
const session = createAuthProvider({ variant, resources: {}, evaluator: permissionEvaluator });
// After the login the portal starts as a page load of `/` (the login page's only destination here);
// the login never settles, so nothing navigates client-side before the page changes.
const authProvider: AuthProvider = {
  ...session,
  async login(params) {
    await session.login(params);
    window.location.replace('/');
    return new Promise<never>(() => {});
  },
};
const noData = new Proxy({} as DataProvider, {
  get: () => () => Promise.reject(new Error('the login page reads no data')),
});
const theme = createTheme(variantTheme(variant, i18nProvider.translate('selfservice.loader.loading')));

/** Any other path (none is linked from here): load it as a page, which starts the full portal. */
function EnterPortal() {
  useEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return null;
}

export function LoginEntry() {
  return (
    <VariantProvider variant={variant}>
      <BrowserRouter>
        <CoreAdminContext i18nProvider={i18nProvider} authProvider={authProvider} dataProvider={noData}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="*" element={<EnterPortal />} />
            </Routes>
            {/* the answer of "Passwort vergessen?" is a snackbar */}
            <Notification />
          </ThemeProvider>
        </CoreAdminContext>
      </BrowserRouter>
    </VariantProvider>
  );
}
