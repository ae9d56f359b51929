import { useLogin, useTranslate } from 'ra-core';
import { lazyPage } from '../lazy/lazy-page';
import { LoginView } from '../login/LoginView';
import { useVariant } from '../variant/VariantContext';
import { ForgotPasswordLink } from './account/ForgotPasswordLink';

// The form machinery (rjsf, ajv, every form) loads only when "Passwort vergessen?" is clicked.
const PasswordResetRequestDialog = lazyPage(
  () => import('./account/PasswordResetRequestDialog'),
  'PasswordResetRequestDialog',
  { texts: 'account' },
);

/**
 * The portal's login page (react-admin's `loginPage`, e.g. after the session ended): the shared
 * login view with react-admin's login and texts. A first visit gets the same view from the light
 * login entry (src/client/login/LoginEntry.tsx).
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const variant = useVariant();
  return (
    <LoginView variant={variant} translate={translate} onLogin={login}>
      <ForgotPasswordLink
        label={translate('account.forgotPassword')}
        dialog={(props) => <PasswordResetRequestDialog {...props} />}
      />
    </LoginView>
  );
}
