import { apiFetch } from '../data/http-client';
import { endPreview, readPreviewProduct } from './product-preview';
import { tokenStore } from './token-store';

/**
 * Impersonation (document 2 §6): the admin takes a creditor user's view through GET
 * /user-management/user/{id}/switch; the admin's own session is kept aside and "Zurückwechseln"
 * restores it. The impersonation token has no refresh token: it ends after 15 minutes.
 *
 * @example await startImpersonation(42, 'SMAFA'); // then the page reloads at the dashboard
 */
export async function startImpersonation(userId: string | number, portalProduct: string): Promise<void> {
  const answer = (await apiFetch(`/user-management/user/${userId}/switch?product=${encodeURIComponent(portalProduct)}`)) as {
    token: string;
  };
  const own = { token: tokenStore.token ?? '', refresh_token: tokenStore.refreshToken ?? '' };
  // an admin already acting as someone keeps the original session, not the impersonation
  if (!tokenStore.adminPair) tokenStore.keepAdminPair(own);
  tokenStore.save({ token: answer.token, refresh_token: '' });
  window.location.assign('/');
}

/** Whether an admin session waits to be restored. */
export const canSwitchBack = (): boolean => tokenStore.adminPair !== null;

/**
 * "Zurückwechseln": the server logs the end of the impersonation (POST
 * /user-management/user/switch-back), then the admin's session again, back at the users list (a
 * preview: at the comparison). An impersonation that already ended (401) still switches back.
 */
export async function switchBack(): Promise<void> {
  if (readPreviewProduct()) {
    endPreview();
    return;
  }
  const pair = tokenStore.adminPair;
  if (!pair) return;
  await apiFetch('/user-management/user/switch-back', { method: 'POST' }).catch(() => undefined);
  tokenStore.save(pair);
  tokenStore.dropAdminPair();
  window.location.assign('/users');
}
