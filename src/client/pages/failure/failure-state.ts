import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storage } from '../../layout/storage-keys';

/** The two failure pages of document 2 §8. */
export type FailureKind = 'maintenance' | 'disturbance';

/** The health check is polled every 30 seconds; a disturbance reloads once, not again within 5 minutes. */
export const POLL_INTERVAL_MS = 30_000;
export const RECENT_RELOAD_MS = 5 * 60_000;

let current: FailureKind | null = null;
const listeners = new Set<() => void>();

/**
 * Which failure page an HTTP answer calls for: 406 the disturbance page, 503 the maintenance page
 * — but a 503 only when the server says `maintenance` (or it is the health check), because a
 * command whose back office is unreachable also answers 503 and shows just a message.
 *
 * @example failureOf(503, { code: 'maintenance' }) // 'maintenance'
 */
export function failureOf(status: number, body: unknown, healthCheck = false): FailureKind | null {
  if (status === 406) return 'disturbance';
  if (status !== 503) return null;
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return healthCheck || code === 'maintenance' ? 'maintenance' : null;
}

/** Shows a failure page instead of the portal (the first failure wins until the page reloads). */
export function showFailure(kind: FailureKind | null): void {
  if (!kind || current) return;
  current = kind;
  for (const listener of listeners) listener();
}

/** The failure page to show, or null. */
export function useFailure(): FailureKind | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/**
 * Whether the disturbance page may reload by itself now (once; not if it did so in the last five
 * minutes), and if so, notes the reload.
 *
 * @example if (claimDisturbanceReload(Date.now())) location.reload();
 */
export function claimDisturbanceReload(now: number, store: Storage | null = storage()): boolean {
  const last = Number(store?.getItem(STORAGE_KEYS.failureReload) ?? 0);
  if (last && now - last < RECENT_RELOAD_MS) return false;
  store?.setItem(STORAGE_KEYS.failureReload, String(now));
  return true;
}
