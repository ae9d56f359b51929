import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDeps } from '../../app';
import { WORKER_TASKS, workerStates } from '../../adapters/workers';
import { einvoicePoolStats } from '../../einvoice/worker/worker-pool';
import { ApiError } from '../../errors';
import { BACKLOG_KINDS, backgroundBacklog, mailOutboxDepth } from '../../services/background-status';

/** A kind whose oldest due job waits longer than this makes the readiness answer unhealthy. */
const maxLateMinutes = () => Number(process.env.READINESS_MAX_LATE_MINUTES ?? 10);

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The operator's answers beside the liveness check `/healthy`:
 * - `GET /ready` (public, no data of any tenant): the database reachable and, per kind of background
 *   work, the jobs due and the age of the oldest; 503 `unhealthy` when the database cannot be reached
 *   or a kind is more than READINESS_MAX_LATE_MINUTES (default 10) late, or a kind's loop stalled;
 * - `GET /metrics` (Prometheus text format, prom-client): only with `Authorization: Bearer
 *   $METRICS_TOKEN`; without a configured token the route answers 404 (metrics off).
 * Installed on the `/api` scope itself (app.ts), so its latency hook sees every route.
 */
export function installOperations(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const metricsToken = deps.metricsToken ?? process.env.METRICS_TOKEN ?? '';

  app.get('/ready', { config: { public: true }, schema: { tags: ['system'], summary: 'Readiness: database and background work' } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
    } catch {
      return reply.code(503).send({ status: 'unhealthy', database: 'unreachable' });
    }
    const backlog = await backgroundBacklog(db, clock());
    const loops = workerStates();
    const limit = maxLateMinutes() * 60;
    const late = BACKLOG_KINDS.filter((kind) => backlog[kind].oldestDueSeconds > limit);
    const stalled = WORKER_TASKS.filter((kind) => loops[kind].stalled > 0);
    const healthy = late.length === 0 && stalled.length === 0;
    return reply.code(healthy ? 200 : 503).send({
      status: healthy ? 'ok' : 'unhealthy',
      database: 'ok',
      maxLateMinutes: maxLateMinutes(),
      late,
      stalled,
      kinds: backlog,
    });
  });

  // one registry per app (tests build several apps in one process)
  const registry = new Registry();
  if (metricsToken) collectDefaultMetrics({ register: registry, prefix: 'kontor_' });
  const latency = new Histogram({
    name: 'kontor_http_request_duration_seconds',
    help: 'API request latency by route',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const gauge = (name: string, help: string, labelNames: string[] = []) => new Gauge({ name, help, labelNames, registers: [registry] });
  const due = gauge('kontor_jobs_due', 'background jobs due now, per kind', ['kind']);
  const failed = gauge('kontor_jobs_failed', 'background jobs that failed and wait for their next attempt, per kind', ['kind']);
  const parked = gauge('kontor_jobs_parked', 'background jobs given up after too many attempts (admin actions page), per kind', ['kind']);
  const oldest = gauge('kontor_jobs_oldest_due_seconds', 'age of the oldest due job, per kind', ['kind']);
  const running = gauge('kontor_jobs_running', 'runs of a kind in progress in this process', ['kind']);
  const stalledRuns = gauge('kontor_worker_stalled', 'runs of a kind past their time budget in this process', ['kind']);
  const failures = gauge('kontor_worker_consecutive_failures', 'failed runs of a kind in a row in this process', ['kind']);
  const outbox = gauge('kontor_mail_outbox_depth', 'unsent mails in the outbox');
  const readerBusy = gauge('kontor_einvoice_reader_busy', 'e-invoice reader workers reading a document');
  const readerSize = gauge('kontor_einvoice_reader_workers', 'e-invoice reader workers of this process');
  const readerQueued = gauge('kontor_einvoice_reader_queued', 'e-invoices waiting for a reader worker');
  const scrapes = new Counter({ name: 'kontor_metrics_scrapes_total', help: 'metrics answers given', registers: [registry] });

  // a callback, not an async function: no promise per request
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route?.startsWith('/api')) {
      latency.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    }
    done();
  });

  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!metricsToken) throw new ApiError(404, 'notFound');
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, metricsToken)) throw new ApiError(401, 'unauthorized');
    const backlog = await backgroundBacklog(db, clock());
    for (const kind of BACKLOG_KINDS) {
      due.set({ kind }, backlog[kind].due);
      failed.set({ kind }, backlog[kind].failed);
      parked.set({ kind }, backlog[kind].parked);
      oldest.set({ kind }, backlog[kind].oldestDueSeconds);
    }
    const loops = workerStates();
    for (const kind of WORKER_TASKS) {
      running.set({ kind }, loops[kind].running);
      stalledRuns.set({ kind }, loops[kind].stalled);
      failures.set({ kind }, loops[kind].failures);
    }
    outbox.set(await mailOutboxDepth(db));
    const pool = einvoicePoolStats();
    readerBusy.set(pool.busy);
    readerSize.set(pool.size);
    readerQueued.set(pool.queued);
    scrapes.inc();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
