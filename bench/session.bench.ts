import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/database';
import { DEMO_PASSWORD } from '../src/server/db/seed/demo-accounts';
import { scaleTenantUser } from '../src/server/db/seed/scale.seed';
import { type BenchResult, valueResult } from './bench-kit';

/**
 * Issue 26, item 4: what the server-side session check (src/server/services/session.ts) costs the
 * voucher list. The load runs of api.bench.ts swing by ±50 % on a busy 2-core machine, more than
 * the effect; so this measures one server in-process, sequentially: rounds of 20
 * `GET /api/voucher/list` (15 rows, the tenant of 1,000 vouchers), medians over the rounds of the
 * process's CPU time per request (what bounds throughput on this machine) and of the latency; and
 * the same for the check's separate read (every other route pays it). Run it on two builds (before
 * and after the change) and compare: bench/README.md, "Session check".
 *
 * Env: KONTOR_BENCH_SESSION_DB — a PostgreSQL database built by `npm run bench -- api` (default
 * `bench_kontor_api_small` on the server of DATABASE_URL, else `bench_kontor_api_full`: both hold the
 * tenant of 1,000 vouchers, and a full run on a new machine builds only the full one);
 * KONTOR_BENCH_SESSION_ROUNDS (40);
 * KONTOR_BENCH_SESSION_PAIRS (200) and KONTOR_BENCH_SESSION_LOAD (`without-first` loads the build
 * without the check first) — the in-process A/B below ({@link withAndWithout}).
 */
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BUILT = ['bench_kontor_api_small', 'bench_kontor_api_full'];

/** The database to measure on: KONTOR_BENCH_SESSION_DB, else the first of {@link BUILT} the server has. */
async function benchDatabase(): Promise<string | { missing: string }> {
  if (process.env.KONTOR_BENCH_SESSION_DB) return process.env.KONTOR_BENCH_SESSION_DB;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  try {
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname = any($1)', [BUILT]);
    const name = BUILT.find((candidate) => rows.some((row) => row.datname === candidate));
    if (!name) return { missing: `neither ${BUILT.join(' nor ')} exists: run \`npm run bench -- api\` first` };
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    return url.toString();
  } catch (error) {
    return { missing: `no PostgreSQL at ${SERVER_URL}: ${(error as Error).message}` };
  } finally {
    await admin.end().catch(() => undefined);
  }
}
const ROUNDS = Number(process.env.KONTOR_BENCH_SESSION_ROUNDS ?? 40);
const PER_ROUND = 20;
const PAIRS = Number(process.env.KONTOR_BENCH_SESSION_PAIRS ?? 200);
const LOAD_WITHOUT_FIRST = process.env.KONTOR_BENCH_SESSION_LOAD === 'without-first';
const TENANT = 1_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** CPU (user + system) and wall milliseconds per call of `call`, medians over the rounds. */
async function perCall(call: () => Promise<unknown>): Promise<{ cpu: number; wall: number }> {
  for (let i = 0; i < PER_ROUND; i++) await call();
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    const since = process.cpuUsage();
    for (let i = 0; i < PER_ROUND; i++) await call();
    const used = process.cpuUsage(since);
    cpu.push((used.user + used.system) / 1000 / PER_ROUND);
    wall.push((performance.now() - start) / PER_ROUND);
  }
  return { cpu: median(cpu), wall: median(wall) };
}

/** CPU nanoseconds PostgreSQL's backends of one application name have run so far (`/proc/<pid>/schedstat`). */
async function backendNanos(admin: pg.Client, application: string): Promise<bigint> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1',
    [application],
  );
  let sum = 0n;
  for (const { pid } of rows) {
    try {
      sum += BigInt(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a backend that ended between the query and the read ran nothing more
    }
  }
  return sum;
}

