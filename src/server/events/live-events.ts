import { randomBytes } from 'node:crypto';
import { type Channel, createChannel, createSession, type Session } from 'better-sse';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import type { DatabaseListen, Unlisten } from '../db/listen';

/** The NOTIFY channel of the live events (migration 0190 and {@link announceSessionEnd}). */
export const EVENTS_CHANNEL = 'kontor_events';

/**
 * One change as it travels through NOTIFY (migration 0190): the table that changed (`k`), its
 * creditor (`c`), that creditor's product (`p`) and at most 20 row ids (`i`, empty: more rows).
 * `k = 'session'`: the user `u` logged out at `at` (seconds), their streams opened before end.
 */
export interface NotifiedChange {
  k: string;
  c?: number;
  p?: string;
  i?: number[];
  u?: number;
  at?: number;
}

/** What a browser receives (event `change`): kind and ids only — it refetches through the normal reads. */
export interface LiveEvent {
  kind: string;
  creditorId: number;
  ids: number[];
}

/** Who a stream belongs to and what it may see. */
export interface StreamViewer {
  userId: number;
  /** a creditor user's tenant: only its events */
  creditorId: number | null;
  isAdmin: boolean;
  /** a product admin's product: only its creditors' events (null: every product) */
  productScope: string | null;
  /** seconds: when the stream's access token was issued (a logout after it ends the stream) */
  issuedAt: number;
  /** re-checks the stream's session (its token's expiry, the auth hook's session check) on the heartbeat's session rows; throws when it ended */
  recheck: (sessions?: unknown) => Promise<void>;
}

export interface LiveEventsOptions {
  /** LISTEN on the database; without it (an app built on a bare Kysely) no event arrives */
  listen?: DatabaseListen;
  /** heartbeat: a keep-alive comment and the session re-check, every so often (default 20 s) */
  heartbeatMs?: number;
  /** open streams per user at most (default 8: a few tabs on a few devices) */
  maxStreamsPerUser?: number;
  /** events kept for a reconnect's `Last-Event-ID` (default 500) */
  bufferSize?: number;
  /**
   * reads the session rows of these users in one statement, once per heartbeat, for every stream's
   * re-check (without it each stream's re-check reads its own: 1,000 reads per heartbeat)
   */
  readSessions?: (userIds: number[]) => Promise<unknown>;
}

type Stream = Session<StreamViewer>;

/** Whether `viewer` may learn of `change` (kinds and ids only; the reads check the rest). */
export function sees(viewer: StreamViewer, change: NotifiedChange): boolean {
  if (change.c == null) return false;
  if (!viewer.isAdmin) return viewer.creditorId != null && viewer.creditorId === change.c;
  return viewer.productScope == null || viewer.productScope === change.p;
}

/**
 * The live events of one server process (issue 31): LISTENs on {@link EVENTS_CHANNEL}, keeps the
 * last events in a ring buffer (ids `<process>.<n>`), and pushes each to the open streams allowed to
 * see it (better-sse). A heartbeat sends a keep-alive comment and re-checks each stream's session
 * (its token's expiry; the auth hook's session check, on one read of all streams' sessions), so a
 * session that ends server-side closes its stream; a logout's `session` announcement closes the user's older streams at once.
 */
export class LiveEvents {
  private readonly channel: Channel<Record<string, never>, StreamViewer> = createChannel();
  private readonly buffer: { id: string; change: NotifiedChange }[] = [];
  private readonly prefix = randomBytes(4).toString('hex');
  private sequence = 0;
  private readonly responses = new WeakMap<Stream, FastifyReply['raw']>();
  private unlisten: Unlisten | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  readonly heartbeatMs: number;
  readonly maxStreamsPerUser: number;
  private readonly bufferSize: number;

  constructor(private readonly options: LiveEventsOptions = {}) {
    this.heartbeatMs = options.heartbeatMs ?? 20_000;
    this.maxStreamsPerUser = options.maxStreamsPerUser ?? 8;
    this.bufferSize = options.bufferSize ?? 500;
  }

