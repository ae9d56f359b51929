import { createTheme } from '@mui/material/styles';
import { defaultTheme } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { variants } from '../../../generated/variants';
import { variantTheme } from '../variant/variant-theme';
import { LOGIN_THEME_BASE, loginTheme } from './login-theme';

/** Every leaf of a tree with its path: `[['palette.background.default', '#fafafb'], …]`. */
const leaves = (tree: object, prefix = ''): [string, unknown][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leaves(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
const at = (tree: unknown, path: string) =>
  path.split('.').reduce<any>((node, key) => node?.[key], tree);

describe('loginTheme', () => {
  it('copies only values that react-admin’s default theme has', () => {
    for (const [path, value] of leaves(LOGIN_THEME_BASE)) expect(at(defaultTheme, path), path).toEqual(value);
  });

  it.each(Object.keys(variants))('looks like the portal’s theme for %s where the login page shows it', (code) => {
    const variant = variants[code];
    const login = loginTheme(variant, 'Lädt');
    const portal = createTheme(variantTheme(variant, 'Lädt'));
    for (const path of [
      'palette.primary.main',
      'palette.primary.contrastText',
      'palette.secondary.main',
      'palette.background.default',
      'palette.text.primary',
      'typography.h5',
      'typography.h6',
      'typography.body2',
      'components.MuiTextField.defaultProps',
      'components.MuiFilledInput.styleOverrides',
      'components.MuiButtonBase.styleOverrides',
      'components.MuiCircularProgress.defaultProps',
    ]) {
      expect(at(login, path), path).toEqual(at(portal, path));
    }
  });
});
