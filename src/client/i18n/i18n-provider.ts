import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'ra-core';
import { buildCatalogues, type CatalogueSources, lastSegment, mergeTrees } from './catalogue';

type Tree = CatalogueSources['generated']['en'];

/** The English side: the generated catalogue and react-admin's own English texts. */
export interface EnglishTexts {
  generated: Tree;
  ra: Tree;
}

export interface I18nSources {
  /**
   * German now (the whole catalogue, or the first page's slice of it with `rest`); English as it is
   * or as a loader (its own chunk, fetched when someone switches)
   */
  generated: { de: Tree; en: EnglishTexts | (() => Promise<EnglishTexts>) };
  /** the rest of the German catalogue (its own chunk), fetched by `loadAllTexts` */
  rest?: () => Promise<Tree>;
  wording: CatalogueSources['wording'];
}

/** react-admin's i18nProvider, and the promise of the whole German catalogue. */
export interface KontorI18nProvider extends I18nProvider {
  /**
   * Fetches the rest of the German catalogue once and lays it into the translations; resolves when
   * every text translates. Pages and dialogs beyond the first page wait for it before they render
   * (`lazyPage`, `catalogueReady`), so no key ever shows in place of its text.
   */
  loadAllTexts: () => Promise<void>;
}

/**
 * react-admin's i18nProvider: German by default, English as the fallback (merged under German),
 * and the last key segment when neither catalogue knows a key. With English as a loader, German is
 * built without the generated English catalogue (the generated German one has every key of it, see
 * catalogue.spec.ts) and English (with react-admin's English texts) is fetched on the switch to it.
 * With `rest`, German starts from the first page's slice and gets the rest from `loadAllTexts`
 * (issue 13: the portal's first load).
 *
 * @example createI18nProvider({ generated: { de, en: () => import('en.json').then(…) }, rest, wording })
 */
export function createI18nProvider({ generated, rest, wording }: I18nSources): KontorI18nProvider {
  const { en } = generated;
  let de = generated.de;
  const build = () =>
    buildCatalogues({
      generated: { de, en: typeof en === 'function' ? {} : en.generated },
      raEnglish: typeof en === 'function' ? {} : en.ra,
      wording,
    });
  let now = build();
  let english: Promise<typeof now.en> | null = null;
  const provider = polyglotI18nProvider(
    (locale) => {
      if (locale !== 'en') return now.de;
      if (typeof en !== 'function') return now.en;
      english ??= en().then(
        (texts) => buildCatalogues({ generated: { de, en: texts.generated }, raEnglish: texts.ra, wording }).en,
      );
      return english;
    },
    'de',
    [
      { locale: 'de', name: 'Deutsch' },
      { locale: 'en', name: 'English' },
    ],
    { allowMissing: true, onMissingKey: (key: string) => lastSegment(key) },
  );
  let all: Promise<void> | null = rest ? null : Promise.resolve();
  /** the locale last asked for (the provider's own changes only once its messages are there) */
  let wanted = 'de';
  const loadAllTexts = () => {
    all ??= (rest as () => Promise<Tree>)().then(
      async (tree) => {
        de = mergeTrees(de, tree);
        now = build();
        // the provider's German translations are rebuilt from the whole catalogue (unless a switch
        // to English is under way or done: German is built anew on the switch back)
        if (wanted === 'de') await provider.changeLocale('de');
      },
      (error: unknown) => {
        all = null; // a failed fetch (a chunk error) is tried again next time
        throw error;
      },
    );
    return all;
  };
  const changeLocale = (locale: string) => {
    wanted = locale;
    return provider.changeLocale(locale);
  };
  return { ...provider, changeLocale, loadAllTexts };
}
