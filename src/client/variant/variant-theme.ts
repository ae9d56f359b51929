import { defaultTheme, type RaThemeOptions } from 'react-admin';
import type { VariantConfig } from '../../shared/config-types';
import { kontorThemeOptions } from './theme-options';

/**
 * The MUI theme of a variant in the portal: react-admin's default theme with the variant's colours
 * and Kontor's accessibility rules (`kontorThemeOptions`).
 *
 * @example <Admin theme={variantTheme(variant, de.selfservice.loader.loading)} />
 */
export function variantTheme(variant: VariantConfig, loadingLabel: string): RaThemeOptions {
  return kontorThemeOptions(variant, loadingLabel, defaultTheme);
}
