import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ComponentType, useMemo, useState } from 'react';
import de from 'virtual:kontor-login-catalogue';
import type { VariantConfig } from '../../shared/config-types';
import { type Credentials, signIn } from '../auth/sign-in';
import { plainTranslate } from '../i18n/lookup';
import { raGerman } from '../i18n/ra-german';
import { lazyPage } from '../lazy/lazy-page';
import { ForgotPasswordLink } from '../pages/account/ForgotPasswordLink';
import { loginTheme } from './login-theme';
import { LoginView } from './LoginView';

// "Passwort vergessen?" brings react-admin's context and the form machinery when clicked
const PasswordResetHost = lazyPage(() => import('./PasswordResetHost'), 'PasswordResetHost');

/**
 * The light entry for a first visit of `/login` (issue 13): the login page with plain React and the
 * few MUI components it shows — no react-admin, no router, no portal — so the first load stays
 * small. After the login the portal's chunk is loaded and replaces the login page at `/`.
 */
export function LoginEntry({ variant }: { variant: VariantConfig }) {
  const [Portal, setPortal] = useState<ComponentType<{ variant: VariantConfig }> | null>(null);
  const { translate, theme } = useMemo(() => {
    // German only: every text of the login page exists in German
    const translate = plainTranslate([de, raGerman as unknown as Record<string, unknown>], variant.wording.de);
    return { translate, theme: loginTheme(variant, translate('selfservice.loader.loading')) };
  }, [variant]);

  const enter = async (credentials: Credentials) => {
    await signIn(credentials);
    let App: ComponentType<{ variant: VariantConfig }>;
    try {
      App = (await import('../App')).App;
    } catch {
      // the portal's chunk did not load: a page load of `/` tries again (and reports a failure)
      window.location.replace('/');
      return new Promise<never>(() => {});
    }
    window.history.replaceState(null, '', '/');
    setPortal(() => App);
  };

  if (Portal) return <Portal variant={variant} />;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LoginView variant={variant} translate={translate} onLogin={enter}>
        <ForgotPasswordLink
          label={translate('account.forgotPassword')}
          dialog={(props) => <PasswordResetHost variant={variant} {...props} />}
        />
      </LoginView>
    </ThemeProvider>
  );
}
