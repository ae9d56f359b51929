import { apiFetch } from '../data/http-client';
import { tokenStore } from './token-store';

/** The product shown while a product owner previews it (issue 16); it wins over the host name. */
export const PREVIEW_PRODUCT_KEY = 'kontor.previewProduct';

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** The product of a running preview, if any. */
export const readPreviewProduct = (): string | undefined => storage()?.getItem(PREVIEW_PRODUCT_KEY) ?? undefined;

/**
 * Opens the creditor area as a product (POST /variants/preview/{code}): a read-only session of that
 * product's demo creditor, styled and worded as the product; the own session (if any) waits aside,
 * as with an impersonation.
 *
 * @example await startPreview('TPF'); // the page reloads at the dashboard, as TPF
 */
export async function startPreview(code: string): Promise<void> {
  const answer = await apiFetch<{ token: string }>(`/variants/preview/${encodeURIComponent(code)}`, { method: 'POST' });
  const own = { token: tokenStore.token ?? '', refresh_token: tokenStore.refreshToken ?? '' };
  if (!tokenStore.adminPair && own.token && own.refresh_token) tokenStore.keepAdminPair(own);
  tokenStore.save({ token: answer.token, refresh_token: '' });
  storage()?.setItem(PREVIEW_PRODUCT_KEY, code);
  window.location.assign('/');
}

/**
 * Ends the preview: the own session again at the comparison, or — in dev mode without login — no
 * session, back at the dev comparison.
 */
export function endPreview(): void {
  storage()?.removeItem(PREVIEW_PRODUCT_KEY);
  const pair = tokenStore.adminPair;
  if (pair) {
    tokenStore.save(pair);
    tokenStore.dropAdminPair();
    window.location.assign('/variant-comparison');
  } else {
    tokenStore.clear();
    window.location.assign('/dev/variant-comparison');
  }
}
