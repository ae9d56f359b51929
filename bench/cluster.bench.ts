import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDatabase } from '../src/server/db/seed';
import { DEMO_PASSWORD } from '../src/server/db/seed/demo-accounts';
import { scaleTenantUser } from '../src/server/db/seed/scale.seed';
import { type BenchResult, cpuSeconds, valueResult } from './bench-kit';

/**
 * Issue 32, item 5: does a second server process add throughput? The voucher list (the api bench's
 * request: 15 rows, status open, newest upload first, a tenant of 10,000 vouchers) under autocannon
 * against one server process and against two (node:cluster, bench/cluster-server.ts: two
 * applications with a pool of 10 connections each behind one port) on the same PostgreSQL database —
 * with the CPU each side used during the run (server processes, the database's backends of this
 * database, the load generator, and the whole machine), which names the limit.
 *
 * Env: DATABASE_URL (the PostgreSQL server; default the local one, skipped when unreachable);
 * KONTOR_BENCH_CLUSTER_DB (the database, default bench_kontor_cluster; kept between runs, rebuilt
 * when migrations or seed change, or with KONTOR_BENCH_FRESH=1); KONTOR_BENCH_DURATION (seconds per
 * run, default 10); KONTOR_BENCH_CLUSTER_ROUNDS (alternating rounds of one and two processes,
 * default 2); KONTOR_BENCH_PORT (the servers' port, default 3952).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.KONTOR_BENCH_CLUSTER_DB ?? 'bench_kontor_cluster';
const TENANT = 10_000;
const DURATION = Number(process.env.KONTOR_BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.KONTOR_BENCH_CLUSTER_ROUNDS ?? 2);
const CONNECTIONS = [20, 50];
const PORT = Number(process.env.KONTOR_BENCH_PORT ?? 3952);
const BASE = `http://127.0.0.1:${PORT}`;
const LIST = '/api/voucher/list?page=1&rowsPerPage=15&sortBy=uploaded&sortDesc=true&filters[status][]=open';
const TICKS = 100; // USER_HZ: /proc's CPU times are in hundredths of a second on Linux

/** Changes whenever migrations or seed change: the kept database is then rebuilt. */
function cacheKey(): string {
  const hash = createHash('sha1').update(String(TENANT));
  for (const dir of ['src/server/db/migrations', 'src/server/db/seed']) {
    for (const file of readdirSync(path.join(ROOT, dir)).sort()) hash.update(file).update(readFileSync(path.join(ROOT, dir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The benchmark database (demo data and one scale tenant), built once and kept; or why not. */
async function prepareDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`PostgreSQL not reachable at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}: ${(error as Error).message}`);
  }
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${DB_NAME}`;
    const key = cacheKey();
    const { rows } = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [DB_NAME],
    );
    if (rows[0]?.comment === `kontor-bench-cluster ${key}` && process.env.KONTOR_BENCH_FRESH !== '1') return url.toString();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
    console.log(`  building the benchmark database ${DB_NAME} (demo data and a tenant of ${TENANT} vouchers)`);
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      await migrateToLatest(handle);
      await seedDatabase(handle.db, { size: 'scale', scaleTenants: [TENANT] });
    } finally {
      await handle.close();
    }
    await admin.query(`analyze`).catch(() => undefined);
    await admin.query(`comment on database ${DB_NAME} is 'kontor-bench-cluster ${key}'`);
    return url.toString();
  } finally {
    await admin.end();
  }
}

interface Server {
  pids: number[];
  stop(): Promise<void>;
}

async function startServer(databaseUrl: string, processes: number): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/cluster-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_PORT: String(PORT), BENCH_PROCESSES: String(processes) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pids = await new Promise<number[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('cluster server did not start within 180 s')), 180_000);
    child.on('exit', (code) => reject(new Error(`cluster server ended with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const line = chunk.toString().match(/cluster-server ready ([\d ]+)/);
      if (line) {
        clearTimeout(timer);
        resolve(line[1].trim().split(' ').map(Number));
      }
    });
  });
  return {
    pids,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The whole machine's busy and total CPU seconds so far (every core, every user). */
function machineSeconds(): { busy: number; total: number } {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const values = cpu.trim().split(/\s+/).slice(1).map(Number);
  const idle = values[3] + (values[4] ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}

/** The PostgreSQL backends serving the benchmark database now (their pids, on this machine). */
async function backendPids(admin: pg.Client): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [DB_NAME],
  );
  return rows.map((row) => row.pid);
}

interface Run {
  processes: number;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** cores used during the run: server processes, database backends, load generator, whole machine */
  cores: { server: number; database: number; load: number; machine: number };
}

