import type { ThemeOptions } from '@mui/material';
import { deDE } from '@mui/material/locale';
import type { VariantConfig } from '../../shared/config-types';

/**
 * A variant's colours and Kontor's accessibility rules laid over a base theme — react-admin's
 * default theme for the portal (`variantTheme`), a few of its values for the light login entry
 * (`loginTheme`), which must not import react-admin. `contrastThreshold: 4.5` makes MUI choose
 * text colours that meet WCAG AA on the brand colours; `loadingLabel` names every spinner that
 * does not name itself. MUI's German locale (`deDE`) gives its own components' words — the pager's
 * "Zur nächsten Seite", "Zeilen pro Seite", "1–10 von 42" — instead of English defaults.
 *
 * @example createTheme(kontorThemeOptions(variant, de.selfservice.loader.loading, base))
 */
export function kontorThemeOptions<T extends ThemeOptions>(variant: VariantConfig, loadingLabel: string, base: T): T {
  return {
    ...base,
    palette: {
      ...base.palette,
      contrastThreshold: 4.5,
      primary: { main: variant.theme.primary },
      secondary: { main: variant.theme.secondary },
      ...(variant.theme.background ? { background: { default: variant.theme.background } } : {}),
    },
    components: {
      ...withGermanDefaults(base.components),
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

type Components = NonNullable<ThemeOptions['components']>;

/** The base theme's components over MUI's German ones, their default props merged (both set the Autocomplete's). */
function withGermanDefaults(components: ThemeOptions['components']): Components {
  const german = deDE.components as Record<string, { defaultProps?: object }>;
  const merged: Record<string, unknown> = { ...german };
  for (const [name, own] of Object.entries((components ?? {}) as Record<string, { defaultProps?: object }>)) {
    merged[name] = { ...german[name], ...own, defaultProps: { ...german[name]?.defaultProps, ...own?.defaultProps } };
  }
  return merged as Components;
}
