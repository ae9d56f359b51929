import { describe, expect, it, vi } from 'vitest';
import de from '../../../generated/i18n/de.json';
import en from '../../../generated/i18n/en.json';
import { variants } from '../../../generated/variants';
import { createI18nProvider } from './i18n-provider';

const leaves = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leaves(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('createI18nProvider with English as a loader', () => {
  it('relies on a generated German catalogue that has every key of the English one', () => {
    const german = new Set(leaves(de));
    expect(leaves(en).filter((key) => key !== '$comment' && !german.has(key))).toEqual([]);
  });

  it('translates German as with English at hand, and fetches English only on the switch', async () => {
    const wording = variants.TPF.wording;
    const loader = vi.fn(async () => en);
    const lazy = createI18nProvider({ generated: { de, en: loader }, wording });
    const eager = createI18nProvider({ generated: { de, en }, wording });
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
