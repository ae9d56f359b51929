import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import pg from 'pg';
import { createAdapters } from '../src/server/adapters';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/database';
import { findCurrentFeePeriod, findLimitAndStatus } from '../src/server/db/repositories/creditor.repository';
import { latestCreditorVouchers } from '../src/server/db/repositories/creditor-voucher.repository';
import { findKeptFigures } from '../src/server/db/repositories/dashboard-figures.repository';
import {
  countUnhandledWorkQueue,
  findOldestUnhandledWorkQueue,
  workQueueCountQuery,
  workQueuePageQuery,
} from '../src/server/db/repositories/work-queue.repository';
import { actionLogCountQuery, entriesQuery } from '../src/server/db/repositories/admin-action-log.repository';
import { creditorCountQuery, creditorPageQuery } from '../src/server/db/repositories/admin-creditor-list.repository';
import { DASHBOARD_STATEMENTS } from '../src/server/routes/dashboard/dashboard.routes';
import {
  type DebtorListQuery,
  debtorCountQuery,
  debtorPageQuery,
  findCreditorLimits,
} from '../src/server/db/repositories/debtor-list.repository';
import {
  findChildVouchers,
  OPEN_WORK_QUEUE_STATUSES,
  type VoucherListQuery,
  voucherCountQuery,
  voucherRowsQuery,
} from '../src/server/db/repositories/voucher-list.repository';

/**
 * The server process of the API benchmark (bench/api.bench.ts starts it with `node --import tsx`):
 * our real application (buildApp) on BENCH_OURS_PORT and, on BENCH_BARE_PORT, a bare Fastify server
 * on the same database — its own `pg` pool of the same size for PostgreSQL, the same PGlite instance
 * for PGlite — that replays SQL recorded from our endpoints, with their parameters:
 *
 * - `POST /__bench/record` starts recording every query our application runs (Kysely's `log`);
 * - `POST /__bench/keep/:name` stops and keeps the recording as the bare page `name`, grouped into
 *   waves of queries that ran at the same time (ours runs e.g. list and count in parallel); it
 *   answers the statements with their server-side durations;
 * - `POST /__bench/reference/:name` keeps, as the bare page `name`, the queries a plain
 *   implementation of that endpoint runs (`references` below; the voucher list's is the issue's
 *   "bare five-query ceiling") — the same SQL ours reads, without our folding it into fewer
 *   statements;
 * - `GET /bare/:name` runs the kept statements, wave after wave, each wave in parallel, and answers
 *   every result's rows as JSON — the ceiling: no authentication, no validation, no mapping;
 * - `GET /__bench/time/:name?repeat=n` runs each kept statement alone `n` times and answers the
 *   median time of each (the scaling table's list and count times).
 *
 * Env: BENCH_DATABASE_URL (PostgreSQL) or BENCH_DATA_DIR (PGlite), BENCH_OURS_PORT, BENCH_BARE_PORT.
 */

interface Statement {
  sql: string;
  parameters: readonly unknown[];
  /** milliseconds, as our application measured it */
  ms: number;
  start: number;
  end: number;
}

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const oursPort = Number(process.env.BENCH_OURS_PORT);
const barePort = Number(process.env.BENCH_BARE_PORT);

let recording: Statement[] | null = null;
const handle = await openDatabase({
  databaseUrl,
  dataDir: process.env.BENCH_DATA_DIR,
  log: (event) => {
    if (!recording || event.level !== 'query') return;
    const end = performance.now();
    recording.push({
      sql: event.query.sql,
      parameters: event.query.parameters,
      ms: event.queryDurationMillis,
      start: end - event.queryDurationMillis,
      end,
    });
  },
});

const app = await buildApp({
  db: handle.db,
  jwtSecret: 'kontor-bench-secret-kontor-bench-secret',
  adapters: createAdapters({}, { dataDir: `${process.env.BENCH_TMP_DIR ?? '/tmp'}/kontor-bench-adapters` }),
  logger: false,
});

// the bare server's connection: a pool of the size ours uses, or the same PGlite
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : undefined;
const run = async (statement: Pick<Statement, 'sql' | 'parameters'>): Promise<unknown[]> => {
  if (pool) return (await pool.query(statement.sql, statement.parameters as unknown[])).rows;
  return (await handle.pglite!.query(statement.sql, statement.parameters as unknown[])).rows;
};

/** Statements that overlapped in time ran in parallel (Promise.all): one wave. */
function waves(statements: Statement[]): Statement[][] {
  const sorted = [...statements].sort((a, b) => a.start - b.start);
  const result: Statement[][] = [];
  let waveEnd = -Infinity;
  for (const statement of sorted) {
    if (result.length > 0 && statement.start < waveEnd) {
      result[result.length - 1].push(statement);
      waveEnd = Math.max(waveEnd, statement.end);
    } else {
      result.push([statement]);
      waveEnd = statement.end;
    }
  }
  return result;
}

