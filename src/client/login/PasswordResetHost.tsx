import { CoreAdminContext, type DataProvider } from 'ra-core';
import { useMemo } from 'react';
import { Notification } from 'react-admin';
import de from 'virtual:kontor-password-reset-catalogue';
import type { VariantConfig } from '../../shared/config-types';
import { createI18nProvider } from '../i18n/i18n-provider';
import { PasswordResetRequestDialog } from '../pages/account/PasswordResetRequestDialog';
import { VariantProvider } from '../variant/VariantContext';

const noData = new Proxy({} as DataProvider, {
  get: () => () => Promise.reject(new Error('the login page reads no data')),
});

/**
 * "Passwort vergessen?" on the light login entry: the form dialog needs react-admin's context
 * (texts, notifications), so this chunk brings it, only when the link is clicked. Stays mounted
 * after the dialog closes: its answer is react-admin's snackbar.
 */
export function PasswordResetHost({
  variant,
  open,
  onClose,
}: {
  variant: VariantConfig;
  open: boolean;
  onClose: () => void;
}) {
  // German only: every text of the dialog exists in German (English is just the fallback)
  const i18nProvider = useMemo(
    () => createI18nProvider({ generated: { de, en: { generated: {}, ra: {} } }, wording: variant.wording }),
    [variant],
  );
  return (
    <VariantProvider variant={variant}>
      <CoreAdminContext i18nProvider={i18nProvider} dataProvider={noData}>
        <PasswordResetRequestDialog open={open} onClose={onClose} />
        <Notification />
      </CoreAdminContext>
    </VariantProvider>
  );
}
