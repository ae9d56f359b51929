import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'ra-core';
import { buildCatalogues, type CatalogueSources, lastSegment, mergeTrees } from './catalogue';
import type { FormPageTexts } from './catalogue-slices';

type Tree = CatalogueSources['generated']['en'];

/** The English side: the generated catalogue and react-admin's own English texts. */
export interface EnglishTexts {
  generated: Tree;
  ra: Tree;
}

/**
 * The texts a page needs beyond the first page's: a resource list's (with its detail panel), a
 * page's that opens on a form (`PORTAL_FORM_PAGES`: the password pages, the onboarding), or every
 * text (the other pages, the dialogs, the forms).
 */
export type CataloguePart = 'list' | FormPageTexts | 'all';

/** The chunks of the German catalogue beyond the first page's slice (see `I18nSources.later`). */
type LaterSlice = 'list' | 'rest' | 'listRest' | FormPageTexts;

export interface I18nSources {
  /**
   * German now (the whole catalogue, or the first page's slice of it with `later`); English as it
   * is or as a loader (its own chunk, fetched when someone switches)
   */
  generated: { de: Tree; en: EnglishTexts | (() => Promise<EnglishTexts>) };
  /**
   * the rest of the German catalogue, fetched by `loadTexts`: what a list adds to the first page
   * (`list`), everything beyond the first page (`rest`), everything beyond the first page and the
   * list (`listRest`, for a dialog opened on a list), and what a page that opens on a form adds
   * (`account`, `onboarding`)
   */
  later?: Record<LaterSlice, () => Promise<Tree>>;
  wording: CatalogueSources['wording'];
}

/** react-admin's i18nProvider, and the promises of the German catalogue's later parts. */
export interface KontorI18nProvider extends I18nProvider {
  /**
   * Fetches the texts of `part` once and lays them into the translations; resolves when they
   * translate. Pages and dialogs beyond the first page wait for theirs before they render
   * (`lazyPage`, `catalogueReady`), so no key shows in place of its text. Each route fetches one
   * chunk of texts: a list fetches the list's, a page that opens on a form its own; another page
   * everything beyond the first page, or only what the list's lacks once the list's has come. (A
   * form page's texts come again with the rest when another page follows: ~12 KB once, the price
   * of not splitting the rest by every set of pages seen before.)
   */
  loadTexts: (part: CataloguePart) => Promise<void>;
  /** `loadTexts('all')`: resolves when every text translates. */
  loadAllTexts: () => Promise<void>;
}

/**
 * react-admin's i18nProvider: German by default, English as the fallback (merged under German),
 * and the last key segment when neither catalogue knows a key. With English as a loader, German is
 * built without the generated English catalogue (the generated German one has every key of it, see
 * catalogue.spec.ts) and English (with react-admin's English texts) is fetched on the switch to it.
 * With `later`, German starts from the first page's slice and gets the list's and the rest from
 * `loadTexts` (issues 13 and 32: the portal's first load, a list's download).
 *
 * @example createI18nProvider({ generated: { de, en: () => import('en.json').then(…) }, later: { list, rest }, wording })
 */
export function createI18nProvider({ generated, later, wording }: I18nSources): KontorI18nProvider {
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
        (texts) =>
          buildCatalogues({ generated: { de, en: texts.generated }, raEnglish: texts.ra, wording }).en,
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
  /** the locale last asked for (the provider's own changes only once its messages are there) */
  let wanted = 'de';
  const loading: Partial<Record<LaterSlice, Promise<void>>> = {};
  const load = (slice: LaterSlice): Promise<void> => {
    if (!later) return Promise.resolve();
    loading[slice] ??= later[slice]().then(
      async (tree) => {
        de = mergeTrees(de, tree);
        now = build();
        // the provider's German translations are rebuilt with the new texts (unless a switch to
        // English is under way or done: German is built anew on the switch back)
        if (wanted === 'de') await provider.changeLocale('de');
      },
      (error: unknown) => {
        delete loading[slice]; // a failed fetch (a chunk error) is tried again next time
        throw error;
      },
    );
    return loading[slice];
  };
  const loadTexts = async (part: CataloguePart) => {
    if (loading.rest) return loading.rest; // every text beyond the first page has come or is coming
    if (part === 'list') return load('list');
    if (part !== 'all') return load(part);
    if (loading.list) {
      await Promise.all([loading.list, load('listRest')]);
      return;
    }
    return load('rest');
  };
  const changeLocale = (locale: string) => {
    wanted = locale;
    return provider.changeLocale(locale);
  };
  return { ...provider, changeLocale, loadTexts, loadAllTexts: () => loadTexts('all') };
}
