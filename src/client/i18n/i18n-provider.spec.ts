import englishMessages from 'ra-language-english';
import { describe, expect, it, vi } from 'vitest';
import de from '../../../generated/i18n/de.json';
import en from '../../../generated/i18n/en.json';
import { variants } from '../../../generated/variants';
import { mergeTrees } from './catalogue';
import { CATALOGUE_SLICES, omitCatalogue, PORTAL_FIRST_PAGE, sliceCatalogue } from './catalogue-slices';
import { createI18nProvider } from './i18n-provider';

const leaves = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leaves(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
const english = { generated: en, ra: englishMessages as unknown as Record<string, unknown> };

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
    for (const key of leaves(de).filter((key) => key !== '$comment').slice(0, 400)) {
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

  it('splits the catalogue into two parts that together are the whole', () => {
    const { $comment: _ignored, ...whole } = de;
    expect(mergeTrees(first, restOf)).toEqual(whole);
    const firstKeys = new Set(leaves(first));
    expect(leaves(restOf).filter((key) => firstKeys.has(key))).toEqual([]);
  });

  it.each(Object.keys(variants))('translates every key of %s as the whole catalogue once the rest has come', async (code) => {
    const wording = variants[code].wording;
    const rest = vi.fn(async () => restOf);
    const sliced = createI18nProvider({ generated: { de: first, en: async () => english }, rest, wording });
    const whole = createI18nProvider({ generated: { de, en: async () => english }, wording });
    for (const key of leaves(first)) expect(sliced.translate(key, { _: key }), key).toBe(whole.translate(key, { _: key }));
    expect(rest).not.toHaveBeenCalled();

    await Promise.all([sliced.loadAllTexts(), sliced.loadAllTexts()]);
    expect(rest).toHaveBeenCalledTimes(1);
    for (const key of leaves(de).filter((key) => key !== '$comment')) {
      expect(sliced.translate(key, { _: key }), key).toBe(whole.translate(key, { _: key }));
    }
    // back from English, German has every text
    await sliced.changeLocale('en');
    await sliced.changeLocale('de');
    const key = leaves(restOf).find((candidate) => candidate.startsWith('commands.')) ?? '';
    expect(sliced.translate(key)).toBe(whole.translate(key));
    expect(sliced.translate(key)).not.toBe(key.slice(key.lastIndexOf('.') + 1));
  });

  it('tries the rest again after a failed fetch', async () => {
    const rest = vi.fn().mockRejectedValueOnce(new Error('chunk')).mockResolvedValueOnce(restOf);
    const sliced = createI18nProvider({ generated: { de: first, en: async () => english }, rest, wording: variants.TPF.wording });
    await expect(sliced.loadAllTexts()).rejects.toThrow('chunk');
    await sliced.loadAllTexts();
    expect(rest).toHaveBeenCalledTimes(2);
  });
});
