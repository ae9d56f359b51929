import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'ra-core';
import { buildCatalogues, type CatalogueSources, lastSegment } from './catalogue';

/**
 * react-admin's i18nProvider: German by default, English as the fallback (merged under German),
 * and the last key segment when neither catalogue knows a key.
 *
 * @example createI18nProvider({ generated: { de, en }, wording: variant.wording })
 */
export function createI18nProvider(sources: CatalogueSources): I18nProvider {
  const catalogues = buildCatalogues(sources);
  return polyglotI18nProvider(
    (locale) => (locale === 'en' ? catalogues.en : catalogues.de),
    'de',
    [
      { locale: 'de', name: 'Deutsch' },
      { locale: 'en', name: 'English' },
    ],
    { allowMissing: true, onMissingKey: (key: string) => lastSegment(key) },
  );
}
