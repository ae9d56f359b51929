import { ResourceContextProvider } from 'ra-core';
import type { ComponentType } from 'react';
import type { VariantConfig } from '../shared/config-types';
import { CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import de from 'virtual:kontor-portal-catalogue';
import { resources } from '../../generated/resources';
import { createAuthProvider } from './auth/auth-provider';
import { permissionEvaluator } from './auth/permission-evaluator';
import { createDataProvider } from './data/data-provider';
import { setCatalogueLoader } from './i18n/catalogue-ready';
import { createI18nProvider } from './i18n/i18n-provider';
import { KontorAdmin } from './layout/KontorAdmin';
import { KontorNotification } from './layout/KontorNotification';
import { PLACEHOLDER_PAGES } from './layout/navigation';
import { lazyPage } from './lazy/lazy-page';
import { LoginPage } from './pages/LoginPage';
import { RedirectHome } from './pages/RedirectHome';
import { VariantProvider } from './variant/VariantContext';
import { variantTheme } from './variant/variant-theme';

// Every page but the login page is its own chunk, loaded when first shown (issue 13: the login
// page's critical path stays small). Add a page as `lazyPage(() => import('./pages/X'), 'X')`: it
// waits for the rest of the catalogue; only the first page (layout, dashboard) shows without it.
const KontorLayout = lazyPage(() => import('./layout/KontorLayout'), 'KontorLayout', { firstPage: true });
const Dashboard = lazyPage(() => import('./pages/Dashboard'), 'Dashboard', { firstPage: true });
// a list and its detail wait for the list's texts only (issue 32); their dialogs wait for the rest
const ResourceListPage = lazyPage(() => import('./resources/ResourceListPage'), 'ResourceListPage', {
  texts: 'list',
});
const MasterDataPage = lazyPage(() => import('./pages/MasterDataPage'), 'MasterDataPage');
const SettingsPage = lazyPage(() => import('./pages/SettingsPage'), 'SettingsPage');
const AdminActionsPage = lazyPage(() => import('./pages/AdminActionsPage'), 'AdminActionsPage');
const SepaDebitsPage = lazyPage(() => import('./pages/sepa-debits/SepaDebitsPage'), 'SepaDebitsPage');
const PlaceholderPage = lazyPage(() => import('./pages/PlaceholderPage'), 'PlaceholderPage');
const OptInPage = lazyPage(() => import('./pages/OptInPage'), 'OptInPage');
const UpdatePasswordPage = lazyPage(
  () => import('./pages/account/UpdatePasswordPage'),
  'UpdatePasswordPage',
  {
    texts: 'account',
  },
);
const ContactInformationCheckPage = lazyPage(
  () => import('./pages/account/ContactInformationCheckPage'),
  'ContactInformationCheckPage',
);
const ResetPasswordPage = lazyPage(() => import('./pages/account/ResetPasswordPage'), 'ResetPasswordPage', {
  texts: 'account',
});
const SetPasswordPage = lazyPage(() => import('./pages/account/SetPasswordPage'), 'SetPasswordPage', {
  texts: 'account',
});
const VariantComparisonPage = lazyPage(
  () => import('./pages/variants/VariantComparisonPage'),
  'VariantComparisonPage',
);
const HelpCenterPage = lazyPage(() => import('./pages/help/HelpCenterPage'), 'HelpCenterPage');
const UserInfoPage = lazyPage(() => import('./pages/help/UserInfoPage'), 'UserInfoPage');
const OnboardingLandingPage = lazyPage(
  () => import('./pages/onboarding/OnboardingLandingPage'),
  'OnboardingLandingPage',
);
const ProductRequestPage = lazyPage(
  () => import('./pages/onboarding/ProductRequestPage'),
  'ProductRequestPage',
  {
    texts: 'onboarding',
  },
);
const ProductApplicationPage = lazyPage(
  () => import('./pages/onboarding/ProductApplicationPage'),
  'ProductApplicationPage',
  { texts: 'onboarding' },
);

/** react-admin's providers and the theme of a variant. */
interface Portal {
  variant: VariantConfig;
  i18nProvider: ReturnType<typeof createI18nProvider>;
  authProvider: ReturnType<typeof createAuthProvider>;
  dataProvider: ReturnType<typeof createDataProvider>;
  theme: ReturnType<typeof variantTheme>;
}
let built: Portal | null = null;

/**
 * The portal's providers for the page's variant, built once (the variant is fixed for the page's
 * lifetime: it follows from the host name, see main.tsx).
 */
function portalOf(variant: VariantConfig): Portal {
  if (built?.variant === variant) return built;
  // German: the first page's texts now; a list's, the rest, and the rest without the list's their
  // own chunks that the lists, the other pages and the dialogs wait for; English (with react-admin's English texts) its own chunk, fetched when someone
  // switches to it (issue 13: the first load)
  const i18nProvider = createI18nProvider({
    generated: {
      de,
      en: async () => {
        const [generated, ra] = await Promise.all([
          import('../../generated/i18n/en.json'),
          import('ra-language-english'),
        ]);
        return { generated: generated.default, ra: ra.default as unknown as Record<string, unknown> };
      },
    },
    later: {
      list: () => import('virtual:kontor-portal-list-catalogue').then((module) => module.default),
      rest: () => import('virtual:kontor-portal-rest-catalogue').then((module) => module.default),
      listRest: () => import('virtual:kontor-portal-list-rest-catalogue').then((module) => module.default),
      account: () => import('virtual:kontor-portal-account-catalogue').then((module) => module.default),
      onboarding: () => import('virtual:kontor-portal-onboarding-catalogue').then((module) => module.default),
    },
    wording: variant.wording,
  });
  setCatalogueLoader(i18nProvider.loadTexts);
  built = {
    variant,
    i18nProvider,
    authProvider: createAuthProvider({ variant, resources, evaluator: permissionEvaluator }),
    dataProvider: createDataProvider(resources),
    theme: variantTheme(variant, de.selfservice.loader.loading),
  };
  return built;
}

/** Hand-written pages that replace their placeholders. */
const PAGES: Record<string, ComponentType> = {
  '/master-data': MasterDataPage,
  '/settings': SettingsPage,
  '/admin-actions': AdminActionsPage,
  '/sepa-debits': SepaDebitsPage,
  '/variant-comparison': VariantComparisonPage,
  '/help-center': HelpCenterPage,
  '/user-info': UserInfoPage,
  '/user-info/:key': UserInfoPage,
};
/** `/work-queue/:id?` → `/work-queue`: resources whose route differs from react-admin's `/<name>`. */
const aliasedResources = Object.values(resources)
  .map((config) => ({ name: config.name, path: config.route.split('/:')[0] }))
  .filter(({ name, path }) => path !== `/${name}`);

/**
 * The portal: every generated resource is registered with the generic list page (its routes
 * `/<name>/*` cover the inline details), the other logged-in routes are placeholders for now.
 */
export function App({ variant }: { variant: VariantConfig }) {
  const { i18nProvider, authProvider, dataProvider, theme } = portalOf(variant);
  return (
    <VariantProvider variant={variant}>
      <BrowserRouter>
        <KontorAdmin
          disableTelemetry
          requireAuth
          title={variant.portalName}
          theme={theme}
          i18nProvider={i18nProvider}
          authProvider={authProvider}
          dataProvider={dataProvider}
          layout={KontorLayout}
          notification={KontorNotification}
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
            <Route path="/opt-in" element={<OptInPage />} />
            {/* public: the link of the forgotten-password mail (no login) */}
            <Route path="/login/:userId/reset-password/:requestId" element={<ResetPasswordPage />} />
            <Route path="/set-password/:token" element={<SetPasswordPage />} />
            {/* product owners in dev mode (npm run dev): the comparison without login */}
            <Route path="/dev/variant-comparison" element={<VariantComparisonPage />} />
            {/* public: the onboarding (document 2 §2), with its own toolbar and header */}
            <Route path="/onboarding" element={<OnboardingLandingPage />} />
            <Route path="/onboarding/request/:type" element={<ProductRequestPage />} />
            <Route path="/onboarding/register/:type" element={<ProductApplicationPage />} />
            <Route path="/onboarding/*" element={<OnboardingLandingPage />} />
          </CustomRoutes>
        </KontorAdmin>
      </BrowserRouter>
    </VariantProvider>
  );
}
