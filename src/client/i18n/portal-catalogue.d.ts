/** The German catalogue's parts the portal's first page shows (vite.config.ts, PORTAL_FIRST_PAGE). */
declare module 'virtual:kontor-portal-catalogue' {
  type De = typeof import('../../../generated/i18n/de.json');
  const catalogue: Record<string, unknown> & { selfservice: De['selfservice'] };
  export default catalogue;
}

/** What a resource list and its detail add to the first page's texts (vite.config.ts, PORTAL_LIST_PAGE). */
declare module 'virtual:kontor-portal-list-catalogue' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}

/** The rest of the German catalogue: every part but the first page's (vite.config.ts, CATALOGUE_WITHOUT). */
declare module 'virtual:kontor-portal-rest-catalogue' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}

/** The rest without the list's parts too: what a dialog on a list fetches (vite.config.ts, CATALOGUE_WITHOUT). */
declare module 'virtual:kontor-portal-list-rest-catalogue' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}

/** What a password page adds to the first page's texts (vite.config.ts, PORTAL_FORM_PAGES.account). */
declare module 'virtual:kontor-portal-account-catalogue' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}

/** What an onboarding form page adds to the first page's texts (vite.config.ts, PORTAL_FORM_PAGES.onboarding). */
declare module 'virtual:kontor-portal-onboarding-catalogue' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