const pages = new Map<string, Statement[][]>();
/** The reference's fifth query: which of the page's vouchers have an open work-queue entry. */
async function findVouchersWithOpenWorkQueue(creditorId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await handle.db
    .selectFrom('workQueueVoucher as wv')
    .innerJoin('workQueueItem as w', 'w.id', 'wv.workQueueItemId')
    .select('wv.voucherId')
    .distinct()
    .where('wv.creditorId', '=', creditorId)
    .where('wv.voucherId', 'in', ids)
    .where('w.status', 'in', OPEN_WORK_QUEUE_STATUSES)
    .execute();
  return new Set(rows.map((row) => row.voucherId));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const bare = Fastify({ logger: false });
bare.post('/__bench/record', async () => {
  recording = [];
  return { recording: true };
});
bare.post<{ Params: { name: string } }>('/__bench/keep/:name', async (request) => {
  const statements = recording ?? [];
  recording = null;
  const grouped = waves(statements);
  pages.set(request.params.name, grouped);
  return grouped.map((wave) => wave.map(({ sql, ms }) => ({ sql, ms })));
});
/**
 * The plain implementations of our endpoints (the ceilings of issues 13 and 32): the statements a
 * straightforward page runs, with the same repository SQL as ours, without folding them into one.
 */
const references: Record<string, (creditorId: number, query: any) => Promise<unknown>> = {
  /** page, count and the creditor's limits in parallel, then the page's children and open work-queue entries */
  voucherList: async (creditorId, query: VoucherListQuery) => {
    const db = handle.db;
    const [rows] = await Promise.all([
      voucherRowsQuery(db, creditorId, query)
        .limit(query.rowsPerPage)
        .offset((query.page - 1) * query.rowsPerPage)
        .execute(),
      voucherCountQuery(db, creditorId, query.filters).executeTakeFirst(),
      findCreditorLimits(db, creditorId),
    ]);
    const ids = rows.map((row) => row.id);
    await Promise.all([findChildVouchers(db, creditorId, ids), findVouchersWithOpenWorkQueue(creditorId, ids)]);
  },
  /** page, count and the creditor's limits in parallel */
  debtorList: async (creditorId, query: DebtorListQuery) => {
    const db = handle.db;
    const { page, rowsPerPage, ...shape } = query;
    await Promise.all([
      debtorPageQuery(db, shape, { creditorId, limit: rowsPerPage, offset: (page - 1) * rowsPerPage }).execute(),
      debtorCountQuery(db, creditorId, query.filters).executeTakeFirst(),
      findCreditorLimits(db, creditorId),
    ]);
  },
  /** the kept figures and each live widget's read in parallel (the figures are current: ours computed them once) */
  dashboard: async (creditorId) => {
    const db = handle.db;
    await Promise.all([
      findKeptFigures(db, creditorId),
      findLimitAndStatus(db, creditorId),
      countUnhandledWorkQueue(db, creditorId),
      findOldestUnhandledWorkQueue(db, creditorId),
      latestCreditorVouchers(db, creditorId, DASHBOARD_STATEMENTS),
      findCurrentFeePeriod(db, creditorId),
    ]);
  },
  /** issue 32: the admin creditor list of an admin of every product — the page (each row with its main user) and the count in parallel */
  adminCreditorList: async (_creditorId, query) => {
    const { page, rowsPerPage, ...shape } = query;
    await Promise.all([
      creditorPageQuery(handle.db, null, shape).limit(rowsPerPage).offset((page - 1) * rowsPerPage).execute(),
      creditorCountQuery(handle.db, null, query.filters).executeTakeFirst(),
    ]);
  },
  /** the action log of an admin of every product: the page and the count in parallel */
  actionLog: async (_creditorId, query) => {
    const { page, rowsPerPage, ...shape } = query;
    await Promise.all([
      entriesQuery(handle.db, null, shape).selectAll('l').limit(rowsPerPage).offset((page - 1) * rowsPerPage).execute(),
      actionLogCountQuery(handle.db, null, query.filters).executeTakeFirst(),
    ]);
  },
  /** the work queue: the page (each item with its vouchers, messages and state of affairs) and the count in parallel */
  workQueue: async (creditorId, query) => {
    const { page, rowsPerPage, ...shape } = query;
    await Promise.all([
      workQueuePageQuery(handle.db, creditorId, shape).limit(rowsPerPage).offset((page - 1) * rowsPerPage).execute(),
      workQueueCountQuery(handle.db, creditorId, query.filters).executeTakeFirst(),
    ]);
  },
};

bare.post<{ Params: { name: string }; Body: { username: string; query: object } }>('/__bench/reference/:name', async (request, reply) => {
  const reference = references[request.params.name];
  if (!reference) return reply.status(404).send({ message: 'no such reference' });
  const { username, query } = request.body;
  const { creditorId } = await handle.db
    .selectFrom('appUser')
    .select('creditorId')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  recording = [];
  await reference(creditorId!, query);
  const grouped = waves(recording);
  recording = null;
  pages.set(request.params.name, grouped);
  return grouped.map((wave) => wave.map(({ sql, ms }) => ({ sql, ms })));
});
bare.get<{ Params: { name: string } }>('/bare/:name', async (request, reply) => {
  const page = pages.get(request.params.name);
  if (!page) return reply.status(404).send({ message: 'no such page' });
  const results: unknown[][] = [];
  for (const wave of page) results.push(...(await Promise.all(wave.map(run))));
  return results;
});
bare.get<{ Params: { name: string }; Querystring: { repeat?: string } }>('/__bench/time/:name', async (request, reply) => {
  const page = pages.get(request.params.name);
  if (!page) return reply.status(404).send({ message: 'no such page' });
  const repeat = Number(request.query.repeat ?? 3);
  const timings: { sql: string; ms: number }[] = [];
  for (const statement of page.flat()) {
    const times: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const started = performance.now();
      await run(statement);
      times.push(performance.now() - started);
    }
    timings.push({ sql: statement.sql, ms: median(times) });
  }
  return timings;
});

async function shutdown() {
  await bare.close();
  await app.close();
  await pool?.end();
  // PGlite must be closed to leave a consistent data directory behind
  await handle.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

await app.listen({ port: oursPort, host: '127.0.0.1' });
await bare.listen({ port: barePort, host: '127.0.0.1' });
console.log(`bench-server ready ${handle.kind}`);
