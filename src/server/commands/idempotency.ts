import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { germanText } from './command-audit';

/*
 * The Idempotency-Key header (IETF draft "The Idempotency-Key HTTP Header Field", as Stripe does
 * it): a changing request that carries a key is carried out once per user and key; the same key
 * again within 24 hours answers the first answer (status and body, header `Idempotent-Replayed:
 * true`) and changes nothing. The same key with another method, path or body is a 422; while the
 * first request still runs, a 409. Commands claim their key inside their own transaction (the row
 * exists exactly when the command's effect does); the few changing routes outside the pipeline use
 * the hooks of `installIdempotency`. src/server/commands/README.md, "Idempotency".
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key and its first answer are kept (the draft leaves it to the server; Stripe: 24 h). */
export const KEY_LIFETIME_MS = 24 * 60 * 60_000;
/**
 * A route outside the pipeline claims its key before it runs; a claim still "running" after this
 * long was left by a process that died and is taken over (a command's claim never outlives its
 * transaction, so this applies to those routes only).
 */
export const RUNNING_LEASE_MS = 10 * 60_000;
/** An sf-string of printable ASCII (the draft: a Structured Field string), quoted or not, no blanks. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyClaim {
  userId: number;
  key: string;
  /** sha256 of method, path and body */
  fingerprint: string;
  method: string;
  path: string;
}

/** The first answer of a key, to be sent again. */
export class ReplayedAnswer {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {}
}

/** JSON with sorted object keys: the same body in another key order is the same request. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const refusal = (status: number, reason: string, request: FastifyRequest) =>
  new ApiError(status, reason, germanText(reason, {}, request.user?.product));

/**
 * The claim a request makes with its Idempotency-Key, or null without one (or without a logged-in
 * user: public calls take no key). A malformed key is a 400.
 *
 * @example idempotencyOf(request) // → { userId: 7, key: '3f0c…', fingerprint: 'a1b2…', method: 'POST', path: '/api/voucher/12/direct-payment' }
 */
export function idempotencyOf(request: FastifyRequest): IdempotencyClaim | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined || !request.user?.id) return null;
  const key = String(Array.isArray(header) ? header.join(',') : header).replace(/^"(.*)"$/, '$1');
  if (!KEY_PATTERN.test(key)) throw refusal(400, 'idempotency.invalidKey', request);
  const path = request.url;
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${path}\n${stableJson(request.body ?? null)}`)
    .digest('hex');
  return { userId: request.user.id, key, fingerprint, method: request.method, path };
}

/**
 * Claims the key inside `trx`, first thing of the transaction. Answers the stored first answer to
 * replay, or null when this request is the first (its row is then written, still without answer).
 * A transaction-scoped advisory lock on (user, key) makes a second request that arrives while the
 * first runs a 409 at once instead of waiting; the primary key is the last guard.
 */
export async function claimKey(
  trx: Kysely<Database>,
  claim: IdempotencyClaim,
  now: Date,
  request: FastifyRequest,
): Promise<ReplayedAnswer | null> {
  const lockKey = `idempotency:${claim.userId}:${claim.key}`;
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtextextended(${lockKey}, 0)) as locked`.execute(trx);
  if (!rows[0]?.locked) throw refusal(409, 'idempotency.inProgress', request);
  const row = await trx
    .selectFrom('idempotencyKey')
    .select(['fingerprint', 'statusCode', 'responseBody', 'createdAt', 'expiresAt'])
    .where('userId', '=', claim.userId)
    .where('key', '=', claim.key)
    .executeTakeFirst();
  if (row && new Date(row.expiresAt) > now) {
    const stale = row.statusCode == null && now.getTime() - new Date(row.createdAt).getTime() > RUNNING_LEASE_MS;
    if (!stale) {
      if (row.statusCode == null) throw refusal(409, 'idempotency.inProgress', request);
      if (row.fingerprint !== claim.fingerprint) throw refusal(422, 'idempotency.keyReused', request);
      return new ReplayedAnswer(row.statusCode, row.responseBody == null ? null : JSON.parse(row.responseBody));
    }
  }
  if (row) await trx.deleteFrom('idempotencyKey').where('userId', '=', claim.userId).where('key', '=', claim.key).execute();
  try {
    await trx
      .insertInto('idempotencyKey')
      .values({ ...claim, statusCode: null, responseBody: null, createdAt: now, expiresAt: new Date(now.getTime() + KEY_LIFETIME_MS) })
      .execute();
  } catch (error) {
    // another process claimed the same key in the same instant (its lock hash differed): it runs
    if ((error as { code?: string }).code === '23505') throw refusal(409, 'idempotency.inProgress', request);
    throw error;
  }
  return null;
}

/** Keeps the first answer of a claimed key (in the command's transaction, or after a route answered). */
export async function storeAnswer(db: Kysely<Database>, claim: IdempotencyClaim, statusCode: number, body: unknown): Promise<void> {
  await db
    .updateTable('idempotencyKey')
    .set({ statusCode, responseBody: body === undefined ? null : JSON.stringify(body) })
    .where('userId', '=', claim.userId)
    .where('key', '=', claim.key)
    .execute();
}

/**
 * Deletes the keys whose 24 hours are over (the workers' sweep; a lookup treats them as absent
 * already). Answers how many went.
 */
export async function sweepIdempotencyKeys(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('idempotencyKey').where('expiresAt', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** Sends a stored first answer again, through the route's serializer like the first time. */
export function sendReplay(reply: { code(status: number): { header(name: string, value: string): { send(body: unknown): unknown } } }, answer: ReplayedAnswer) {
  return reply.code(answer.statusCode).header('idempotent-replayed', 'true').send(answer.body);
}

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: IdempotencyClaim;
  }
}

/**
 * The Idempotency-Key for the changing routes outside the command pipeline (notifications and
 * statements marked read, the client's action-log entries, …): after authentication and
 * validation the key is claimed in a transaction of its own and committed as "running"; a 2xx
 * answer is stored when it is sent, any other answer gives the key free again. Command routes
 * (`config.access.kind === 'command'`) claim inside their transaction instead (run-command.ts).
 *
 * @example installIdempotency(api, db, clock); // before the routes are registered
 */
export function installIdempotency(app: FastifyInstance, db: Kysely<Database>, clock: () => Date): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const isCommand = (route.config as { access?: { kind?: string } } | undefined)?.access?.kind === 'command';
    if (isCommand || !methods.some((m) => CHANGING.has(m))) return;
    const claimFirst = async (request: FastifyRequest, reply: Parameters<typeof sendReplay>[0]) => {
      if (!CHANGING.has(request.method)) return;
      const claim = idempotencyOf(request);
      if (!claim) return;
      const replay = await db.transaction().execute((trx) => claimKey(trx, claim, clock(), request));
      if (replay) return sendReplay(reply, replay);
      request.idempotencyClaim = claim;
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), claimFirst as never];
    // the answer settles the claim: kept for a replay when it succeeded, released otherwise (on
    // these routes only: every other request would pay for the hook)
    route.onSend = [...[route.onSend ?? []].flat(), settleClaim as never];
  });
  const settleClaim = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      const body = typeof payload === 'string' && payload ? JSON.parse(payload) : undefined;
      await storeAnswer(db, claim, reply.statusCode, body);
    } else {
      await db.deleteFrom('idempotencyKey').where('userId', '=', claim.userId).where('key', '=', claim.key).execute();
    }
    return payload;
  };
}
