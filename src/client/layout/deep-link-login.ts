import { refreshTokens } from '../auth/session';
import { tokenStore } from '../auth/token-store';

/**
 * Login by deep-link token (document 2 §2, `?useToken=<token>`): the token is a refresh token, which
 * the server exchanges once for a fresh session (a spent one is refused and revokes its family);
 * any session of the browser is replaced. The parameter leaves the address bar at once so it is
 * neither bookmarked nor sent on. Resolves whether the login worked.
 *
 * @example await loginByDeepLink(window.location) // before the portal renders
 */
export async function loginByDeepLink(location: Location, history: History = window.history): Promise<boolean | null> {
  const params = new URLSearchParams(location.search);
  const token = params.get('useToken');
  if (!token) return null;
  params.delete('useToken');
  const search = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
  tokenStore.clear();
  tokenStore.save({ token: '', refresh_token: token });
  const ok = await refreshTokens();
  if (!ok) tokenStore.clear();
  return ok;
}
