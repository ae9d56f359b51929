/**
 * Slices of the German catalogue for the first page (issue 13), so it does not download every text
 * of the portal; vite.config.ts serves each as a virtual module.
 * `virtual:kontor-login-catalogue` — the login page's own texts (the server sends its refusals in
 * German); `virtual:kontor-password-reset-catalogue` — what the "Passwort vergessen?" dialog adds
 * (the server's messages, fields, validation, its form), loaded when it opens;
 * `virtual:kontor-shell-catalogue` — what the shell around every page shows (failure pages, cookie
 * banner, the chunk loader).
 */
export const CATALOGUE_SLICES: Record<string, string[]> = {
  'virtual:kontor-login-catalogue': ['ui.login', 'account.forgotPassword', 'messages.badCredentials', 'selfservice.loader'],
  'virtual:kontor-password-reset-catalogue': [
    'account',
    'messages',
    'ui',
    'fields',
    'validation',
    'forms.passwordResetRequest',
    'selfservice.loader',
  ],
  'virtual:kontor-shell-catalogue': ['selfservice.session', 'selfservice.loader', 'messages.cookies', 'messages.failurePage'],
};

/**
 * The parts of a catalogue named by dotted paths, in the catalogue's shape.
 *
 * @example sliceCatalogue(de, ['ui.login']) // { ui: { login: { title: 'Anmelden' } } }
 */
export function sliceCatalogue(catalogue: Record<string, unknown>, parts: string[]): Record<string, unknown> {
  const slice: Record<string, unknown> = {};
  for (const part of parts) {
    const keys = part.split('.');
    let from: unknown = catalogue;
    let into = slice;
    for (const [i, key] of keys.entries()) {
      from = (from as Record<string, unknown> | undefined)?.[key];
      if (i === keys.length - 1) into[key] = from ?? {};
      else {
        into[key] ??= {};
        into = into[key] as Record<string, unknown>;
      }
    }
  }
  return slice;
}
