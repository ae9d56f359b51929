import type { FastifyInstance } from 'fastify';

/** One Server-Sent Event as a test client received it. */
export interface ReceivedEvent {
  event: string;
  id?: string;
  data: unknown;
}

/** A live event stream (GET /api/events) opened over real HTTP, read as the browser's fetch reads it. */
export interface TestEventStream {
  status: number;
  /** the body of a refused stream (401, 429) */
  refusal?: unknown;
  events: ReceivedEvent[];
  /** resolves when the server ended the stream */
  ended: Promise<void>;
  isEnded(): boolean;
  /** waits until an event matching `match` arrived (rejects after `timeoutMs`) */
  waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): void;
}

/** The address of a listening app (listens on a free port first). */
export async function baseUrlOf(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Opens `GET /api/events` with the bearer token (and a `Last-Event-ID`) and collects its events.
 *
 * @example const stream = await openEventStream(app, token); await stream.waitFor((e) => e.event === 'ready');
 */
export async function openEventStream(app: FastifyInstance, token: string, lastEventId?: string): Promise<TestEventStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const response = await fetch(`${await baseUrlOf(app)}/api/events`, { headers, signal: controller.signal });
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  if (!response.ok || !response.body) {
    return {
      status: response.status,
      refusal: await response.json(),
      events,
      ended: Promise.resolve(),
      isEnded: () => true,
      waitFor: () => Promise.reject(new Error(`stream refused: ${response.status}`)),
      close: () => {},
    };
  }
  const read = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let pending = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        pending += value;
        let end = pending.indexOf('\n\n');
        while (end >= 0) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          end = pending.indexOf('\n\n');
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line.includes(':')) continue;
            const at = line.indexOf(':');
            fields.set(line.slice(0, at), line.slice(at + 1).trimStart());
          }
          if (!fields.has('data')) continue;
          events.push({ event: fields.get('event') ?? 'message', id: fields.get('id'), data: JSON.parse(fields.get('data')!) });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // aborted by close()
    } finally {
      ended = true;
      for (const wake of waiters) wake();
    }
  })();
  return {
    status: response.status,
    events,
    ended: read,
    isEnded: () => ended,
    close: () => controller.abort(),
    waitFor: (match, timeoutMs = 2000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            done();
            resolve(found);
          } else if (ended) {
            done();
            reject(new Error(`stream ended without the event; got ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
  };
}
