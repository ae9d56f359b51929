/** Fetches the texts that pages and dialogs beyond the first page need; none until the portal sets it. */
let loadTexts: () => Promise<void> = () => Promise.resolve();

/**
 * Names how the rest of the catalogue is fetched (the portal's `loadAllTexts`, see App.tsx). The
 * light login entry sets none: its dialogs bring their own slices.
 *
 * @example setCatalogueLoader(i18nProvider.loadAllTexts)
 */
export function setCatalogueLoader(load: () => Promise<void>): void {
  loadTexts = load;
}

/**
 * Resolves when every text of the catalogue translates (at once where no loader is set); a page or
 * dialog beyond the first page waits for it before it renders (issue 13: the first page's
 * download holds only its own texts, and no key shows in place of its text).
 *
 * @example lazy(async () => (await Promise.all([import('./X'), catalogueReady()]))[0])
 */
export const catalogueReady = (): Promise<void> => loadTexts();
