import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { enums } from '../generated/enums';
import { vouchersResource } from '../generated/resources/vouchers';
import { vouchersRoutes } from '../generated/routes/vouchers';
import { variants } from '../generated/variants';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDatabase } from '../src/server/db/seed';
import { FACTORING_PRODUCTS } from '../src/server/db/seed/catalog.data';
import { DEMO_PASSWORD } from '../src/server/db/seed/demo-accounts';
import { SCALE_TENANTS, scaleTenantUser } from '../src/server/db/seed/scale.seed';
import { offeredFilterValues } from '../src/shared/enum-groups';
import { type BenchResult, CLOCK_TICKS, cpuSeconds, valueResult } from './bench-kit';

/**
 * Issue 13, the API: throughput of our endpoints against a bare Fastify server running the same SQL
 * (ratio), and how list, count, sorts, filters, deep pages, dashboard and CSV behave with tenant
 * size — on PGlite and on PostgreSQL. See bench/README.md.
 *
 * Env: KONTOR_BENCH_SCALE=small (tenants of 100 and 1,000 vouchers, 2 s runs: for development);
 * DATABASE_URL (a PostgreSQL server to create the benchmark database on; default the local one,
 * skipped when unreachable); KONTOR_BENCH_CACHE (where built databases are kept, default the
 * system's temporary folder); KONTOR_BENCH_FRESH=1 rebuilds them; KONTOR_BENCH_DURATION (seconds
 * per load run); KONTOR_BENCH_ENGINES=pglite,postgres; KONTOR_BENCH_PREPARE_ONLY=1 builds the
 * databases and measures nothing; KONTOR_BENCH_ONLY=<parts> (comma list of ratio, scaling,
 * dashboard, csv) measures only those parts (default: all); KONTOR_BENCH_ENDPOINTS=<keys> (comma list,
 * e.g. actionLog,adminCreditorList) only those endpoints of the ratio part.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const SMALL = process.env.KONTOR_BENCH_SCALE === 'small';
const TENANTS: number[] = SMALL ? [100, 1_000] : [...SCALE_TENANTS];
/** the tenant of the throughput comparison: the size of the issue's largest large-set creditor */
const RATIO_TENANT = TENANTS[1];
const DURATION = Number(process.env.KONTOR_BENCH_DURATION ?? (SMALL ? 2 : 5));
const CONNECTIONS = [20, 50];
const ROWS = 15;
const DEEP_PAGE = 500;
const PORTS = { ours: 3950, bare: 3951 };
const ENGINES = (process.env.KONTOR_BENCH_ENGINES ?? 'pglite,postgres').split(',');
/** The parts to measure (KONTOR_BENCH_ONLY, a comma list); empty: all of them. */
const PARTS = ['ratio', 'scaling', 'dashboard', 'csv'];
const ONLY = new Set((process.env.KONTOR_BENCH_ONLY ?? '').split(',').map((p) => p.trim()).filter(Boolean));
for (const part of ONLY) if (!PARTS.includes(part)) throw new Error(`KONTOR_BENCH_ONLY: unknown part ${part} (${PARTS.join(', ')})`);
const measures = (part: string) => ONLY.size === 0 || ONLY.has(part);
const CACHE = process.env.KONTOR_BENCH_CACHE ?? path.join(os.tmpdir(), 'kontor-bench-cache');
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PRODUCT = FACTORING_PRODUCTS[0];

type Engine = 'pglite' | 'postgres';
const ENGINE_NAME: Record<Engine, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
const thousands = (n: number) => n.toLocaleString('en-US');
const tenantLabel = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

// ---------------------------------------------------------------------------------------------
// The benchmark database: demo data plus the scale tenants (seed size `scale`), built once and kept

