/**
 * The browser storage keys of the spec's client settings (document 1 §9 "Storage keys": cookies
 * accepted, last refresh, local product, show tutorials, admin view toggle), plus the reload
 * guards of the failure pages and of chunk-load failures.
 */
export const STORAGE_KEYS = {
  cookiesAccepted: 'kontor.cookiesAccepted',
  lastRefresh: 'kontor.lastRefresh',
  showTutorials: 'kontor.showTutorials',
  /** the toolbar's admin-view toggle while an admin acts as a creditor user ('true' = on) */
  adminView: 'kontor.adminView',
  /** when the disturbance page last reloaded by itself (epoch ms) */
  failureReload: 'kontor.failureReload',
  /** the last reload after a chunk failed with an HTML answer: `{ at, version }` */
  chunkReload: 'kontor.chunkReload',
} as const;

/** localStorage, or null where there is none (tests, private modes that throw). */
export function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Whether the user wants the tutorials of a page offered (document 1 §2 settings; default on). */
export const showTutorials = (): boolean => storage()?.getItem(STORAGE_KEYS.showTutorials) !== 'false';
