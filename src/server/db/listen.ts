import pg from 'pg';

/** Stops a subscription made by {@link DatabaseListen}. */
export type Unlisten = () => Promise<void>;
/**
 * `LISTEN channel` on the database: `onPayload` receives every NOTIFY payload committed on it, by any
 * process on the same database (PGlite: by this process, the only one).
 */
export type DatabaseListen = (channel: string, onPayload: (payload: string) => void) => Promise<Unlisten>;

/**
 * LISTEN on PostgreSQL through one dedicated connection per subscription, outside the pool (a
 * pooled connection would be handed to queries). A lost connection (restart, failover) is opened
 * again after a second, and `onReconnect` tells the subscriber that notifications may have been
 * missed in between (the event streams then ask their browsers to refetch).
 *
 * @example const stop = await listenOnPostgres(url, 'kontor_events', (payload) => console.log(payload));
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: () => void = () => {},
): Promise<Unlisten> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => {
      // the 'end' handler below reconnects; this listener only keeps the process alive
    });
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = null;
      retry = setTimeout(() => void reconnect(), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const reconnect = async (): Promise<void> => {
    if (stopped) return;
    try {
      await connect();
      onReconnect();
    } catch {
      retry = setTimeout(() => void reconnect(), 1000);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const open = client;
    client = null;
    await open?.end().catch(() => {});
  };
}
