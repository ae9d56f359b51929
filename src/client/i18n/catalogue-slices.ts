import { commands } from '../../../generated/commands.ts';
import { forms } from '../../../generated/forms/index.ts';
import { enumForField } from '../forms/form-schema.ts';
import { isTree } from './catalogue.ts';

/**
 * Slices of the German catalogue for the first page (issue 13), so it does not download every text
 * of the portal; vite.config.ts serves each as a virtual module.
 * `virtual:kontor-login-catalogue` — the login page's own texts (the server sends its refusals in
 * German); `virtual:kontor-password-reset-catalogue` — what the "Passwort vergessen?" dialog adds
 * (the server's messages, fields, validation, its form), loaded when it opens;
 * `virtual:kontor-shell-catalogue` — what the shell around every page shows (failure pages, cookie
 * banner, the chunk loader); `virtual:kontor-portal-catalogue` — what the portal's first page (the
 * layout around every page and the dashboard) shows; `virtual:kontor-portal-list-catalogue` — what a
 * resource list and its detail panel add to it (issue 32: a list does not fetch the forms',
 * validation and other pages' texts); `virtual:kontor-portal-rest-catalogue` — everything beyond
 * the first page (the other pages, the dialogs, the forms, the commands), and
 * `virtual:kontor-portal-list-rest-catalogue` — the same without the list's texts (a dialog opened
 * on a list); `virtual:kontor-portal-<page>-catalogue` — what a page that opens on a form shows
 * (`PORTAL_FORM_PAGES`). Each is its own chunk that the pages and dialogs wait for (`loadTexts` in
 * i18n-provider.ts, `lazyPage`); a route fetches one of them.
 * A key the first page shows but that is missing here shows its last segment until the rest has
 * come: `portal-catalogue.spec.ts` checks the keys the first page's and the list's modules name.
 * A `*` in a path stands for every key at its level (`forms.*.title`: every form's title).
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

/**
 * What a resource list (`ResourceListPage`: filters, table, create and export buttons, the vouchers'
 * DATEV button) and its detail panel (values, tabs, action tiles) show beyond the first page: the
 * entities' and fields' labels, the enumerations, the action log's types, the forms' titles (the
 * tiles and the create button), the list's and detail's own texts and the date filter's. The
 * dialogs behind the buttons wait for the rest (`lazyPage`).
 */
export const PORTAL_LIST_PAGE = [
  'actionTypes',
  'datev.export.button',
  'entities',
  'enumGroups',
  'enums',
  'enumTitles',
  'fields',
  'forms.*.title',
  'ui.actions',
  'ui.date',
  'ui.detail',
  'ui.download',
  'ui.list',
  'ui.optional',
  'ui.placeholder',
  'ui.value',
  'validation.dateFormatHint',
  'validation.dateInvalid',
];

/**
 * The texts a page that opens on a form shows beyond the first page's, one slice per kind of page
 * (issue 32: such a page does not fetch the other pages', the lists' and the commands' texts). Each
 * holds the server's messages (a refusal is shown by its key), the form machinery's texts (`ui`,
 * `fields`, `validation`) and the page's own texts (`texts`), and for the forms it shows (`forms`)
 * what `formParts` derives from the generated configs; `portal-catalogue.spec.ts` checks each
 * against every key its page's modules name. A page other than these waits for the whole rest.
 * `account` — the password pages (change, reset, set from an invitation) and the "Passwort
 * vergessen?" dialog of the portal's login page; `onboarding` — the product request and application.
 * (Node only: vite.config.ts and the tests read it; the browser gets the slices as modules.)
 */
const FORM_PAGES = {
  account: {
    texts: [
      'account',
      'messages',
      // the form dialog's own texts and its widgets' (no detail, list, import or upload texts)
      'ui.form',
      'ui.optional',
      'ui.picker',
      'ui.placeholder',
      'ui.actions.running',
      'fields',
      'validation',
    ],
    forms: ['updatePassword', 'passwordReset', 'acceptInvitation', 'passwordResetRequest'],
  },
  onboarding: {
    texts: ['messages', 'ui.form', 'ui.optional', 'ui.picker', 'fields', 'validation', 'pages.onboarding'],
    forms: ['productRequest', 'productApplication'],
  },
};

/**
 * A form's parts of the catalogue, derived from the generated configs: its own texts, the commands
 * that take it (their labels and outcomes) and the enumerations its choices are labelled from
 * (`enumForField`, as the form shows them).
 */
function formParts(name: string): string[] {
  const form = forms[name];
  const taking = Object.values(commands).filter((command) => command.form === name);
  const choices = Object.entries(form.schema.properties ?? {}).flatMap(([field, property]) => {
    const { enum: values, items } = property as { enum?: unknown[]; items?: { enum?: unknown[] } };
    const named = (form.uiSchema[field] as { 'ui:options'?: { enum?: string } } | undefined)?.['ui:options']
      ?.enum;
    const found = values || items?.enum ? enumForField(field, values ?? items?.enum ?? [], named) : undefined;
    return found ? [`enums.${found.name}`] : [];
  });
  return [`forms.${name}`, ...taking.map((command) => `commands.${command.name}`), ...choices];
}

