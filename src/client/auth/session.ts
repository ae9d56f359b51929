import { STORAGE_KEYS, storage } from '../layout/storage-keys';
import { isPublicPath } from './public-paths';
import { TOKEN_STORAGE_KEY, type TokenPair, tokenStore } from './token-store';

/** The spec's session rule: refresh the token pair every 10 minutes. */
export const REFRESH_INTERVAL_MS = 10 * 60 * 1000;

let product = '';
let pending: Promise<boolean> | null = null;
let timer: ReturnType<typeof setInterval> | null = null;

/** Sets the product code sent with every refresh (the active variant's code). */
export function configureSession(productCode: string): void {
  product = productCode;
}

/**
 * Exchanges the refresh token for a new pair. Concurrent callers share one request, because
 * the server invalidates a refresh token once it has been used.
 *
 * @example if (await refreshTokens()) retry(); else logout();
 */
export function refreshTokens(): Promise<boolean> {
  const refreshToken = tokenStore.refreshToken;
  if (!refreshToken) return Promise.resolve(false);
  pending ??= fetch('/api/token/refresh', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken, product }),
  })
    .then(async (response) => {
      if (!response.ok) return false;
      tokenStore.save((await response.json()) as TokenPair);
      // the spec's "last refresh" storage key (document 1 §9)
      storage()?.setItem(STORAGE_KEYS.lastRefresh, String(Date.now()));
      return true;
    })
    .catch(() => false)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * Starts the periodic refresh (idempotent). A page opened after the last refresh is already older
 * than the interval (another tab, a sleeping laptop) refreshes at once.
 */
export function startRefreshTimer(): void {
  if (timer || typeof window === 'undefined') return;
  watchOtherTabs();
  const last = Number(storage()?.getItem(STORAGE_KEYS.lastRefresh) ?? 0);
  if (last && Date.now() - last >= REFRESH_INTERVAL_MS) void refreshTokens();
  timer = setInterval(() => void refreshTokens(), REFRESH_INTERVAL_MS);
}

let watching = false;

/**
 * A logout in another tab (the tokens leave the shared storage) signs this tab out at once, and a
 * tab coming back into view asks the server whether its session still stands (a logout elsewhere,
 * a password change, a block end every session: issue 26) — a 401 then leads to the login page.
 */
function watchOtherTabs(): void {
  if (watching) return;
  watching = true;
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_STORAGE_KEY || event.newValue || isPublicPath(window.location.pathname)) return;
    stopRefreshTimer();
    window.location.assign('/login');
  });
  document.addEventListener('visibilitychange', () => {
    const token = tokenStore.token;
    if (document.visibilityState !== 'visible' || !token || isPublicPath(window.location.pathname)) return;
    void fetch('/api/user-management/user/current', { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } }).then(async (response) => {
      if (response.status === 401 && !(await refreshTokens())) {
        tokenStore.clear();
        stopRefreshTimer();
        window.location.assign('/login');
      }
    });
  });
}

export function stopRefreshTimer(): void {
  if (timer) clearInterval(timer);
  timer = null;
}
