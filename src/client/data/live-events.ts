import { fetchEventSource } from '@microsoft/fetch-event-source';
import type { QueryClient } from '@tanstack/react-query';
import { tokenStore } from '../auth/token-store';

/**
 * What a change of a kind (the table the server announces, migration 0190) makes stale: the first
 * element of the react-query keys to invalidate — react-admin's resources (`['vouchers', 'getList',
 * …]`), the badges (`kontor-count`), the bell's list and the hand-written pages (`kontor-page`).
 * Only active queries refetch; forms keep what was typed (their state is not a query).
 */
const STALE_AFTER: Record<string, readonly string[]> = {
  voucher: ['vouchers', 'unprocessed', 'kontor-count', 'kontor-page'],
  processing_job: ['unprocessed', 'vouchers', 'kontor-count', 'kontor-page'],
  work_queue_item: ['work-queue', 'vouchers', 'kontor-count', 'kontor-page'],
  notification: ['kontor-notifications', 'kontor-count'],
  pending_debtor_decision: ['unprocessed', 'debtors', 'kontor-count', 'kontor-page'],
  sepa_update_request: ['requests', 'creditors', 'kontor-page'],
  permanent_debt: ['permanent-debts', 'kontor-page'],
  debtor: ['debtors', 'kontor-picker', 'kontor-page'],
  booking_request: ['debtors', 'requests', 'kontor-page'],
};

/** The query keys' first elements a `change` of `kind` makes stale (an unknown kind: everything). */
export function staleAfter(kind: string): readonly string[] | 'all' {
  return STALE_AFTER[kind] ?? 'all';
}

const RECONNECT_MS = 3_000;
/** a refused stream (too many tabs, no session) is asked for again only after a while; polling goes on */
const REFUSED_RETRY_MS = 60_000;
/** changes arriving close together (the stages of a processing run) refetch once */
const BATCH_MS = 250;

class StreamEnded extends Error {}

/**
 * The tab's one live event stream (GET /api/events, issue 31), read with fetch so that it carries
 * the bearer token like every call. Each `change` invalidates the queries its kind makes stale;
 * `resync` (events missed) all active queries. A stream the server ends (expired token, ended
 * session) or that breaks is opened again with the then current token and the last event's id;
 * a refused one (401, 429) after a minute. Nothing else depends on it: the badges and lists keep
 * polling as before, so without the stream (a proxy, an error) the portal behaves as it always did.
 *
 * @example const stop = startLiveEvents(queryClient); // … on logout: stop()
 */
export function startLiveEvents(queryClient: QueryClient): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let lastEventId = '';
  let stale: Set<string> | 'all' | null = null;
  let batch: ReturnType<typeof setTimeout> | null = null;

  const markStale = (keys: readonly string[] | 'all') => {
    if (keys === 'all' || stale === 'all') stale = 'all';
    else stale = new Set([...(stale ?? []), ...keys]);
    batch ??= setTimeout(() => {
      const due = stale;
      stale = null;
      batch = null;
      if (due === 'all') void queryClient.invalidateQueries();
      else for (const key of due ?? []) void queryClient.invalidateQueries({ queryKey: [key] });
    }, BATCH_MS);
  };

  const connect = async () => {
    retry = null;
    const token = tokenStore.token;
    if (stopped || !token) return;
    controller = new AbortController();
    let delay = RECONNECT_MS;
    try {
      await fetchEventSource('/api/events', {
        headers: { Authorization: `Bearer ${token}`, ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
        signal: controller.signal,
        // a tab in the background keeps its badges current too (the server caps the streams per user)
        openWhenHidden: true,
        async onopen(response) {
          if (!response.ok || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
            delay = REFUSED_RETRY_MS;
            throw new StreamEnded(`events refused: ${response.status}`);
          }
        },
        onmessage(message) {
          if (message.id) lastEventId = message.id;
          if (message.event === 'resync') markStale('all');
          else if (message.event === 'change') markStale(staleAfter((JSON.parse(message.data) as { kind: string }).kind));
        },
        onclose() {
          throw new StreamEnded('closed by the server');
        },
        onerror(error) {
          // no retry inside the library: it would send the token it started with
          throw error;
        },
      });
    } catch {
      // reconnected below
    }
    if (!stopped) retry = setTimeout(() => void connect(), delay);
  };

  void connect();
  return () => {
    stopped = true;
    controller?.abort();
    if (retry) clearTimeout(retry);
    if (batch) clearTimeout(batch);
  };
}
