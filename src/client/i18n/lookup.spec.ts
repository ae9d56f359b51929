import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import de from '../../../generated/i18n/de.json';
import en from '../../../generated/i18n/en.json';
import { variants } from '../../../generated/variants';
import { CATALOGUE_SLICES, sliceCatalogue } from './catalogue-slices';
import { createI18nProvider } from './i18n-provider';
import { lookupText, plainTranslate } from './lookup';
import { raGerman } from './ra-german';

/** Every key the login page shows (src/client/login/LoginView.tsx, LoginEntry.tsx). */
const LOGIN_KEYS = [
  'ui.login.title',
  'ra.auth.email',
  'ra.auth.password',
  'ra.auth.sign_in',
  'messages.badCredentials',
  'account.forgotPassword',
  'selfservice.loader.loading',
];

describe('plainTranslate', () => {
  it('takes the wording first, then the catalogues in order, then the last key segment', () => {
    const translate = plainTranslate([{ a: { b: 'erster' } }, { a: { b: 'zweiter', c: 'nur zweiter' } }], {
      'a.c': 'Wortlaut',
    });
    expect(translate('a.b')).toBe('erster');
    expect(translate('a.c')).toBe('Wortlaut');
    expect(translate('a.unbekannt')).toBe('unbekannt');
    expect(lookupText({ a: { b: 'x' } }, 'a')).toBeUndefined();
  });

  it.each(Object.keys(variants))(
    'shows the login page’s texts of %s as the portal does, from the login slice alone',
    (code) => {
      const variant = variants[code];
      const slice = sliceCatalogue(de, CATALOGUE_SLICES['virtual:kontor-login-catalogue']);
      const light = plainTranslate([slice, raGerman as unknown as Record<string, unknown>], variant.wording.de);
      const portal = createI18nProvider({ generated: { de, en: { generated: en, ra: englishMessages as unknown as Record<string, unknown> } }, wording: variant.wording });
      for (const key of LOGIN_KEYS) {
        expect(light(key), key).toBe(portal.translate(key));
        expect(light(key), key).not.toBe(key.slice(key.lastIndexOf('.') + 1));
      }
    },
  );
});