/** Changes whenever migrations, seed or tenant sizes change: a kept database is then rebuilt. */
function cacheKey(): string {
  const hash = createHash('sha1').update(JSON.stringify(TENANTS));
  for (const dir of ['src/server/db/migrations', 'src/server/db/seed']) {
    for (const file of readdirSync(path.join(ROOT, dir)).sort()) {
      hash.update(file).update(readFileSync(path.join(ROOT, dir, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

interface PreparedDatabase {
  engine: Engine;
  dataDir?: string;
  databaseUrl?: string;
  /** seconds the seed took (now or when the kept database was built) */
  seedSeconds: number;
  cached: boolean;
}

async function seedInto(options: { databaseUrl?: string; dataDir?: string }): Promise<number> {
  const handle = await openDatabase(options);
  try {
    await migrateToLatest(handle);
    const started = performance.now();
    let last = 0;
    await seedDatabase(handle.db, {
      size: 'scale',
      scaleTenants: TENANTS,
      onProgress: (p) => {
        if (p.creditors > last) console.log(`  seeded ${p.creditors}/${p.totalCreditors} scale tenants, ${thousands(p.vouchers)} vouchers`);
        last = p.creditors;
      },
    });
    return (performance.now() - started) / 1000;
  } finally {
    await handle.close();
  }
}

async function preparePglite(key: string): Promise<PreparedDatabase> {
  const scale = SMALL ? 'small' : 'full';
  const dataDir = path.join(CACHE, `pglite-${scale}-${key}`);
  const marker = path.join(CACHE, `pglite-${scale}-${key}.json`);
  if (existsSync(marker) && process.env.KONTOR_BENCH_FRESH !== '1') {
    return { engine: 'pglite', dataDir, seedSeconds: JSON.parse(readFileSync(marker, 'utf8')).seedSeconds, cached: true };
  }
  mkdirSync(CACHE, { recursive: true });
  // older builds of this scale are of no use any more
  for (const name of readdirSync(CACHE)) {
    if (name.startsWith(`pglite-${scale}-`)) rmSync(path.join(CACHE, name), { recursive: true, force: true });
  }
  console.log(`  building the PGlite benchmark database in ${dataDir}`);
  const seedSeconds = await seedInto({ dataDir });
  writeFileSync(marker, JSON.stringify({ seedSeconds, tenants: TENANTS }));
  return { engine: 'pglite', dataDir, seedSeconds, cached: false };
}

async function preparePostgres(key: string): Promise<PreparedDatabase | string> {
  // KONTOR_BENCH_DB names the database (parallel work trees must not rebuild each other's)
  const name = process.env.KONTOR_BENCH_DB ?? `bench_kontor_api_${SMALL ? 'small' : 'full'}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL not reachable at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}: ${(error as Error).message}`;
  }
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    const { rows } = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    );
    const comment = rows[0]?.comment ?? '';
    if (comment.startsWith(`kontor-bench ${key} `) && process.env.KONTOR_BENCH_FRESH !== '1') {
      return { engine: 'postgres', databaseUrl, seedSeconds: Number(comment.split(' ')[2]), cached: true };
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    console.log(`  building the PostgreSQL benchmark database ${name}`);
    const seedSeconds = await seedInto({ databaseUrl });
    await admin.query(`comment on database ${name} is 'kontor-bench ${key} ${seedSeconds.toFixed(1)}'`);
    return { engine: 'postgres', databaseUrl, seedSeconds, cached: false };
  } finally {
    await admin.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The server process (bench/api-server.ts): ours and the bare one

interface BenchServer {
  process: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(database: PreparedDatabase): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/api-server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      BENCH_DATABASE_URL: database.databaseUrl ?? '',
      BENCH_DATA_DIR: database.dataDir ?? '',
      BENCH_OURS_PORT: String(PORTS.ours),
      BENCH_BARE_PORT: String(PORTS.bare),
      BENCH_TMP_DIR: os.tmpdir(),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bench server did not start within 180 s')), 180_000);
    child.on('exit', (code) => reject(new Error(`bench server ended with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('bench-server ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const OURS = `http://127.0.0.1:${PORTS.ours}`;
const BARE = `http://127.0.0.1:${PORTS.bare}`;

async function login(username: string): Promise<string> {
  const response = await fetch(`${OURS}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login of ${username} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

async function getJson<T>(url: string, token?: string): Promise<T> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/** One request, timed from sending to the last byte of the answer. */
async function timed(url: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return performance.now() - started;
}

/**
 * p50 of sequential requests after one warm-up: 5 samples, 3 when the warm-up took 100 ms or more,
 * 1 when it took a second or more (keeps the full run near 15 minutes).
 */
async function p50(url: string, token: string): Promise<number> {
  const first = await timed(url, token);
  const count = first >= 1000 ? 1 : first >= 100 ? 3 : 5;
  const samples: number[] = [];
  while (samples.length < count) samples.push(await timed(url, token));
  return median(samples);
}

interface Statement {
  sql: string;
  ms: number;
}

/** Records the SQL that one request of ours runs and keeps it as the bare page `name`. */
async function record(name: string, url: string, token: string): Promise<Statement[][]> {
  await fetch(`${BARE}/__bench/record`, { method: 'POST' });
  await timed(url, token);
  const response = await fetch(`${BARE}/__bench/keep/${name}`, { method: 'POST' });
  return (await response.json()) as Statement[][];
}

// ---------------------------------------------------------------------------------------------
// Throughput: ours against the bare ceiling

interface LoadRun {
  rps: number;
  p50: number;
  errors: number;
  /** CPU ms per answer of the bench server's process (ours and the bare one share it; PGlite runs inside it) */
  serverCpuMs: number;
  /** CPU ms per answer of this machine's PostgreSQL processes (0 on PGlite) */
  databaseCpuMs: number;
}

/**
 * CPU seconds (user + system) of this machine's PostgreSQL processes so far (backends and helpers),
 * with those of the backends that ended (the postmaster's reaped children's times): a pool's idle
 * connections close after 10 s, and their CPU must not drop out of the sum (it read negative).
 */
function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // a process that ended between the listing and the read
    }
  }
  return ticks / CLOCK_TICKS;
}

async function cannon(url: string, connections: number, duration: number, token?: string): Promise<LoadRun> {
  // where a request's CPU goes (issue 32: a list below its bare ceiling is explained by these)
  const server0 = cpuSeconds(serverPid);
  const database0 = postgresCpuSeconds();
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (result.requests.total < 20) console.warn(`  only ${result.requests.total} answers from ${url} in ${duration} s`);
  return {
    // completed answers over the whole run (the per-second average leaves out a slow last second)
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    errors: result.errors + result.timeouts + result.non2xx,
    serverCpuMs: ((cpuSeconds(serverPid) - server0) * 1000) / Math.max(1, result.requests.total),
    databaseCpuMs: ((postgresCpuSeconds() - database0) * 1000) / Math.max(1, result.requests.total),
  };
}

interface Endpoint {
  key: string;
  label: string;
  path: string;
  /** the list query the bare server's reference implementation answers (else it replays ours) */
  reference?: object;
  /** who asks (default: the ratio tenant's user) */
  user?: string;
}

const ENDPOINTS: Endpoint[] = [
  {
    key: 'voucherList',
    label: `GET /api/voucher/list (${ROWS} rows, status open, newest upload first)`,
    path: `/api/voucher/list?page=1&rowsPerPage=${ROWS}&sortBy=uploaded&sortDesc=true&filters[status][]=open`,
    // the issue's ceiling: a plain implementation's five queries (api-server.ts), not ours replayed
    reference: { page: 1, rowsPerPage: ROWS, sortBy: 'uploaded', sortDesc: true, filters: { status: ['open'] } },
  },
  {
    key: 'debtorList',
    label: `GET /api/debtor/list (${ROWS} rows)`,
    path: `/api/debtor/list?page=1&rowsPerPage=${ROWS}`,
    // a plain implementation: page, count and the creditor's limits in parallel (api-server.ts)
    reference: { page: 1, rowsPerPage: ROWS, sortDesc: false },
  },
  {
    key: 'dashboard',
    label: 'GET /api/dashboard',
    path: '/api/dashboard',
    // a plain implementation: the kept figures and each live widget's read in parallel (api-server.ts)
    reference: {},
  },
  // issue 32: the admin creditor list, the action log (the admin's scope is every product) and the
  // work queue, each folded into one statement; a plain implementation: the page and the count in
  // parallel (api-server.ts)
  {
    key: 'adminCreditorList',
    label: `GET /api/creditor/list (${ROWS} rows, admin)`,
    path: `/api/creditor/list?page=1&rowsPerPage=${ROWS}`,
    user: 'admin@example.com',
    reference: { page: 1, rowsPerPage: ROWS, sortDesc: false },
  },
  {
    key: 'actionLog',
    label: `GET /api/action-log/list (${ROWS} rows, admin)`,
    path: `/api/action-log/list?page=1&rowsPerPage=${ROWS}`,
    user: 'admin@example.com',
    reference: { page: 1, rowsPerPage: ROWS, sortDesc: false },
  },
  {
    key: 'workQueue',
    label: `GET /api/user-information/work-queue/list (${ROWS} rows)`,
    path: `/api/user-information/work-queue/list?page=1&rowsPerPage=${ROWS}`,
    reference: { page: 1, rowsPerPage: ROWS, sortDesc: false },
  },
];

/** The ratio part's endpoints to measure (KONTOR_BENCH_ENDPOINTS, a comma list of keys); empty: all of them. */
const ENDPOINT_KEYS = new Set((process.env.KONTOR_BENCH_ENDPOINTS ?? '').split(',').map((k) => k.trim()).filter(Boolean));
for (const key of ENDPOINT_KEYS)
  if (!ENDPOINTS.some((e) => e.key === key))
    throw new Error(`KONTOR_BENCH_ENDPOINTS: unknown endpoint ${key} (${ENDPOINTS.map((e) => e.key).join(', ')})`);

interface RatioRow {
  engine: Engine;
  endpoint: Endpoint;
  connections: number;
  statements: number;
  waves: number;
  bareStatements: number;
  bareWaves: number;
  ours: LoadRun;
  bare: LoadRun;
}

async function measureRatios(engine: Engine, tenantToken: string): Promise<RatioRow[]> {
  const rows: RatioRow[] = [];
  const tokens = new Map<string, string>();
  for (const endpoint of ENDPOINTS.filter((e) => ENDPOINT_KEYS.size === 0 || ENDPOINT_KEYS.has(e.key))) {
    if (endpoint.user && !tokens.has(endpoint.user)) tokens.set(endpoint.user, await login(endpoint.user));
    const token = endpoint.user ? tokens.get(endpoint.user)! : tenantToken;
    // one request first: what ours runs when warm (the dashboard computes its kept figures once)
    await timed(`${OURS}${endpoint.path}`, token);
    const waves = await record(endpoint.key, `${OURS}${endpoint.path}`, token);
    const statements = waves.flat().length;
    const bareWaves = endpoint.reference
      ? await postJson<Statement[][]>(`${BARE}/__bench/reference/${endpoint.key}`, {
          username: scaleTenantUser(RATIO_TENANT),
          query: endpoint.reference,
        })
      : waves;
    if (process.env.KONTOR_BENCH_VERBOSE === '1') {
      console.log(`  ${endpoint.key}: the SQL of one request, in waves of parallel statements`);
      for (const [i, wave] of waves.entries())
        for (const s of wave) console.log(`    ${i + 1}. ${s.ms.toFixed(2)} ms  ${s.sql.replace(/\s+/g, ' ').slice(0, 240)}`);
    }
    const bareUrl = `${BARE}/bare/${endpoint.key}`;
    // warm both up (JIT, caches, connections)
    await cannon(`${OURS}${endpoint.path}`, 10, 1, token);
    await cannon(bareUrl, 10, 1);
    for (const connections of CONNECTIONS) {
      const ours = await cannon(`${OURS}${endpoint.path}`, connections, DURATION, token);
      const bare = await cannon(bareUrl, connections, DURATION);
      rows.push({
        engine,
        endpoint,
        connections,
        statements,
        waves: waves.length,
        bareStatements: bareWaves.flat().length,
        bareWaves: bareWaves.length,
        ours,
        bare,
      });
      console.log(
        `  ${ENGINE_NAME[engine]} ${endpoint.key} ${connections}c: ours ${ours.rps.toFixed(0)}/s, bare ${bare.rps.toFixed(0)}/s → ${(ours.rps / bare.rps).toFixed(2)}× ` +
          `(CPU ms per request ours / bare: server ${ours.serverCpuMs.toFixed(2)} / ${bare.serverCpuMs.toFixed(2)}, PostgreSQL ${ours.databaseCpuMs.toFixed(2)} / ${bare.databaseCpuMs.toFixed(2)})`,
      );
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Scaling: every sort and filter of the voucher list, page 1 and a deep page, per tenant

interface Variant {
  label: string;
  query: string;
}

const SORTS: readonly string[] = vouchersRoutes.list.schema.querystring.properties.sortBy.enum;

const enc = (value: string) => encodeURIComponent(value);
const filterQuery = (key: string, values: (string | number | boolean)[]) =>
  values.map((value) => `filters[${key}][]=${enc(String(value))}`).join('&');
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The default order, each sortable column ascending (the UI's first click), and each filter once. */
async function variantsFor(token: string): Promise<Variant[]> {
  const list = await getJson<{ vouchers: { debtor: { id: number } | null }[] }>(
    `${OURS}/api/voucher/list?page=1&rowsPerPage=${ROWS}`,
    token,
  );
  const [locations, amounts, bnetIds, fileNumbers] = await Promise.all([
    getJson<{ id: number }[]>(`${OURS}/api/voucher/location/list`, token),
    getJson<{ value: number }[]>(`${OURS}/api/voucher/amount-list`, token),
    getJson<string[]>(`${OURS}/api/voucher/bnet-identifier/list`, token),
    getJson<string[]>(`${OURS}/api/voucher/encashment-file-number/list`, token),
  ]);
  const debtorId = list.vouchers.find((v) => v.debtor)?.debtor?.id;
  const result: Variant[] = [{ label: 'default order (newest upload)', query: '' }];
  for (const sort of SORTS) result.push({ label: `sort ${sort} ↑`, query: `sortBy=${sort}&sortDesc=false` });
  const first = (key: string, fallback: string) => {
    const filter = vouchersResource.list.filters.find((f) => f.key === key)!;
    const offered = filter.enum ? offeredFilterValues(filter, variants[PRODUCT], enums[filter.enum]) : undefined;
    const values = offered ? [...offered] : (enums[filter.enum!]?.values.map((v) => String(v.value)) ?? []);
    return values.includes(fallback) ? fallback : values[0];
  };
  const choices: Record<string, (string | number | boolean)[] | undefined> = {
    number: ['123'],
    status: ['open'],
    purchaseStatusGroup: [first('purchaseStatusGroup', 'purchased')],
    subStatus: [first('subStatus', 'halt')],
    subStatusGroup: [first('subStatusGroup', '')],
    type: ['invoice'],
    typeGroup: [first('typeGroup', '')],
    timePeriod: ['last_30_days'],
    voucherDate: [isoDay(-90), isoDay(0)],
    paymentDeadline: [isoDay(-30), isoDay(30)],
    amount: amounts[0] ? [amounts[0].value] : undefined,
    debtor: debtorId ? [debtorId] : undefined,
    location: locations[0] ? [locations[0].id] : undefined,
    bnetId: bnetIds[0] ? [bnetIds[0]] : undefined,
    encashmentFileNumber: fileNumbers[0] ? [fileNumbers[0]] : undefined,
    source: [first('source', 'upload')],
    hasWorkQueue: [true],
  };
  for (const filter of vouchersResource.list.filters) {
    const values = choices[filter.key];
    if (!values || values.some((v) => v === undefined)) {
      result.push({ label: `filter ${filter.key} (no value in this tenant)`, query: '' });
      continue;
    }
    // the label must be the same for every tenant: values that differ per tenant are described
    const shown: Record<string, string> = {
      voucherDate: 'last 90 days',
      paymentDeadline: '±30 days',
      amount: 'first of /voucher/amount-list',
      debtor: "first row's debtor",
      location: 'first of /voucher/location/list',
      bnetId: 'first of its list',
      encashmentFileNumber: 'first of its list',
    };
    result.push({
      label: `filter ${filter.key} = ${shown[filter.key] ?? values.join(',')}`,
      query: filterQuery(filter.key, values),
    });
  }
  return result;
}

interface ScaleCell {
  endpoint: number;
  list: number;
  count: number;
  total: number;
  page: number;
}

interface ScaleTable {
  engine: Engine;
  /** variant label → 'page 1' | 'deep' → tenant → cell */
  cells: Map<string, Map<string, Map<number, ScaleCell>>>;
  dashboard: Map<number, number>;
  vouchers: Map<number, number>;
}

async function scaleCell(query: string, page: number, token: string): Promise<ScaleCell & { raw: string }> {
  const url = `${OURS}/api/voucher/list?page=${page}&rowsPerPage=${ROWS}${query ? `&${query}` : ''}`;
  const endpoint = await p50(url, token);
  await record('scale', url, token);
  const timings = await getJson<Statement[]>(`${BARE}/__bench/time/scale?repeat=${endpoint < 300 ? 3 : 1}`);
  const list = timings.find((s) => /\blimit\b/.test(s.sql) && /\boffset\b/.test(s.sql))?.ms ?? Number.NaN;
  // counted, or summed from the tally (migration 0087) in the statement that reads the creditor's limits
  const count = timings.find((s) => /count\(\*\)|voucher_tally/.test(s.sql))?.ms ?? Number.NaN;
  const body = await getJson<{ count: number }>(url, token);
  return { endpoint, list, count, total: body.count, page, raw: url };
}

async function measureScaling(engine: Engine): Promise<{ table: ScaleTable; csv?: CsvRun }> {
  const table: ScaleTable = { engine, cells: new Map(), dashboard: new Map(), vouchers: new Map() };
  let csv: CsvRun | undefined;
  for (const tenant of TENANTS) {
    const started = performance.now();
    const token = await login(scaleTenantUser(tenant));
    const variantList = measures('scaling') ? await variantsFor(token) : [];
    for (const variant of variantList) {
      if (variant.label.includes('no value')) continue;
      const byPage = table.cells.get(variant.label) ?? new Map<string, Map<number, ScaleCell>>();
      table.cells.set(variant.label, byPage);
      const first = await scaleCell(variant.query, 1, token);
      if (variant.query === '') table.vouchers.set(tenant, first.total);
      const lastPage = Math.max(1, Math.ceil(first.total / ROWS));
      const deep = await scaleCell(variant.query, Math.min(DEEP_PAGE, lastPage), token);
      for (const [key, cell] of [['page 1', first], ['deep', deep]] as const) {
        const byTenant = byPage.get(key) ?? new Map<number, ScaleCell>();
        byPage.set(key, byTenant);
        byTenant.set(tenant, cell);
      }
    }
    if (measures('dashboard')) table.dashboard.set(tenant, await p50(`${OURS}/api/dashboard`, token));
    if (measures('csv') && tenant === TENANTS[TENANTS.length - 1]) csv = await measureCsv(token);
    console.log(`  ${ENGINE_NAME[engine]} tenant ${tenantLabel(tenant)}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return { table, csv };
}

// ---------------------------------------------------------------------------------------------
// CSV export of the largest tenant: time and the server process's RSS growth

interface CsvRun {
  seconds: number;
  bytes: number;
  lines: number;
  rssGrowthMb: number;
  baseRssMb: number;
}

let serverPid = 0;
const rssMb = () => {
  const status = readFileSync(`/proc/${serverPid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function measureCsv(token: string): Promise<CsvRun> {
  const baseRssMb = rssMb();
  let peak = baseRssMb;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 25);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const response = await fetch(`${OURS}/api/voucher/csv`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok || !response.body) throw new Error(`CSV: ${response.status}`);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssMb());
  return { seconds: (performance.now() - started) / 1000, bytes, lines, rssGrowthMb: peak - baseRssMb, baseRssMb };
}

const csvResult = (name: string, csv: CsvRun) =>
  valueResult(
    `${name}: GET /api/voucher/csv of ${thousands(csv.lines - 1)} vouchers, server RSS growth`,
    `${csv.rssGrowthMb.toFixed(1)} MB`,
    `aim ≤ 50 MB; ${csv.seconds.toFixed(1)} s, ${(csv.bytes / 2 ** 20).toFixed(1)} MB of CSV, RSS before ${csv.baseRssMb.toFixed(0)} MB`,
  );

const csvAim = (name: string, csv: CsvRun) =>
  `${csv.rssGrowthMb <= 50 ? '✓' : '✗'} ${name}, CSV of ${thousands(csv.lines - 1)} vouchers: RSS growth ${csv.rssGrowthMb.toFixed(1)} MB in ${csv.seconds.toFixed(1)} s (aim ≤ 50 MB)`;

// ---------------------------------------------------------------------------------------------

const markdown: string[] = [];

/** The scaling tables and aims of the last run, appended to this file's section of RESULTS.md. */
export function report(): string {
  return markdown.join('\n');
}

export async function run(): Promise<BenchResult[]> {
  markdown.length = 0;
  const results: BenchResult[] = [];
  const key = cacheKey();
  const small = TENANTS[0];
  const big = TENANTS[TENANTS.length - 1];
  const aims: string[] = [];
  const [load1] = os.loadavg();
  markdown.push(
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average at the start ${load1.toFixed(1)} ` +
      `(${load1 > 1.5 ? 'the machine was shared with other jobs: the figures are upper bounds' : 'otherwise idle'}). ` +
      `Tenants: ${TENANTS.map(thousands).join(' / ')} vouchers (about; seed size \`scale\`${SMALL ? ', KONTOR_BENCH_SCALE=small' : ''}). ` +
      `Load runs: autocannon, ${DURATION} s each at ${CONNECTIONS.join(' and ')} connections, ours and bare in turn against one server process ` +
      `(bench/api-server.ts); the machine has ${os.cpus().length} cores shared by server, load generator and database. ` +
      `Sequential latencies are p50 of 5 requests after one warm-up (3 when the warm-up took ≥ 100 ms, 1 when ≥ 1 s); ` +
      `"list" and "count" are the page query and the count query alone (the SQL our endpoint ran, replayed; median of 3, 1 run when the endpoint took ≥ 300 ms).`,
    '',
  );
  for (const engine of ENGINES as Engine[]) {
    const name = ENGINE_NAME[engine];
    console.log(`  ${name}: preparing the database`);
    const prepared = engine === 'pglite' ? await preparePglite(key) : await preparePostgres(key);
    if (typeof prepared === 'string') {
      results.push(valueResult(`${name}: skipped`, '–', prepared));
      continue;
    }
    if (process.env.KONTOR_BENCH_PREPARE_ONLY === '1') continue;
    results.push(
      valueResult(
        `${name}: seed (demo + scale tenants, VACUUM ANALYZE)`,
        `${prepared.seedSeconds.toFixed(0)} s`,
        prepared.cached ? 'built by an earlier run and kept (cache)' : 'built in this run',
      ),
    );
    const server = await startServer(prepared);
    serverPid = server.process.pid!;
    try {
      const ratios = measures('ratio') ? await measureRatios(engine, await login(scaleTenantUser(RATIO_TENANT))) : [];
      const cpu = (ms: number) => ms.toFixed(2);
      for (const row of ratios) {
        const ratio = row.ours.rps / row.bare.rps;
        results.push(
          valueResult(
            `${name}: ${row.endpoint.label}, ${row.connections} connections, ours ÷ bare`,
            `${ratio.toFixed(2)} ×`,
            `tenant ${tenantLabel(RATIO_TENANT)}; ours ${row.ours.rps.toFixed(0)} req/s (p50 ${row.ours.p50} ms), bare ${row.bare.rps.toFixed(0)} req/s (p50 ${row.bare.p50} ms); ` +
              `ours ${row.statements} statements in ${row.waves} round-trip waves, bare ${row.bareStatements} in ${row.bareWaves}; ` +
              `CPU ms per request ours / bare: server ${cpu(row.ours.serverCpuMs)} / ${cpu(row.bare.serverCpuMs)}` +
              `${engine === 'postgres' ? `, PostgreSQL ${cpu(row.ours.databaseCpuMs)} / ${cpu(row.bare.databaseCpuMs)}` : ''}` +
              `${row.ours.errors + row.bare.errors ? `; ${row.ours.errors + row.bare.errors} errors` : ''}`,
          ),
        );
        // issue 32: every list and the dashboard (issue 13: the voucher list)
        aims.push(
          `${ratio >= 1 ? '✓' : '✗'} ${name}, ${row.endpoint.key} at ${row.connections} connections: ${ratio.toFixed(2)} × the bare ceiling (aim ≥ 1.0)`,
        );
      }
      const { table, csv } = await measureScaling(engine);
      if (measures('scaling')) markdown.push(...scalingMarkdown(table, aims));
      const dashboard = table.dashboard.get(big) ?? Number.NaN;
      if (measures('dashboard')) results.push(
        valueResult(
          `${name}: GET /api/dashboard p50 at ${tenantLabel(big)} vouchers`,
          `${fmt(dashboard)} ms`,
          `aim ≤ 100 ms; ${TENANTS.map((t) => `${tenantLabel(t)}: ${fmt(table.dashboard.get(t) ?? Number.NaN)} ms`).join(', ')}`,
        ),
      );
      if (measures('dashboard')) aims.push(`${dashboard <= 100 ? '✓' : '✗'} ${name}, dashboard p50 at ${tenantLabel(big)}: ${fmt(dashboard)} ms (aim ≤ 100 ms)`);
      if (csv) {
        results.push(csvResult(name, csv));
        aims.push(csvAim(name, csv));
      }
    } finally {
      await server.stop();
    }
  }
  markdown.push(`### Aims (tenant ${tenantLabel(big)} against ${tenantLabel(small)})`, '', ...aims.map((a) => `- ${a}`), '');
  return results;
}

function scalingMarkdown(table: ScaleTable, aims: string[]): string[] {
  const small = TENANTS[0];
  const big = TENANTS[TENANTS.length - 1];
  const name = ENGINE_NAME[table.engine];
  const lines = [
    `### ${name}: voucher list by tenant size — endpoint p50 ms (list SQL / count SQL)`,
    '',
    `Vouchers per tenant: ${TENANTS.map((t) => `${tenantLabel(t)} = ${thousands(table.vouchers.get(t) ?? 0)}`).join(', ')}. ` +
      `Deep page: page ${DEEP_PAGE} or the last. Aim: ${tenantLabel(big)} ≤ 3 × ${tenantLabel(small)} (last column: endpoint ratio).`,
    '',
    `| variant | page | ${TENANTS.map(tenantLabel).join(' | ')} | ${tenantLabel(big)} ÷ ${tenantLabel(small)} |`,
    `|---|---|${TENANTS.map(() => '---:').join('|')}|---:|`,
  ];
  const failed: string[] = [];
  for (const [variant, byPage] of table.cells) {
    for (const [page, byTenant] of byPage) {
      const cells = TENANTS.map((t) => {
        const cell = byTenant.get(t);
        if (!cell) return '–';
        const pageNote = page === 'deep' ? ` p${cell.page}` : '';
        return `${fmt(cell.endpoint)} (${fmt(cell.list)} / ${fmt(cell.count)})${pageNote}`;
      });
      const a = byTenant.get(small)?.endpoint ?? Number.NaN;
      const b = byTenant.get(big)?.endpoint ?? Number.NaN;
      const ratio = b / a;
      if (!(ratio <= 3)) failed.push(`${variant} (${page}): ${ratio.toFixed(1)} ×, ${fmt(b)} ms`);
      lines.push(`| ${variant} | ${page} | ${cells.join(' | ')} | ${ratio.toFixed(1)} ×${ratio <= 3 ? '' : ' ✗'} |`);
    }
  }
  lines.push(
    '',
    `Dashboard p50: ${TENANTS.map((t) => `${tenantLabel(t)} ${fmt(table.dashboard.get(t) ?? Number.NaN)} ms`).join(', ')}.`,
    '',
  );
  const total = [...table.cells.values()].reduce((sum, byPage) => sum + byPage.size, 0);
  aims.push(
    failed.length === 0
      ? `✓ ${name}, list + count p50 at ${tenantLabel(big)} ≤ 3 × ${tenantLabel(small)} for all ${total} sort/filter × page cases`
      : `✗ ${name}, list + count p50 at ${tenantLabel(big)} ≤ 3 × ${tenantLabel(small)}: ${total - failed.length} of ${total} cases hold; not: ${failed.join('; ')}`,
  );
  return lines;
}
