import englishMessages from 'ra-language-english';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../generated/i18n/de.json';
import en from '../../../generated/i18n/en.json';
import { variants } from '../../../generated/variants';
import { mergeTrees } from './catalogue';
import {
  CATALOGUE_SLICES,
  catalogueSlice,
  formPageSlice,
  omitCatalogue,
  PORTAL_FIRST_PAGE,
  sliceCatalogue,
} from './catalogue-slices';
import { createI18nProvider } from './i18n-provider';

const leaves = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leaves(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
const english = { generated: en, ra: englishMessages as unknown as Record<string, unknown> };
const at = (tree: object, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('createI18nProvider with English as a loader', () => {
  it('relies on a generated German catalogue that has every key of the English one', () => {
    const german = new Set(leaves(de));
    expect(leaves(en).filter((key) => key !== '$comment' && !german.has(key))).toEqual([]);
  });

  it('translates German as with English at hand, and fetches English only on the switch', async () => {
    const wording = variants.TPF.wording;
    const loader = vi.fn(async () => english);
    const lazy = createI18nProvider({ generated: { de, en: loader }, wording });
    const eager = createI18nProvider({ generated: { de, en: english }, wording });
    for (const key of leaves(de)
      .filter((key) => key !== '$comment')
      .slice(0, 400)) {
      expect(lazy.translate(key, { _: key }), key).toBe(eager.translate(key, { _: key }));
    }
    expect(lazy.translate('ra.auth.logout')).toBe('Abmelden');
    expect(loader).not.toHaveBeenCalled();

    await lazy.changeLocale('en');
    await eager.changeLocale('en');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(lazy.translate('ui.login.title')).toBe(eager.translate('ui.login.title'));
    expect(lazy.translate('ra.auth.logout')).toBe('Logout');
  });
});

describe('createI18nProvider with the first page’s slice and the rest as a loader', () => {
  const first = sliceCatalogue(de, CATALOGUE_SLICES['virtual:kontor-portal-catalogue']);
  const restOf = omitCatalogue(de, PORTAL_FIRST_PAGE);
  const listOf = catalogueSlice(de, 'virtual:kontor-portal-list-catalogue');
  const listRestOf = catalogueSlice(de, 'virtual:kontor-portal-list-rest-catalogue');
  const accountOf = catalogueSlice(de, formPageSlice('account'));
  const onboardingOf = catalogueSlice(de, formPageSlice('onboarding'));
  const loaders = (rest = vi.fn(async () => restOf)) => ({
    list: vi.fn(async () => listOf),
    rest,
    listRest: vi.fn(async () => listRestOf),
    account: vi.fn(async () => accountOf),
    onboarding: vi.fn(async () => onboardingOf),
  });
  const whole = (code: string) =>
    createI18nProvider({ generated: { de, en: async () => english }, wording: variants[code].wording });
  const translatesAll = (sliced: ReturnType<typeof createI18nProvider>, code: string, keys = leaves(de)) => {
    const all = whole(code);
    for (const key of keys.filter((key) => key !== '$comment')) {
      expect(sliced.translate(key, { _: key }), key).toBe(all.translate(key, { _: key }));
    }
  };

  it('splits the catalogue into two parts that together are the whole', () => {
    const { $comment: _ignored, ...whole } = de;
    expect(mergeTrees(first, restOf)).toEqual(whole);
    const firstKeys = new Set(leaves(first));
    expect(leaves(restOf).filter((key) => firstKeys.has(key))).toEqual([]);
    expect(catalogueSlice(de, 'virtual:kontor-portal-rest-catalogue')).toEqual(restOf);
  });

  it('splits the rest into the list’s texts and the list’s rest, disjoint, together the rest', () => {
    expect(mergeTrees(listOf, listRestOf)).toEqual(restOf);
    const listKeys = new Set(leaves(listOf));
    expect(listKeys.size).toBeGreaterThan(100);
    expect(leaves(listRestOf).filter((key) => listKeys.has(key))).toEqual([]);
    expect(leaves(first).filter((key) => listKeys.has(key))).toEqual([]);
    // a `*` path: every form's title, none of its fields
    expect(at(listOf, 'forms.createDebtor.title')).toBe(at(de, 'forms.createDebtor.title'));
    expect(at(listOf, 'forms.createDebtor.fields')).toBeUndefined();
    expect(at(listRestOf, 'forms.createDebtor.fields')).toEqual(at(de, 'forms.createDebtor.fields'));
  });

  it('fetches the list’s texts for a list, then only what they lack for a dialog, one chunk each', async () => {
    const later = loaders();
    const sliced = createI18nProvider({
      generated: { de: first, en: async () => english },
      later,
      wording: variants.TPF.wording,
    });
    await Promise.all([sliced.loadTexts('list'), sliced.loadTexts('list')]);
    expect(later.list).toHaveBeenCalledTimes(1);
    expect(later.rest).not.toHaveBeenCalled();
    translatesAll(sliced, 'TPF', leaves(listOf));
    await sliced.loadTexts('all');
    expect(later.listRest).toHaveBeenCalledTimes(1);
    expect(later.rest).not.toHaveBeenCalled();
    translatesAll(sliced, 'TPF');
  });

  it('fetches the whole rest for another page, and nothing more for a list after it', async () => {
    const later = loaders();
    const sliced = createI18nProvider({
      generated: { de: first, en: async () => english },
      later,
      wording: variants.TPF.wording,
    });
    await sliced.loadTexts('all');
    await sliced.loadTexts('list');
    expect(later.rest).toHaveBeenCalledTimes(1);
    expect(later.list).not.toHaveBeenCalled();
    expect(later.listRest).not.toHaveBeenCalled();
    translatesAll(sliced, 'TPF');
  });

  it('fetches a form page’s own texts only, and the whole rest for the page after it', async () => {
    const later = loaders();
    const sliced = createI18nProvider({
      generated: { de: first, en: async () => english },
      later,
      wording: variants.TPF.wording,
    });
    await Promise.all([sliced.loadTexts('account'), sliced.loadTexts('account')]);
    expect(later.account).toHaveBeenCalledTimes(1);
    for (const other of [later.rest, later.list, later.listRest, later.onboarding])
      expect(other).not.toHaveBeenCalled();
    translatesAll(sliced, 'TPF', leaves(accountOf));
    // the password forms and their commands: there; a list's entities, other commands: not yet
    expect(sliced.translate('forms.passwordReset.title')).toBe(
      whole('TPF').translate('forms.passwordReset.title'),
    );
    expect(
      leaves(accountOf).some(
        (key) => key.startsWith('commands.createDebtor.') || key.startsWith('entities.'),
      ),
    ).toBe(false);
    await sliced.loadTexts('all');
    expect(later.rest).toHaveBeenCalledTimes(1);
    translatesAll(sliced, 'TPF');
    // once the rest has come, a form page fetches nothing more
    await sliced.loadTexts('onboarding');
    expect(later.onboarding).not.toHaveBeenCalled();
  });

  it.each(Object.keys(variants))(
    'translates every key of %s as the whole catalogue once the rest has come',
    async (code) => {
      const wording = variants[code].wording;
      const later = loaders();
      const { rest } = later;
      const sliced = createI18nProvider({
        generated: { de: first, en: async () => english },
        later,
        wording,
      });
      translatesAll(sliced, code, leaves(first));
      expect(rest).not.toHaveBeenCalled();

      await Promise.all([sliced.loadAllTexts(), sliced.loadAllTexts()]);
      expect(rest).toHaveBeenCalledTimes(1);
      translatesAll(sliced, code);
      // back from English, German has every text
      await sliced.changeLocale('en');
      await sliced.changeLocale('de');
      const key = leaves(restOf).find((candidate) => candidate.startsWith('commands.')) ?? '';
      expect(sliced.translate(key)).toBe(whole(code).translate(key));
      expect(sliced.translate(key)).not.toBe(key.slice(key.lastIndexOf('.') + 1));
    },
  );

  it('tries the rest again after a failed fetch', async () => {
    const rest = vi.fn().mockRejectedValueOnce(new Error('chunk')).mockResolvedValueOnce(restOf);
    const sliced = createI18nProvider({
      generated: { de: first, en: async () => english },
      later: loaders(rest),
      wording: variants.TPF.wording,
    });
    await expect(sliced.loadAllTexts()).rejects.toThrow('chunk');
    await sliced.loadAllTexts();
    expect(rest).toHaveBeenCalledTimes(2);
  });
});