async function measure(server: Server, admin: pg.Client, token: string, processes: number, connections: number): Promise<Run> {
  const before = await backendPids(admin);
  const serverBefore = server.pids.map(cpuSeconds);
  const databaseBefore = new Map(before.map((pid) => [pid, cpuSeconds(pid)]));
  const loadBefore = process.cpuUsage();
  const machineBefore = machineSeconds();
  const started = performance.now();
  const result = await autocannon({
    url: `${BASE}${LIST}`,
    connections,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}` },
  });
  const seconds = (performance.now() - started) / 1000;
  const after = await backendPids(admin);
  const machineAfter = machineSeconds();
  const load = process.cpuUsage(loadBefore);
  const serverCpu = server.pids.reduce((sum, pid, i) => sum + cpuSeconds(pid) - serverBefore[i], 0);
  const database = after.reduce((sum, pid) => sum + cpuSeconds(pid) - (databaseBefore.get(pid) ?? 0), 0);
  return {
    processes,
    connections,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cores: {
      server: serverCpu / seconds,
      database: database / seconds,
      load: (load.user + load.system) / 1e6 / seconds,
      machine: ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * os.cpus().length,
    },
  };
}

let markdown = '';

export async function run(): Promise<BenchResult[]> {
  const databaseUrl = await prepareDatabase();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const runs: Run[] = [];
  const loadAverage = os.loadavg()[0];
  try {
    // alternating rounds: one process, then two, so a change in the machine's other load hits both
    for (let round = 0; round < ROUNDS; round++) {
      for (const processes of [1, 2]) {
        const server = await startServer(databaseUrl, processes);
        try {
          const login = await fetch(`${BASE}/api/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: scaleTenantUser(TENANT), password: DEMO_PASSWORD }),
          });
          if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
          const { token } = (await login.json()) as { token: string };
          // warm every process up (JIT, plans, pool connections)
          await autocannon({ url: `${BASE}${LIST}`, connections: 10, duration: 2, headers: { authorization: `Bearer ${token}` } });
          for (const connections of CONNECTIONS) {
            const measured = await measure(server, admin, token, processes, connections);
            console.log(
              `  round ${round + 1}, ${processes} process${processes > 1 ? 'es' : ''}, ${connections} connections: ${measured.rps.toFixed(0)} req/s, p50 ${measured.p50} ms; cores: server ${measured.cores.server.toFixed(2)}, database ${measured.cores.database.toFixed(2)}, load ${measured.cores.load.toFixed(2)}, machine ${measured.cores.machine.toFixed(2)}`,
            );
            runs.push(measured);
          }
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await admin.end();
  }

  const results: BenchResult[] = [];
  const best = (processes: number, connections: number) =>
    runs
      .filter((r) => r.processes === processes && r.connections === connections)
      .reduce((a, b) => (b.rps > a.rps ? b : a));
  const lines = [
    `Voucher list of a ${TENANT.toLocaleString('en-US')}-voucher tenant on PostgreSQL, ${DURATION} s per run, ${ROUNDS} alternating round(s), best run of each shown; load average at the start ${loadAverage.toFixed(1)} on ${os.cpus().length} cores. Cores: CPU seconds per second of the server processes, of this database's PostgreSQL backends, of the load generator (autocannon, in the bench's process) and of the whole machine (every user).`,
    '',
    '| Processes | Connections | req/s | p50 | p99 | errors | server cores | database cores | load generator cores | machine cores | CPU ms per request: server + database + load |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const perRequest = (r: Run, cores: number) => (cores * 1000) / r.rps;
  for (const connections of CONNECTIONS) {
    const one = best(1, connections);
    const two = best(2, connections);
    for (const r of [one, two]) {
      lines.push(
        `| ${r.processes} | ${r.connections} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${r.cores.server.toFixed(2)} | ${r.cores.database.toFixed(2)} | ${r.cores.load.toFixed(2)} | ${r.cores.machine.toFixed(2)} | ${perRequest(r, r.cores.server).toFixed(2)} + ${perRequest(r, r.cores.database).toFixed(2)} + ${perRequest(r, r.cores.load).toFixed(2)} |`,
      );
    }
    results.push(
      valueResult(
        `voucher list, ${connections} connections: two processes against one`,
        `${(two.rps / one.rps).toFixed(2)} ×`,
        `${one.rps.toFixed(0)} → ${two.rps.toFixed(0)} req/s; machine ${one.cores.machine.toFixed(2)} → ${two.cores.machine.toFixed(2)} of ${os.cpus().length} cores busy`,
      ),
    );
  }
  // what the cores allow, from the CPU a request costs (independent of what else the machine runs)
  const all = runs.filter((r) => r.rps > 0);
  const mean = (pick: (r: Run) => number) => all.reduce((sum, r) => sum + perRequest(r, pick(r)), 0) / all.length;
  const [server, database, load] = [mean((r) => r.cores.server), mean((r) => r.cores.database), mean((r) => r.cores.load)];
  const cores = os.cpus().length;
  lines.push(
    '',
    `CPU per request (mean of the runs): server ${server.toFixed(2)} ms, database ${database.toFixed(2)} ms, load generator ${load.toFixed(2)} ms — ${(server + database + load).toFixed(2)} ms. So ${cores} cores serve at most ~${((cores * 1000) / (server + database + load)).toFixed(0)} req/s however many server processes share them, and one process (one JavaScript thread) caps at ~${(1000 / server).toFixed(0)} req/s: ${1000 / server > (cores * 1000) / (server + database + load) ? 'above the cores\' limit, so a second process cannot add throughput here — the cores shared with the database and the load generator are the limit' : 'below the cores\' limit, so a second process can add throughput up to it'}.`,
  );
  markdown = lines.join('\n');
  return results;
}

export function report(): string {
  return markdown;
}
