import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import type { VariantConfig } from '../../shared/config-types';
import { kontorThemeOptions } from '../variant/theme-options';

/**
 * The values of react-admin's default theme that the login page shows (its background, the filled
 * small inputs, the h6 weight), so the light login entry looks like the portal's login page without
 * importing react-admin. login-theme.spec.ts holds them equal to react-admin's.
 */
export const LOGIN_THEME_BASE = {
  palette: { background: { default: '#fafafb' } },
  typography: { h6: { fontWeight: 400 } },
  components: {
    MuiTextField: { defaultProps: { variant: 'filled', margin: 'dense', size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { variant: 'filled', margin: 'dense', size: 'small', fullWidth: true } },
    MuiFilledInput: {
      styleOverrides: {
        root: { backgroundColor: 'rgba(0, 0, 0, 0.04)', '&$disabled': { backgroundColor: 'rgba(0, 0, 0, 0.04)' } },
      },
    },
  },
} satisfies ThemeOptions;

/**
 * The MUI theme of the light login entry: the variant's colours and Kontor's accessibility rules
 * (`kontorThemeOptions`, as in the portal) over `LOGIN_THEME_BASE`.
 *
 * @example <ThemeProvider theme={loginTheme(variant, de.selfservice.loader.loading)} />
 */
export function loginTheme(variant: VariantConfig, loadingLabel: string): Theme {
  return createTheme(kontorThemeOptions(variant, loadingLabel, LOGIN_THEME_BASE as ThemeOptions));
}
