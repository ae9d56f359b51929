import { ResourceContextProvider } from 'ra-core';
import type { ComponentType } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import de from '../../generated/i18n/de.json';
import en from '../../generated/i18n/en.json';
import { resources } from '../../generated/resources';
import { defaultVariantCode, variants } from '../../generated/variants';
import { createAuthProvider } from './auth/auth-provider';
import { permissionEvaluator } from './auth/permission-evaluator';
import { createDataProvider } from './data/data-provider';
import { createI18nProvider } from './i18n/i18n-provider';
import { KontorLayout } from './layout/KontorLayout';
import { PLACEHOLDER_PAGES } from './layout/navigation';
import { AdminActionsPage } from './pages/AdminActionsPage';
import { Dashboard } from './pages/Dashboard';
import { ContactInformationCheckPage } from './pages/account/ContactInformationCheckPage';
import { ResetPasswordPage } from './pages/account/ResetPasswordPage';
import { SetPasswordPage } from './pages/account/SetPasswordPage';
import { UpdatePasswordPage } from './pages/account/UpdatePasswordPage';
import { LoginPage } from './pages/LoginPage';
import { MasterDataPage } from './pages/MasterDataPage';
import { OptInPage } from './pages/OptInPage';
import { PlaceholderPage } from './pages/PlaceholderPage';
import { RedirectHome } from './pages/RedirectHome';
import { SettingsPage } from './pages/SettingsPage';
import { ResourceListPage } from './resources/ResourceListPage';
import { resolveVariant } from './variant/resolve-variant';
import { VariantProvider } from './variant/VariantContext';
import { variantTheme } from './variant/variant-theme';

// The variant is fixed for the page's lifetime: it follows from the host name.
const variant = resolveVariant(window.location.hostname, variants, defaultVariantCode);
const i18nProvider = createI18nProvider({ generated: { de, en }, wording: variant.wording });
const authProvider = createAuthProvider({ variant, resources, evaluator: permissionEvaluator });
const dataProvider = createDataProvider(resources);
const theme = variantTheme(variant);

/** Hand-written pages that replace their placeholders. */
const PAGES: Record<string, ComponentType> = {
  '/master-data': MasterDataPage,
  '/settings': SettingsPage,
  '/admin-actions': AdminActionsPage,
};
/** `/work-queue/:id?` → `/work-queue`: resources whose route differs from react-admin's `/<name>`. */
const aliasedResources = Object.values(resources)
  .map((config) => ({ name: config.name, path: config.route.split('/:')[0] }))
  .filter(({ name, path }) => path !== `/${name}`);

/**
 * The portal: every generated resource is registered with the generic list page (its routes
 * `/<name>/*` cover the inline details), the other logged-in routes are placeholders for now.
 */
export function App() {
  return (
    <VariantProvider variant={variant}>
      <BrowserRouter>
        <Admin
          disableTelemetry
          requireAuth
          title={variant.portalName}
          theme={theme}
          i18nProvider={i18nProvider}
          authProvider={authProvider}
          dataProvider={dataProvider}
          layout={KontorLayout}
          loginPage={LoginPage}
          dashboard={Dashboard}
          catchAll={RedirectHome}
        >
          {Object.values(resources).map((config) => (
            <Resource
              key={config.name}
              name={config.name}
              list={ResourceListPage}
              options={{ label: config.label }}
            />
          ))}
          <CustomRoutes>
            {Object.entries(PAGES).map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            {aliasedResources.map(({ name, path }) => (
              <Route
                key={path}
                path={`${path}/*`}
                element={
                  <ResourceContextProvider value={name}>
                    <ResourceListPage />
                  </ResourceContextProvider>
                }
              />
            ))}
            {PLACEHOLDER_PAGES.filter((page) => !PAGES[page.path]).map((page) => (
              <Route
                key={page.path}
                path={`${page.path}/*`}
                element={<PlaceholderPage title={page.label} />}
              />
            ))}
            <Route path="/update-password" element={<UpdatePasswordPage />} />
            <Route path="/check-contact-information" element={<ContactInformationCheckPage />} />
          </CustomRoutes>
          <CustomRoutes noLayout>
            <Route
              path="/opt-in"
              element={<OptInPage />}
            />
            {/* public: the link of the forgotten-password mail (no login) */}
            <Route path="/login/:userId/reset-password/:requestId" element={<ResetPasswordPage />} />
            <Route path="/set-password/:token" element={<SetPasswordPage />} />
          </CustomRoutes>
        </Admin>
      </BrowserRouter>
    </VariantProvider>
  );
}
