import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';

/** Failed logins counted within this window … */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** … lock the account for this source address after this many … */
export const ACCOUNT_FAILURES = 10;
/** … and the source address for every account after this many. */
export const ADDRESS_FAILURES = 50;
/** How long a lock lasts. */
export const LOCK_SECONDS = 15 * 60;

const LOGIN_URL = '/api/login';
// The other public session and onboarding endpoints: a burst limit per source address (login itself
// counts failures only, so that many users behind one address can still log in).
const PUBLIC_AUTH = [/^\/api\/token\/refresh$/, /^\/api\/user-management\/command\/password-reset/, /^\/api\/onboarding\//];

export interface LoginDefenceOptions {
  db: Kysely<Database>;
  clock: () => Date;
  /** requests per minute and source address on the public endpoints (default 60) */
  perMinute?: number;
}

const keysOf = (request: FastifyRequest) => {
  const account = String((request.body as { username?: unknown } | undefined)?.username ?? '').trim().toLowerCase();
  return { account: `account:${account}|${request.ip}`, address: `address:${request.ip}` };
};

/** A 429 with the German text and how many seconds to wait. */
function locked(code: 'loginLocked' | 'tooManyRequests', seconds: number): ApiError {
  const error = new ApiError(429, code) as ApiError & { retryAfter: number };
  error.retryAfter = Math.max(1, Math.ceil(seconds));
  return error;
}

/**
 * Brute-force defence of the public endpoints (issue 14):
 * - login: failed attempts are counted in the database (so every server process on one PostgreSQL
 *   shares them) per account *and source address* and per source address; at the limit that key is
 *   locked for 15 minutes — 429 `loginLocked` with `Retry-After`, even for the right password. An
 *   attacker spraying from elsewhere cannot lock a user out of their own address;
 * - refresh, password reset and onboarding: a burst limit per source address
 *   (@fastify/rate-limit), 429 `tooManyRequests` with `Retry-After`.
 *
 * @example await installLoginDefence(api, { db, clock }); // before the routes are registered
 */
export async function installLoginDefence(app: FastifyInstance, options: LoginDefenceOptions): Promise<void> {
  const { db, clock } = options;
  // Only POST routes can be limited or be the login: the others are spared the hooks of both (added
  // before the rate limit's own onRoute hook, which honours `rateLimit: false`)
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().includes('POST')) {
      route.config = { ...route.config, rateLimit: false };
    } else if (route.url === LOGIN_URL) {
      route.preHandler = [reserveTries as never, ...[route.preHandler ?? []].flat()];
      route.onSend = [...[route.onSend ?? []].flat(), settleTries as never];
    }
  });
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute ?? 60,
    timeWindow: 60_000,
    keyGenerator: (request) => `${request.ip}|${request.url.split('?')[0]}`,
    allowList: (request) => request.method !== 'POST' || !PUBLIC_AUTH.some((pattern) => pattern.test(request.url.split('?')[0])),
    errorResponseBuilder: (_request, context) => locked('tooManyRequests', context.ttl / 1000),
  });

  // Issue 26: attempts are counted atomically *before* the password is checked — each login reserves
  // one try per key in one upsert (row lock), so 50 wrong passwords at once get exactly the limit
  // of tries, not as many as pass a read-then-write check side by side. The answer settles the
  // reservation: a failure keeps it (and locks at the limit), anything else gives it back.
  const reserved = new WeakSet<FastifyRequest>();
  async function reserveTries(request: FastifyRequest) {
    const { account, address } = keysOf(request);
    const now = clock();
    const { rows } = await sql<{ lockedUntil: Date }>`
      select locked_until as "lockedUntil" from login_throttle
       where key in (${account}, ${address}) and locked_until > ${now}
       order by locked_until desc limit 1`.execute(db);
    if (rows[0]) throw locked('loginLocked', (new Date(rows[0].lockedUntil).getTime() - now.getTime()) / 1000);
    const accountTry = await reserveTry(db, account, now);
    const addressTry = await reserveTry(db, address, now);
    reserved.add(request);
    // a lock set since the read above counts too (the upsert saw the latest row)
    const lockedMeanwhile = [accountTry, addressTry].some((r) => r.lockedUntil && new Date(r.lockedUntil) > now);
    if (lockedMeanwhile || accountTry.failures > ACCOUNT_FAILURES || addressTry.failures > ADDRESS_FAILURES) {
      // beyond the limit: this try never reaches the password check
      reserved.delete(request);
      await giveBack(db, [account, address]);
      await lockAtLimit(db, account, ACCOUNT_FAILURES, now);
      await lockAtLimit(db, address, ADDRESS_FAILURES, now);
      throw locked('loginLocked', LOCK_SECONDS);
    }
  }

  async function settleTries(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (!reserved.has(request)) return payload;
    reserved.delete(request);
    const { account, address } = keysOf(request);
    if (reply.statusCode === 200) {
      await sql`delete from login_throttle where key = ${account}`.execute(db);
      await giveBack(db, [address]);
    } else if (reply.statusCode === 401) {
      await lockAtLimit(db, account, ACCOUNT_FAILURES, clock());
      await lockAtLimit(db, address, ADDRESS_FAILURES, clock());
    } else {
      await giveBack(db, [account, address]);
    }
    return payload;
  }
}

/** Reserves one try of a key (a new window when the last one is over): the count including it, and its lock. */
async function reserveTry(db: Kysely<Database>, key: string, now: Date): Promise<{ failures: number; lockedUntil: Date | null }> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_SECONDS * 1000);
  const { rows } = await sql<{ failures: number; lockedUntil: Date | null }>`
    insert into login_throttle as t (key, failures, window_start) values (${key}, 1, ${now})
    on conflict (key) do update set
      failures = case when t.window_start < ${windowStart} then 1 else t.failures + 1 end,
      window_start = case when t.window_start < ${windowStart} then ${now} else t.window_start end
    returning failures, locked_until as "lockedUntil"`.execute(db);
  return { failures: Number(rows[0].failures), lockedUntil: rows[0].lockedUntil };
}

/**
 * A reserved try that was no failure (a success, a refused body, an error): counted no more. One
 * row per statement: an UPDATE of both keys locks its rows in whatever order it meets them, and two
 * such updates side by side deadlocked on PostgreSQL (50 logins at once: two answered 500).
 */
async function giveBack(db: Kysely<Database>, keys: string[]): Promise<void> {
  for (const key of keys) await sql`update login_throttle set failures = greatest(failures - 1, 0) where key = ${key}`.execute(db);
}

/** Locks a key whose failures reached the limit (its count starts again after the lock). */
async function lockAtLimit(db: Kysely<Database>, key: string, limit: number, now: Date): Promise<void> {
  const lockUntil = new Date(now.getTime() + LOCK_SECONDS * 1000);
  await sql`
    update login_throttle set locked_until = ${lockUntil}, failures = 0, window_start = ${now}
     where key = ${key} and failures >= ${limit} and (locked_until is null or locked_until <= ${now})`.execute(db);
}
