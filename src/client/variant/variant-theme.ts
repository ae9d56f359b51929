import { defaultTheme, type RaThemeOptions } from 'react-admin';
import type { VariantConfig } from '../../shared/config-types';

/**
 * The MUI theme of a variant: react-admin's default theme with the variant's colours.
 * `contrastThreshold: 4.5` makes MUI choose text colours that meet WCAG AA on the brand colours.
 *
 * `loadingLabel` names every spinner that does not name itself (react-admin's own indicators).
 *
 * @example <Admin theme={variantTheme(variant, de.selfservice.loader.loading)} />
 */
export function variantTheme(variant: VariantConfig, loadingLabel: string): RaThemeOptions {
  return {
    ...defaultTheme,
    palette: {
      ...defaultTheme.palette,
      contrastThreshold: 4.5,
      primary: { main: variant.theme.primary },
      secondary: { main: variant.theme.secondary },
      ...(variant.theme.background ? { background: { default: variant.theme.background } } : {}),
    },
    components: {
      ...defaultTheme.components,
      MuiButtonBase: {
        styleOverrides: {
          root: {
            // keyboard users must always see where they are
            '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 },
          },
        },
      },
      // every spinner has a name; one that names what it waits for overrides this
      MuiCircularProgress: { defaultProps: { 'aria-label': loadingLabel } },
      MuiTableRow: {
        styleOverrides: {
          root: { '&:focus-visible': { outline: '2px solid', outlineOffset: -2 } },
        },
      },
    },
  };
}