  async start(): Promise<void> {
    if (this.options.listen)
      this.unlisten = await this.options.listen(EVENTS_CHANNEL, (payload) => this.receive(payload));
    this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const stream of this.channel.activeSessions) this.close(stream);
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** Open streams (the benchmark and tests read it). */
  get streamCount(): number {
    return this.channel.sessionCount;
  }

  private streamsOf(userId: number): Stream[] {
    return this.channel.activeSessions.filter((stream) => stream.state.userId === userId);
  }

  /** Whether `userId` may open one more stream. */
  hasRoomFor(userId: number): boolean {
    return this.streamsOf(userId).length < this.maxStreamsPerUser;
  }

  /**
   * Turns the request into an event stream (the reply is hijacked): replays what the viewer missed
   * after `Last-Event-ID` — or, when that id is no longer (or never was) in this process's buffer,
   * sends one `resync` (refetch everything shown) — then streams until the browser goes or the
   * session ends.
   */
  async open(request: FastifyRequest, reply: FastifyReply, viewer: StreamViewer): Promise<void> {
    reply.hijack();
    const stream = await createSession<StreamViewer>(request.raw, reply.raw, {
      state: viewer,
      keepAlive: null,
      retry: 2000,
      // the id a browser sends back is only looked up in the buffer, never trusted otherwise
      trustClientEventId: false,
      headers: { 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
    });
    this.responses.set(stream, reply.raw);
    const lastId = request.headers['last-event-id'];
    if (typeof lastId === 'string' && lastId !== '') {
      const at = this.buffer.findIndex((entry) => entry.id === lastId);
      if (at < 0) stream.push({}, 'resync');
      else
        for (const entry of this.buffer.slice(at + 1))
          if (sees(viewer, entry.change)) stream.push(toLiveEvent(entry.change), 'change', entry.id);
    }
    this.channel.register(stream);
    stream.push({ heartbeatMs: this.heartbeatMs }, 'ready');
  }

  private receive(payload: string): void {
    let change: NotifiedChange;
    try {
      change = JSON.parse(payload) as NotifiedChange;
    } catch {
      return;
    }
    if (change.k === 'session') {
      for (const stream of this.channel.activeSessions) {
        if (stream.state.userId === change.u && stream.state.issuedAt <= (change.at ?? 0)) this.close(stream);
      }
      return;
    }
    const id = `${this.prefix}.${++this.sequence}`;
    this.buffer.push({ id, change });
    if (this.buffer.length > this.bufferSize) this.buffer.shift();
    this.channel.broadcast(toLiveEvent(change), 'change', {
      eventId: id,
      filter: (stream) => sees(stream.state, change),
    });
  }

  /** Keep-alive comment, then each stream's session re-checked (a failing check closes it) on one read of their sessions. */
  private async beat(): Promise<void> {
    const streams = this.channel.activeSessions;
    if (!streams.length) return;
    let sessions: unknown;
    try {
      sessions = await this.options.readSessions?.([
        ...new Set(streams.map((stream) => stream.state.userId)),
      ]);
    } catch {
      // the database is away: each re-check reads (and fails) on its own
    }
    for (const stream of streams) {
      try {
        await stream.state.recheck(sessions);
        if (stream.isConnected) stream.push('', 'ping');
      } catch {
        this.close(stream);
      }
    }
  }

  /** Ends a stream from the server's side (better-sse has no close: the response is ended). */
  private close(stream: Stream): void {
    this.channel.deregister(stream);
    this.responses.get(stream)?.end();
  }
}

function toLiveEvent(change: NotifiedChange): LiveEvent {
  return { kind: change.k, creditorId: change.c ?? 0, ids: change.i ?? [] };
}

/**
 * Ends the live streams a user opened before now, in every process (logout). Sent through NOTIFY
 * like the changes, so it reaches the process the stream is connected to.
 *
 * The time is the wall clock, not the app's clock: it is compared with the tokens' `iat`, which
 * the JWT library writes from the wall clock.
 *
 * @example await announceSessionEnd(db, userId)
 */
export async function announceSessionEnd(db: Kysely<Database>, userId: number): Promise<void> {
  const payload = JSON.stringify({ k: 'session', u: userId, at: Math.floor(Date.now() / 1000) });
  await sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`.execute(db);
}
