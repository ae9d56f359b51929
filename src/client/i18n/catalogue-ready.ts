import type { CataloguePart } from './i18n-provider';

/** Fetches the texts that pages and dialogs beyond the first page need; none until the portal sets it. */
let loadTexts: (part: CataloguePart) => Promise<void> = () => Promise.resolve();

/**
 * Names how the later parts of the catalogue are fetched (the portal's `loadTexts`, see App.tsx).
 * The light login entry sets none: its dialogs bring their own slices.
 *
 * @example setCatalogueLoader(i18nProvider.loadTexts)
 */
export function setCatalogueLoader(load: (part: CataloguePart) => Promise<void>): void {
  loadTexts = load;
}

/**
 * Resolves when the texts of `part` translate (at once where no loader is set): `all` — every text
 * of the catalogue, what a page or dialog beyond the first page and the lists waits for; `list` —
 * what a resource list and its detail panel show (issue 32: a list does not download the forms'
 * and other pages' texts). So the first page's download holds only its own texts, and no key shows
 * in place of its text.
 *
 * @example lazy(async () => (await Promise.all([import('./X'), catalogueReady()]))[0])
 */
export const catalogueReady = (part: CataloguePart = 'all'): Promise<void> => loadTexts(part);
