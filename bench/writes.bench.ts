import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { createAdapters } from '../src/server/adapters';
import { buildApp } from '../src/server/app';
import { type DatabaseHandle, openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDatabase } from '../src/server/db/seed';
import { DEMO_PASSWORD } from '../src/server/db/seed/demo-accounts';
import { processDueVouchers } from '../src/server/processing/processing-runner';
import { multipart, plainPdf } from '../tests/api/upload-helpers';
import { type BenchResult, cpuSeconds, valueResult } from './bench-kit';

/**
 * Issue 32, item 3: writing. On a fresh database per engine (demo seed), `KONTOR_BENCH_UPLOADS`
 * (default 200) plain-PDF invoices are uploaded through `POST /api/voucher/upload` (the real route,
 * `app.inject`, 4 at a time, each with a debtor of the creditor chosen in the dialog) and then
 * processed end to end by `processDueVouchers` — the workers' runner, on a clock moved past the
 * editing pause — until every job is done: read, debtor, check, purchase, number, deliver, complete.
 * Reported: uploads processed end to end per minute (upload + processing), and each part's rate;
 * and the CPU time per upload end to end — this process's, and on PostgreSQL its backends' (read
 * from /proc, so the server must be on this machine) — which the load of other work moves far less
 * than the rate (bench/README.md: the rate swung by more than 2 × with the load).
 * On PostgreSQL the processing also runs with `KONTOR_BENCH_RUNNERS` (default 2) runners side by
 * side (several worker processes share the queue through FOR UPDATE SKIP LOCKED).
 * Then the state-of-affairs import (`POST /api/state-of-affairs/import`, a CSV of 2,000 rows)
 * in rows per second. The large seed's time is in the API bench (`seedSeconds`, api.bench.ts).
 *
 * What the voucher table's indexes cost the writes: KONTOR_BENCH_WITHOUT_INDEXES (a comma list of
 * index names, or `list-sorts` for the voucher list's sort and search indexes) drops them in the
 * scratch database before measuring — a what-if, not a change.
 *
 * Env: KONTOR_BENCH_ENGINES=pglite,postgres; DATABASE_URL (the PostgreSQL server, default local);
 * KONTOR_BENCH_WRITES_DB (the scratch database's name, default bench_kontor_writes; dropped after).
 */

const ENGINES = (process.env.KONTOR_BENCH_ENGINES ?? 'pglite,postgres').split(',');
const UPLOADS = Number(process.env.KONTOR_BENCH_UPLOADS ?? 200);
const RUNNERS = Number(process.env.KONTOR_BENCH_RUNNERS ?? 2);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.KONTOR_BENCH_WRITES_DB ?? 'bench_kontor_writes';
const CREDITOR = 'creditor@example.com';
/** The voucher list's sort indexes (0087, 0089, 0090) and the number search's trigram indexes. */
const LIST_SORT_INDEXES = [
  'voucher_creditor_amount_idx',
  'voucher_creditor_deadline_desc_idx',
  'voucher_creditor_deadline_idx',
  'voucher_creditor_debtor_name_desc_idx',
  'voucher_creditor_debtor_name_idx',
  'voucher_creditor_leftover_idx',
  'voucher_creditor_location_name_desc_idx',
  'voucher_creditor_location_name_idx',
  'voucher_creditor_number_to_show_desc_idx',
  'voucher_creditor_number_to_show_idx',
  'voucher_creditor_purchase_status_idx',
  'voucher_creditor_source_idx',
  'voucher_creditor_source_uploaded_idx',
  'voucher_creditor_status_sort_idx',
  'voucher_creditor_sub_status_group_idx',
  'voucher_creditor_sub_status_sort_idx',
  'voucher_creditor_sub_status_uploaded_idx',
  'voucher_creditor_type_idx',
  'voucher_creditor_voucher_date_desc_idx',
  'voucher_creditor_voucher_date_idx',
  'voucher_custom_number_trgm_idx',
  'voucher_official_number_trgm_idx',
];
const WITHOUT = (process.env.KONTOR_BENCH_WITHOUT_INDEXES ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean)
  .flatMap((name) => (name === 'list-sorts' ? LIST_SORT_INDEXES : [name]));
