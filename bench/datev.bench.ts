import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { datevExportStream } from '../src/server/export/datev/datev-export';
import { type BenchResult, valueResult } from './bench-kit';

/**
 * Issue 30: the DATEV export of 250,000 vouchers streams with flat memory. A scratch PostgreSQL
 * database (migrated, one creditor, one debtor, 250,000 invoices of one fiscal year written by
 * `generate_series`) is exported through `datevExportStream` in this process while its RSS and
 * heap are sampled every 25 ms; the growth is compared with the size of the file, which a
 * buffering export would hold at once.
 *
 * Env: DATABASE_URL (the server to create the scratch database on; default the local one),
 * KONTOR_BENCH_DATEV_VOUCHERS (default 250000).
 */
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const VOUCHERS = Number(process.env.KONTOR_BENCH_DATEV_VOUCHERS ?? 250_000);
const NAME = `kontor_bench_datev_${process.pid}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function run(): Promise<BenchResult[]> {
  await admin(`CREATE DATABASE ${NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${NAME}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  try {
    await migrateToLatest(handle);
    const db = handle.db;
    const creditor = await db
      .insertInto('creditor')
      .values({ identifier: 'BENCH', name: 'Bench GmbH', product: 'SMAFA', approvedLimit: 0, availableLimit: 0, permissions: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const debtor = await db
      .insertInto('debtor')
      .values({ creditorId: creditor.id, identifier: 'D1', name: 'Müller Bau GmbH', debtorType: 'business', approvedLimit: 0, availableLimit: 0, sapNumber: '12345' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const location = await db
      .insertInto('location')
      .values({ creditorId: creditor.id, debtorId: debtor.id, identifier: 'L1', name: 'Zentrale', addressName: 'Müller Bau GmbH', street: 'Hauptstraße 1', zip: '10115', city: 'Berlin', email: 'bau@example.com' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const filled = performance.now();
    await sql`
      insert into voucher (creditor_id, debtor_id, location_id, custom_number, official_voucher_number, type, status,
        amount, leftover_amount, voucher_date, performance_date, payment_deadline)
      select ${creditor.id}, ${debtor.id}, ${location.id}, 'RE-' || n, 'B' || lpad(n::text, 10, '0'), 'invoice', 'open',
        1000 + n % 100000, 1000 + n % 100000, date '2025-01-01' + (n % 365), date '2025-01-01' + (n % 365), date '2025-02-01' + (n % 365)
      from generate_series(1, ${VOUCHERS}) as n`.execute(db);
    const fillSeconds = (performance.now() - filled) / 1000;

    global.gc?.();
    const baseRss = process.memoryUsage().rss;
    const baseHeap = process.memoryUsage().heapUsed;
    let peakRss = baseRss;
    let peakHeap = baseHeap;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 25);
    const started = performance.now();
    let bytes = 0;
    let lines = 0;
    try {
      const stream = await datevExportStream(
        db,
        { id: creditor.id, chart: 'SKR03', accountLength: 4, collectiveDebtorAccount: null },
        {
          createdAt: new Date(),
          exportedBy: 'Bench',
          consultantNumber: 29098,
          clientNumber: 55003,
          fiscalYearStart: '2025-01-01',
          accountLength: 4,
          from: '2025-01-01',
          to: '2025-12-31',
          label: 'Bench',
          chart: 'SKR03',
        },
      );
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines++;
      }
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    const mb = (n: number) => (n / 2 ** 20).toFixed(1);
    const bookings = lines - 2;
    if (bookings !== VOUCHERS) throw new Error(`expected ${VOUCHERS} bookings, got ${bookings}`);
    return [
      valueResult(
        `PostgreSQL: DATEV export of ${VOUCHERS.toLocaleString('en-US')} vouchers, RSS growth`,
        `${mb(peakRss - baseRss)} MB`,
        `heap growth ${mb(peakHeap - baseHeap)} MB; file ${mb(bytes)} MB (Windows-1252) in ${seconds.toFixed(1)} s; vouchers written in ${fillSeconds.toFixed(1)} s`,
      ),
    ];
  } finally {
    await handle.close();
    await admin(`DROP DATABASE IF EXISTS ${NAME}`);
  }
}
