import { FRONTEND_VERSION } from '../../shared/version';
import { STORAGE_KEYS, storage } from './storage-keys';

/** A chunk whose load failed with an HTML answer reloads the page at most once per hour or per version. */
export const CHUNK_RELOAD_GUARD_MS = 60 * 60_000;
/** Share of error reports that carry a page-load trace (document 1 §9: trace sampling 0.1). */
export const TRACE_SAMPLE_RATE = 0.1;

/** The script URL named in a failed dynamic import's message (Chromium, Firefox and Safari word it differently). */
export function chunkUrlOf(message: string): string | null {
  return message.match(/(https?:\/\/[^\s'"]+|\/assets\/[^\s'"]+)\.(m?js|css)/)?.[0] ?? null;
}

/** Whether an error is a failed lazy load of a code chunk. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

/**
 * Whether a chunk failure caused by an HTML answer (a new deployment removed the old chunk, the
 * server answered with index.html) may reload the page now — not if it did so within the last hour
 * for the same version — and if so, notes the reload.
 *
 * @example if (claimChunkReload(Date.now())) location.reload();
 */
export function claimChunkReload(now: number, version = FRONTEND_VERSION, store: Storage | null = storage()): boolean {
  let last: { at?: number; version?: string } = {};
  try {
    last = JSON.parse(store?.getItem(STORAGE_KEYS.chunkReload) ?? '{}');
  } catch {
    last = {};
  }
  if (last.version === version && typeof last.at === 'number' && now - last.at < CHUNK_RELOAD_GUARD_MS) return false;
  store?.setItem(STORAGE_KEYS.chunkReload, JSON.stringify({ at: now, version }));
  return true;
}

/** Page-load timings for the sampled share of reports. */
function pageTrace(random: () => number): Record<string, number> | undefined {
  if (random() >= TRACE_SAMPLE_RATE) return undefined;
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  const timing = navigation as PerformanceNavigationTiming | undefined;
  return {
    sinceLoad: Math.round(performance.now()),
    ...(timing
      ? { domContentLoaded: Math.round(timing.domContentLoadedEventEnd), loadEvent: Math.round(timing.loadEventEnd) }
      : {}),
  };
}

/**
 * Handles a failed chunk load (document 1 §8, document 2 §8): asks for the chunk again; an HTML
 * answer means a new version was deployed, so the page reloads (guarded); anything else is reported
 * to the server's error log (`POST /api/client-errors`).
 */
export async function handleChunkLoadError(
  error: unknown,
  { reload = () => window.location.reload(), random = Math.random } = {},
): Promise<'reloaded' | 'reported' | 'skipped'> {
  const message = error instanceof Error ? error.message : String(error);
  const url = chunkUrlOf(message);
  let html = false;
  if (url) {
    try {
      const response = await fetch(url, { cache: 'no-store' });
      html = (response.headers.get('content-type') ?? '').includes('text/html');
    } catch {
      html = false;
    }
  }
  if (html) {
    if (!claimChunkReload(Date.now())) return 'skipped';
    reload();
    return 'reloaded';
  }
  const token = storage()?.getItem('kontor.token');
  await fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({
      kind: 'chunkLoad',
      message: message.slice(0, 2000) || 'chunk load failed',
      url: (url ?? window.location.pathname).slice(0, 2000),
      frontendVersion: FRONTEND_VERSION,
      trace: pageTrace(random),
    }),
  }).catch(() => undefined);
  return 'reported';
}

/** Listens for failed chunk loads: Vite's preload errors and unhandled failed dynamic imports. */
export function installChunkErrorHandler(): () => void {
  const onPreload = (event: Event) => {
    event.preventDefault();
    void handleChunkLoadError((event as Event & { payload?: unknown }).payload);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) void handleChunkLoadError(event.reason);
  };
  window.addEventListener('vite:preloadError', onPreload);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('vite:preloadError', onPreload);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