/** This checkout at HEAD with the session check switched off (`bench/session-check-off.patch`), or why not. */
function checkoutWithout(): { dir: string; remove: () => void } | string {
  const root = path.resolve(import.meta.dirname, '..');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-without-session-'));
  rmSync(dir, { recursive: true });
  try {
    execFileSync('git', ['worktree', 'add', '--detach', dir, 'HEAD'], { cwd: root, stdio: 'ignore' });
  } catch {
    return 'git worktree add failed (not a git checkout?)';
  }
  const remove = () => execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
  try {
    execFileSync('git', ['apply', path.join(root, 'bench/session-check-off.patch')], { cwd: dir, stdio: 'ignore' });
  } catch {
    remove();
    return 'bench/session-check-off.patch no longer applies to HEAD: update it (the check switched off, nothing else)';
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return { dir, remove };
}

/**
 * Issue 26 item 4 as an A/B in one process: two builds of the application side by side — this
 * checkout's and HEAD's with the session check switched off (`bench/session-check-off.patch`: no
 * read-along subquery, no assertion, no hook) — on one pool, answering the same `GET /api/voucher/list` in blocks of
 * 20, the order alternated per pair (AB, BA, …). Per build: the Node CPU (process.cpuUsage over
 * the block) and the CPU of its PostgreSQL backends (schedstat, nanoseconds). Both builds share one
 * heap, one JIT, one machine state, so the drift between processes that made separate runs swing
 * ±40 % falls on both alike. On this machine throughput is bound by the CPU per request of server
 * and database together (bench/README.md, "Two server processes"), so their sum is the measure.
 */
async function withAndWithout(databaseUrl: string, headers: Record<string, string>): Promise<BenchResult[]> {
  if (!existsSync('/proc/self/schedstat')) return [valueResult('session check A/B', 'skipped', 'no /proc/<pid>/schedstat')];
  const without = checkoutWithout();
  if (typeof without === 'string') return [valueResult('session check A/B', 'skipped', without)];
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  // one pool for both builds: the same backend serves them in turn, so what is PostgreSQL's in a
  // block is that block's build's (a backend of each would bring its own caches and drift)
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', 'kontor-bench-ab');
  const handle = await openDatabase({ databaseUrl: url.toString() });
  const builds: { name: string; app: Awaited<ReturnType<typeof buildApp>> }[] = [];
  try {
    const sides = [
      ['with', path.resolve(import.meta.dirname, '..')],
      ['without', without.dir],
    ] as const;
    // the build loaded first may run a little differently all along (an A/A run showed ±5 % on a
    // busy machine): KONTOR_BENCH_SESSION_LOAD=without-first loads the other first, to run both ways
    for (const [name, root] of LOAD_WITHOUT_FIRST ? [...sides].reverse() : sides) {
      const own = (await import(path.join(root, 'src/server/app.ts'))) as typeof import('../src/server/app');
      const app = await own.buildApp({ db: handle.db, jwtSecret: 'bench-session-secret' });
      await app.ready();
      builds.push({ name, app });
    }
    builds.sort((a, b) => (a.name === 'with' ? -1 : b.name === 'with' ? 1 : 0));
    const call = async (app: (typeof builds)[number]['app']) => {
      const response = await app.inject({ url: '/api/voucher/list?page=1&rowsPerPage=15', headers });
      if (response.statusCode !== 200) throw new Error(`voucher list: ${response.statusCode} ${response.body}`);
    };
    for (const build of builds) for (let i = 0; i < 200; i++) await call(build.app);
    const totals = builds.map(() => ({ node: 0, pg: 0, wall: 0, requests: 0 }));
    const pairs: [number, number][] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const order = pair % 2 === 0 ? [0, 1] : [1, 0];
      const perRequest: number[] = [0, 0];
      for (const index of order) {
        const { app } = builds[index];
        const pgBefore = await backendNanos(admin, 'kontor-bench-ab');
        const start = performance.now();
        const since = process.cpuUsage();
        for (let i = 0; i < PER_ROUND; i++) await call(app);
        const used = process.cpuUsage(since);
        const wall = performance.now() - start;
        const pgUsed = Number((await backendNanos(admin, 'kontor-bench-ab')) - pgBefore) / 1e6;
        const total = totals[index];
        total.node += (used.user + used.system) / 1000;
        total.pg += pgUsed;
        total.wall += wall;
        total.requests += PER_ROUND;
        perRequest[index] = ((used.user + used.system) / 1000 + pgUsed) / PER_ROUND;
      }
      pairs.push([perRequest[0], perRequest[1]]);
    }
    const [withCheck, withoutCheck] = totals.map((t) => ({
      node: t.node / t.requests,
      pg: t.pg / t.requests,
      wall: t.wall / t.requests,
    }));
    const cost = (withCheck.node + withCheck.pg) / (withoutCheck.node + withoutCheck.pg) - 1;
    // 95 % interval of the cost (sum with ÷ sum without − 1) by the bootstrap: 2,000 resamples of the pairs
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const costs: number[] = [];
    for (let b = 0; b < 2000; b++) {
      let withSum = 0;
      let withoutSum = 0;
      for (let i = 0; i < pairs.length; i++) {
        const [a, c] = pairs[Math.floor(random() * pairs.length)];
        withSum += a;
        withoutSum += c;
      }
      costs.push(withSum / withoutSum - 1);
    }
    costs.sort((a, b) => a - b);
    const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
    const ms = (x: number) => `${x.toFixed(3)} ms`;
    return [
      valueResult(
        'session check A/B in one process: CPU per voucher list request (Node + PostgreSQL), with / without',
        `${ms(withCheck.node + withCheck.pg)} / ${ms(withoutCheck.node + withoutCheck.pg)} (${cost >= 0 ? '+' : ''}${percent(cost)})`,
        `${PAIRS} pairs of ${PER_ROUND} requests, order alternated, ${LOAD_WITHOUT_FIRST ? '"without"' : '"with"'} loaded first; Node ${ms(withCheck.node)} / ${ms(withoutCheck.node)}, ` +
          `PostgreSQL ${ms(withCheck.pg)} / ${ms(withoutCheck.pg)}, latency ${ms(withCheck.wall)} / ${ms(withoutCheck.wall)}; ` +
          `95 % bootstrap interval of the cost ${percent(costs[50])} … ${percent(costs[1950])}, ` +
          `median of the pair ratios ${percent(median(pairs.map(([a, c]) => a / c)) - 1)}`,
      ),
    ];
  } finally {
    for (const build of builds) await build.app.close();
    await handle.db.destroy();
    await admin.end();
    without.remove();
  }
}