const ADMIN = 'admin@example.com';

type Engine = 'pglite' | 'postgres';

async function openFresh(engine: Engine): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> } | string> {
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-writes-'));
    const handle = await openDatabase({ dataDir });
    return { handle, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL not reachable: ${(error as Error).message}`;
  }
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
    drop: async () => {
      const again = new pg.Client({ connectionString: ADMIN_URL });
      await again.connect();
      await again.query(`drop database if exists ${DB_NAME} with (force)`);
      await again.end();
    },
  };
}

/** `count` tasks, `parallel` at a time. */
async function pool(count: number, parallel: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

const stateCsv = (rows: number) => {
  const header =
    'code;title;text;followUpAction;rejectAction;acceptFileRequired;rejectFileRequired;optionType;optionCode;optionText;fullAmount;noteRequired';
  const lines = [header];
  for (let i = 0; i < rows / 2; i++) {
    const code = `SV-B${String(i).padStart(5, '0')}`;
    lines.push(`${code};Sachstand ${i};Bitte prüfen.;credit_advice;default;nein;nein;accepted;OK;Ja;ja;nein`);
    lines.push(`${code};Sachstand ${i};Bitte prüfen.;credit_advice;default;nein;nein;rejected;NO;Nein;ja;nein`);
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
};

async function measureEngine(engine: Engine): Promise<BenchResult[]> {
  const name = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const opened = await openFresh(engine);
  if (typeof opened === 'string') return [valueResult(`${name}: writes`, 'skipped', opened)];
  const { handle, drop } = opened;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-writes-files-'));
  let clock = new Date('2024-11-16T09:00:00Z');
  const adapters = createAdapters({}, { dataDir });
  const app = await buildApp({ db: handle.db, jwtSecret: 'kontor-bench-secret-kontor-bench-secret', adapters, clock: () => clock, logger: false });
  const results: BenchResult[] = [];
  try {
    await migrateToLatest(handle);
    await seedDatabase(handle.db, { size: 'demo' });
    for (const index of WITHOUT) await sql`drop index if exists ${sql.id(index)}`.execute(handle.db);
    const { rows: indexCount } = await sql<{ n: number }>`select count(*)::int as n from pg_indexes where tablename = 'voucher'`.execute(handle.db);
    console.log(`  seeded; voucher has ${indexCount[0].n} indexes`);
    const login = async (username: string) =>
      (await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: DEMO_PASSWORD } })).json().token as string;
    const token = await login(CREDITOR);
    const { creditorId } = await handle.db.selectFrom('appUser').select('creditorId').where('username', '=', CREDITOR).executeTakeFirstOrThrow();
    const debtors = await handle.db
      .selectFrom('debtor')
      .select('id')
      .where('creditorId', '=', creditorId)
      .where('status', '=', 'active')
      .orderBy('availableLimit', 'desc')
      .limit(10)
      .execute();

    // CPU time of this process and of the database's backends (PostgreSQL; PGlite runs in this process)
    const backends = async () =>
      engine === 'postgres'
        ? (await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(handle.db)).rows.map((row) => row.pid)
        : [];
    const backendsBefore = new Map((await backends()).map((pid) => [pid, cpuSeconds(pid)]));
    const processBefore = process.cpuUsage();

    // uploads
    const started = performance.now();
    const ids: number[] = [];
    await pool(UPLOADS, 4, async (i) => {
      const pdf = plainPdf(`Rechnung Nr. BW-${engine}-${i}\nRechnungsdatum: 15.11.2024\nRechnungsempfänger: Bench\nGesamtbetrag: ${10 + (i % 50)},00 EUR`);
      const { body, contentType } = multipart([
        { name: 'voucherType', value: 'invoice' },
        { name: 'deliveryType', value: 'post' },
        { name: 'debtor', value: String(debtors[i % debtors.length].id) },
        { name: 'invoiceFiles', file: { name: `bench-${i}.pdf`, type: 'application/pdf', bytes: pdf } },
      ]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/voucher/upload',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        payload: body,
      });
      if (response.statusCode !== 200) throw new Error(`upload ${i}: ${response.statusCode} ${response.body}`);
      ids.push(response.json().voucherId as number);
    });
    const uploaded = performance.now();
    console.log(`  uploaded ${ids.length} in ${((uploaded - started) / 1000).toFixed(1)} s`);

    // processing: past the editing pause, the runner until no stage is due
    clock = new Date(clock.getTime() + 10 * 60_000);
    const runners = engine === 'postgres' ? RUNNERS : 1;
    let stages = 0;
    await Promise.all(
      Array.from({ length: runners }, async () => {
        for (;;) {
          // the runner counts its last look for a due job too: 1 means none was due
          const ran = await processDueVouchers(handle.db, adapters, clock);
          stages += ran - 1;
          if (ran <= 1) break;
        }
      }),
    );
    const processed = performance.now();
    const processCpu = process.cpuUsage(processBefore);
    const processMsPerUpload = (processCpu.user + processCpu.system) / 1000 / UPLOADS;
    // a backend that ended in between is missed: the pool keeps its connections while they work
    const databaseSeconds = (await backends()).reduce((sum, pid) => sum + cpuSeconds(pid) - (backendsBefore.get(pid) ?? 0), 0);
    const databaseMsPerUpload = (databaseSeconds * 1000) / UPLOADS;
    const done = await handle.db
      .selectFrom('voucher')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', ids)
      .where('officialVoucherNumber', 'is not', null)
      .executeTakeFirstOrThrow();
    const uploadMs = uploaded - started;
    const processMs = processed - uploaded;
    const perMinute = (Number(done.n) / (uploadMs + processMs)) * 60_000;
    results.push(
      valueResult(
        `${name}: uploads processed end to end per minute${WITHOUT.length ? ` (without ${WITHOUT.length} indexes)` : ''}`,
        perMinute.toFixed(0),
        `${done.n} of ${UPLOADS} plain-PDF invoices numbered; upload ${(uploadMs / 1000).toFixed(1)} s (${((UPLOADS / uploadMs) * 60_000).toFixed(0)}/min, 4 at a time), voucher indexes ${indexCount[0].n}; processing ${(processMs / 1000).toFixed(1)} s (${stages} stages, ${runners} runner${runners > 1 ? 's' : ''}, ${((Number(done.n) / processMs) * 60_000).toFixed(0)}/min); aim ≥ 300/min on PostgreSQL`,
      ),
    );

    results.push(
      valueResult(
        `${name}: CPU per upload processed end to end${WITHOUT.length ? ` (without ${WITHOUT.length} indexes)` : ''}`,
        `${(processMsPerUpload + databaseMsPerUpload).toFixed(1)} ms`,
        engine === 'postgres'
          ? `this process ${processMsPerUpload.toFixed(1)} ms + database backends ${databaseMsPerUpload.toFixed(1)} ms (user + system, /proc; clock ticks of 10 ms)`
          : `this process, the database included (PGlite)`,
      ),
    );

    // the state-of-affairs import
    const adminToken = await login(ADMIN);
    const rows = 2_000;
    const { body, contentType } = multipart([{ name: 'files', file: { name: 'sachstaende.csv', type: 'text/csv', bytes: stateCsv(rows) } }]);
    const importStarted = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/state-of-affairs/import',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': contentType },
      payload: body,
    });
    const importMs = performance.now() - importStarted;
    results.push(
      response.statusCode === 200
        ? valueResult(
            `${name}: state-of-affairs import rows per second`,
            ((rows / importMs) * 1000).toFixed(0),
            `${rows} rows (${rows / 2} states, 2 options each) in ${(importMs / 1000).toFixed(2)} s, one request`,
          )
        : valueResult(`${name}: state-of-affairs import`, `failed ${response.statusCode}`, response.body.slice(0, 200)),
    );
  } finally {
    await app.close();
    await handle.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const engine of ENGINES as Engine[]) {
    console.log(`  ${engine}: fresh database, demo seed, ${UPLOADS} uploads`);
    results.push(...(await measureEngine(engine)));
  }
  return results;
}
