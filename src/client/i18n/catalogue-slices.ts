import { isTree } from './catalogue.ts';

/**
 * Slices of the German catalogue for the first page (issue 13), so it does not download every text
 * of the portal; vite.config.ts serves each as a virtual module.
 * `virtual:kontor-login-catalogue` — the login page's own texts (the server sends its refusals in
 * German); `virtual:kontor-password-reset-catalogue` — what the "Passwort vergessen?" dialog adds
 * (the server's messages, fields, validation, its form), loaded when it opens;
 * `virtual:kontor-shell-catalogue` — what the shell around every page shows (failure pages, cookie
 * banner, the chunk loader); `virtual:kontor-portal-catalogue` — what the portal's first page (the
 * layout around every page and the dashboard) shows, and `virtual:kontor-portal-rest-catalogue` —
 * everything else (the other pages, the dialogs, the forms, the commands), its own chunk that every
 * other page and dialog waits for (`loadAllTexts` in i18n-provider.ts, `lazyPage`).
 * A key the first page shows but that is missing here shows its last segment until the rest has
 * come: `portal-catalogue.spec.ts` checks the keys the first page's modules name.
 */
export const PORTAL_FIRST_PAGE = [
  'account.forgotPassword',
  'adminUi',
  'fields.sapNumber',
  'pages.common',
  'pages.dashboard',
  'pages.notifications',
  'selfservice',
  'ui.contact',
  'ui.dashboard',
  'ui.list',
  'ui.login',
  'ui.nav',
  'ui.toolbar',
  'ui.userMenu',
  'variantComparison',
  'resources',
  'permissions',
  'adminPermissions',
  'roles',
  // the enumerations the layout (user summary, notifications) and the dashboard's widgets show
  'enums.creditorStatus',
  'enums.notificationStatus',
  'enums.creditorVoucherType',
  'enums.dunningType',
  'enums.voucherType',
  'messages.badCredentials',
  'messages.cookies',
  'messages.creditorStatus',
  'messages.failurePage',
  'messages.masterData',
  'messages.serverError',
];

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
  'virtual:kontor-portal-catalogue': PORTAL_FIRST_PAGE,
};

/** Slices that are the rest of another: the catalogue without that one's parts. */
export const CATALOGUE_RESTS: Record<string, string> = {
  'virtual:kontor-portal-rest-catalogue': 'virtual:kontor-portal-catalogue',
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

/**
 * The catalogue without the parts named by dotted paths (the complement of `sliceCatalogue`);
 * `mergeTrees(sliceCatalogue(c, parts), omitCatalogue(c, parts))` is `c` again. Areas left empty
 * are dropped, the `$comment` header too.
 *
 * @example omitCatalogue({ ui: { a: 'A', b: 'B' } }, ['ui.a']) // { ui: { b: 'B' } }
 */
export function omitCatalogue(catalogue: Record<string, unknown>, parts: string[]): Record<string, unknown> {
  const omit = (tree: Record<string, unknown>, paths: string[][]): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(tree)) {
      if (key === '$comment') continue;
      const below = paths.filter((p) => p[0] === key);
      if (below.some((p) => p.length === 1)) continue;
      if (below.length === 0 || !isTree(value)) {
        out[key] = value;
        continue;
      }
      const rest = omit(value, below.map((p) => p.slice(1)));
      if (Object.keys(rest).length > 0) out[key] = rest;
    }
    return out;
  };
  return omit(catalogue, parts.map((part) => part.split('.')));
}