export const PORTAL_FORM_PAGES = Object.fromEntries(
  Object.entries(FORM_PAGES).map(([kind, page]) => [
    kind,
    [...new Set([...page.texts, ...page.forms.flatMap(formParts)])],
  ]),
) as Record<keyof typeof FORM_PAGES, string[]>;

/** A kind of page with a slice of its own (`PORTAL_FORM_PAGES`). */
export type FormPageTexts = keyof typeof PORTAL_FORM_PAGES;

/** The virtual module of a form page's slice. */
export const formPageSlice = (page: FormPageTexts): string => `virtual:kontor-portal-${page}-catalogue`;

export const CATALOGUE_SLICES: Record<string, string[]> = {
  'virtual:kontor-login-catalogue': [
    'ui.login',
    'account.forgotPassword',
    'messages.badCredentials',
    'selfservice.loader',
  ],
  'virtual:kontor-password-reset-catalogue': [
    'account',
    'messages',
    'ui',
    'fields',
    'validation',
    'forms.passwordResetRequest',
    'selfservice.loader',
  ],
  'virtual:kontor-shell-catalogue': [
    'selfservice.session',
    'selfservice.loader',
    'messages.cookies',
    'messages.failurePage',
  ],
  'virtual:kontor-portal-catalogue': PORTAL_FIRST_PAGE,
  'virtual:kontor-portal-list-catalogue': PORTAL_LIST_PAGE,
  ...Object.fromEntries(
    Object.entries(PORTAL_FORM_PAGES).map(([page, parts]) => [
      formPageSlice(page as FormPageTexts),
      [...parts],
    ]),
  ),
};

/**
 * Slices that leave out what other slices hold: the list's parts beyond the first page's; the rest
 * (no parts of its own: the whole catalogue) without the first page's, what a page other than a
 * list fetches; and the rest without the list's too, what a dialog opened on a list fetches.
 */
export const CATALOGUE_WITHOUT: Record<string, string[]> = {
  'virtual:kontor-portal-list-catalogue': ['virtual:kontor-portal-catalogue'],
  ...Object.fromEntries(
    Object.keys(PORTAL_FORM_PAGES).map((page) => [
      formPageSlice(page as FormPageTexts),
      ['virtual:kontor-portal-catalogue'],
    ]),
  ),
  'virtual:kontor-portal-rest-catalogue': ['virtual:kontor-portal-catalogue'],
  'virtual:kontor-portal-list-rest-catalogue': [
    'virtual:kontor-portal-catalogue',
    'virtual:kontor-portal-list-catalogue',
  ],
};

/** Whether `name` is a slice that `catalogueSlice` knows (vite.config.ts serves those). */
export const isCatalogueSlice = (name: string): boolean =>
  name in CATALOGUE_SLICES || name in CATALOGUE_WITHOUT;

/**
 * The slice `name` of a catalogue: its parts (the whole catalogue for a rest) without the parts
 * of the slices it leaves out.
 *
 * @example catalogueSlice(de, 'virtual:kontor-portal-rest-catalogue') // every text but the first page's and the list's
 */
export function catalogueSlice(catalogue: Record<string, unknown>, name: string): Record<string, unknown> {
  const parts = CATALOGUE_SLICES[name];
  const without = (CATALOGUE_WITHOUT[name] ?? []).flatMap((other) => CATALOGUE_SLICES[other] ?? []);
  const rest = omitCatalogue(catalogue, without);
  return parts ? sliceCatalogue(rest, parts) : rest;
}

/** Whether a path segment names a key (`*`: every key). */
const names = (segment: string | undefined, key: string) => segment === key || segment === '*';

/**
 * The parts of a catalogue named by dotted paths, in the catalogue's shape; a path that names
 * nothing adds nothing, the `$comment` header is left out.
 *
 * @example sliceCatalogue(de, ['ui.login']) // { ui: { login: { title: 'Anmelden' } } }
 * @example sliceCatalogue(de, ['forms.*.title']) // { forms: { createDebtor: { title: 'Kunden anlegen' }, … } }
 */
export function sliceCatalogue(catalogue: Record<string, unknown>, parts: string[]): Record<string, unknown> {
  const pick = (tree: Record<string, unknown>, paths: string[][]): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(tree)) {
      if (key === '$comment') continue;
      const below = paths.filter((p) => names(p[0], key));
      if (below.length === 0) continue;
      if (below.some((p) => p.length === 1)) {
        out[key] = value;
        continue;
      }
      if (!isTree(value)) continue;
      const part = pick(
        value,
        below.map((p) => p.slice(1)),
      );
      if (Object.keys(part).length > 0) out[key] = part;
    }
    return out;
  };
  return pick(
    catalogue,
    parts.map((part) => part.split('.')),
  );
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
      const below = paths.filter((p) => names(p[0], key));
      if (below.some((p) => p.length === 1)) continue;
      if (below.length === 0 || !isTree(value)) {
        out[key] = value;
        continue;
      }
      const rest = omit(
        value,
        below.map((p) => p.slice(1)),
      );
      if (Object.keys(rest).length > 0) out[key] = rest;
    }
    return out;
  };
  return omit(
    catalogue,
    parts.map((part) => part.split('.')),
  );
}
