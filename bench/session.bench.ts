import { performance } from 'node:perf_hooks';
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
 * `postgres://postgres@127.0.0.1:5432/bench_kontor_api_small`); KONTOR_BENCH_SESSION_ROUNDS (40).
 */
const DATABASE_URL =
  process.env.KONTOR_BENCH_SESSION_DB ?? 'postgres://postgres@127.0.0.1:5432/bench_kontor_api_small';
const ROUNDS = Number(process.env.KONTOR_BENCH_SESSION_ROUNDS ?? 40);
const PER_ROUND = 20;
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

export async function run(): Promise<BenchResult[]> {
  const handle = await openDatabase({ databaseUrl: DATABASE_URL });
  const app = await buildApp({ db: handle.db, jwtSecret: 'bench-session-secret' });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: scaleTenantUser(TENANT), password: DEMO_PASSWORD },
    });
    if (login.statusCode !== 200)
      return [valueResult('session check', 'skipped', `login failed: ${login.statusCode}`)];
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
    const base = `PostgreSQL, tenant ${TENANT.toLocaleString('en-US')}, ${ROUNDS} rounds of ${PER_ROUND}, medians`;
    return [
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