export async function run(): Promise<BenchResult[]> {
  const database = await benchDatabase();
  if (typeof database !== 'string') return [valueResult('session check', 'skipped', database.missing)];
  const handle = await openDatabase({ databaseUrl: database });
  const app = await buildApp({ db: handle.db, jwtSecret: 'bench-session-secret' });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: scaleTenantUser(TENANT), password: DEMO_PASSWORD },
    });
    if (login.statusCode !== 200)
      return [valueResult('session check', 'skipped', `login failed: ${login.statusCode} ${login.body.slice(0, 200)}`)];
    const headers = { authorization: `Bearer ${login.json().token as string}` };
    const list = await perCall(async () => {
      const response = await app.inject({ url: '/api/voucher/list?page=1&rowsPerPage=15', headers });
      if (response.statusCode !== 200)
        throw new Error(`voucher list: ${response.statusCode} ${response.body}`);
    });
    // a route without a statement of its own to ride along: the current user (one read of the user)
    const current = await perCall(async () => {
      const response = await app.inject({ url: '/api/user-management/user/current', headers });
      if (response.statusCode !== 200)
        throw new Error(`current user: ${response.statusCode} ${response.body}`);
    });
    // Issue 26 item 7: the reset request does the same work for a known and an unknown address
    // (the link and its mail are written for a stand-in and rolled back): their latencies, rounds
    // taken in turn so the machine's drift falls on both; each request from an address of its own
    // (the burst limit counts per source address)
    let source = 0;
    const resetFor = (email: string) => async () => {
      source++;
      const response = await app.inject({
        method: 'POST',
        url: '/api/user-management/command/password-reset/request',
        payload: { email },
        remoteAddress: `10.${(source >> 16) & 255}.${(source >> 8) & 255}.${source & 255}`,
      });
      if (response.statusCode !== 200)
        throw new Error(`reset request: ${response.statusCode} ${response.body}`);
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push((await perCall(resetFor(scaleTenantUser(TENANT)))).wall);
      unknown.push((await perCall(resetFor(`niemand-${i}@example.com`))).wall);
    }
    const ab = await withAndWithout(database, headers);
    const base = `PostgreSQL, tenant ${TENANT.toLocaleString('en-US')}, ${ROUNDS} rounds of ${PER_ROUND}, medians`;
    return [
      ...ab,
      valueResult(
        'GET /api/voucher/list (15 rows): CPU per request',
        `${list.cpu.toFixed(3)} ms`,
        `${base}; latency ${list.wall.toFixed(2)} ms`,
      ),
      valueResult(
        'password reset request: latency for a known / an unknown address',
        `${median(known).toFixed(2)} / ${median(unknown).toFixed(2)} ms`,
        `medians of 6 alternating blocks (each a median of ${ROUNDS} rounds of ${PER_ROUND}); difference ${(median(known) - median(unknown)).toFixed(2)} ms`,
      ),
      valueResult(
        'GET /api/user-management/user/current: CPU per request',
        `${current.cpu.toFixed(3)} ms`,
        `${base}; latency ${current.wall.toFixed(2)} ms`,
      ),
    ];
  } finally {
    await app.close();
    await handle.db.destroy();
  }
}
