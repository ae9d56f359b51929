import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'ra-core';
import { buildCatalogues, type CatalogueSources, lastSegment } from './catalogue';

type Tree = CatalogueSources['generated']['en'];

export interface I18nSources {
  /** German now; English as it is or as a loader (its own chunk, fetched when someone switches) */
  generated: { de: Tree; en: Tree | (() => Promise<Tree>) };
  wording: CatalogueSources['wording'];
}

/**
 * react-admin's i18nProvider: German by default, English as the fallback (merged under German),
 * and the last key segment when neither catalogue knows a key. With English as a loader, German is
 * built without the generated English catalogue (the generated German one has every key of it, see
 * catalogue.spec.ts) and English is fetched on the switch to it (issue 13: the portal's first load).
 *
 * @example createI18nProvider({ generated: { de, en: () => import('en.json').then((m) => m.default) }, wording })
 */
export function createI18nProvider({ generated, wording }: I18nSources): I18nProvider {
  const { de, en } = generated;
  const now = buildCatalogues({ generated: { de, en: typeof en === 'function' ? {} : en }, wording });
  let english: Promise<typeof now.en> | null = null;
  return polyglotI18nProvider(
    (locale) => {
      if (locale !== 'en') return now.de;
      if (typeof en !== 'function') return now.en;
      english ??= en().then((tree) => buildCatalogues({ generated: { de, en: tree }, wording }).en);
      return english;
    },
    'de',
    [
      { locale: 'de', name: 'Deutsch' },
      { locale: 'en', name: 'English' },
    ],
    { allowMissing: true, onMissingKey: (key: string) => lastSegment(key) },
  );
}
