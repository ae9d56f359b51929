import { STORAGE_KEYS, storage } from '../layout/storage-keys';
import { type TokenPair, tokenStore } from './token-store';

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
  const last = Number(storage()?.getItem(STORAGE_KEYS.lastRefresh) ?? 0);
  if (last && Date.now() - last >= REFRESH_INTERVAL_MS) void refreshTokens();
  timer = setInterval(() => void refreshTokens(), REFRESH_INTERVAL_MS);
}

export function stopRefreshTimer(): void {
  if (timer) clearInterval(timer);
  timer = null;
}
