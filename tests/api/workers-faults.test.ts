import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDemoEInvoice } from '../../src/server/processing/demo-einvoice';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { withDatabase } from '../helpers/test-database';
import { upload } from './upload-helpers';

// Issue 27, faults survived (PostgreSQL, real server processes `node --import tsx src/server/main.ts`):
// a server killed (SIGKILL) in the middle of a processing stage — its transaction open, the voucher
// locked — leaves the job to the other server, which completes it exactly once; a restarted server
// does nothing twice.

const onPostgres = process.env.KONTOR_TEST_DB === 'postgres';
let t: TestApp;
let databaseUrl: string;
const servers: ChildProcess[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A server process on the test database; resolves once it listens. */
async function startServer(): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kontor-fault-')),
      WORKER_INTERVAL_SECONDS: '0.5',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 90_000);
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`Kontor on http://localhost:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', listen);
    child.stderr!.on('data', listen);
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return child;
}

const until = async (what: string, check: () => Promise<boolean>, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

beforeAll(async () => {
  if (!onPostgres) return;
  t = await buildTestApp();
  const name = (await sql<{ name: string }>`select current_database() as name`.execute(t.db)).rows[0].name;
  databaseUrl = withDatabase(process.env.TEST_DATABASE_URL!, name);
}, 120_000);
afterAll(async () => {
  for (const child of servers) if (child.exitCode === null) child.kill('SIGKILL');
  await t?.close();
});

describe.runIf(onPostgres)('server processes killed in the middle of background work (PostgreSQL)', () => {
  it('the other server completes the killed one’s job exactly once; a restarted server does nothing twice', async () => {
    const token = await loginAs(t.app, 'creditor@example.com');
    const file = (await writeDemoEInvoice(t.db, mkdtempSync(join(tmpdir(), 'kontor-fault-demo-')), new Date()))!;
    const answer = await upload(t, token, [{ name: basename(file), bytes: readFileSync(file) }], { deliveryType: 'post' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const voucherId = answer.body.voucherId as number;
    const { creditorId } = await t.db.selectFrom('voucher').select('creditorId').where('id', '=', voucherId).executeTakeFirstOrThrow();
    const limitBefore = (await t.db.selectFrom('creditor').select('availableLimit').where('id', '=', creditorId).executeTakeFirstOrThrow()).availableLimit;

    // the editing pause is over
    await t.db.updateTable('voucher').set({ endOfPauseAt: new Date(Date.now() - 1000) }).where('id', '=', voucherId).execute();
    await t.db.updateTable('processingJob').set({ runAt: new Date(Date.now() - 1000) }).where('voucherId', '=', voucherId).execute();
    // hold the voucher: the first server claims the job and waits inside its stage's transaction
    const holder = new pg.Client({ connectionString: databaseUrl });
    holder.on('error', () => {}); // ended by the database's drop after a failure
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from voucher where id = $1 for update', [voucherId]);
    const first = await startServer();
    // (read through another connection: inside the holder's transaction pg_stat_activity stays a snapshot)
    await until('the first server to wait inside the stage', async () => {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike '%voucher%for update%'`.execute(t.db);
      return rows[0].waiting > 0;
    });
    const second = await startServer();
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    await holder.query('rollback');
    await holder.end();

    // the second server takes over: the voucher ends processed, the purchase counted once
    await until('the job to be done', async () =>
      Boolean((await t.db.selectFrom('processingJob').select('doneAt').where('voucherId', '=', voucherId).executeTakeFirstOrThrow()).doneAt),
    );
    const done = await t.db.selectFrom('voucher').selectAll().where('id', '=', voucherId).executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 'open', purchaseStatus: 'GEKAUFT' });
    const limitAfter = (await t.db.selectFrom('creditor').select('availableLimit').where('id', '=', creditorId).executeTakeFirstOrThrow()).availableLimit;
    expect(limitAfter).toBe(limitBefore - done.amount);
    const history = async () =>
      (await t.db.selectFrom('voucherHistory').select(['title', 'value']).where('voucherId', '=', voucherId).orderBy('id').execute()).map((h) => `${h.title}|${h.value}`);
    const entries = await history();
    expect(entries.length).toBeGreaterThan(1);
    expect(new Set(entries).size, entries.join('\n')).toBe(entries.length);

    // a restarted first server and more time: nothing happens twice
    const restarted = await startServer();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await history()).toEqual(entries);
    expect((await t.db.selectFrom('creditor').select('availableLimit').where('id', '=', creditorId).executeTakeFirstOrThrow()).availableLimit).toBe(limitAfter);
    // stopping finishes within 10 s
    const stopped = Date.now();
    for (const child of [second, restarted]) child.kill('SIGTERM');
    await Promise.all([second, restarted].map((child) => new Promise((resolve) => child.once('exit', resolve))));
    expect(Date.now() - stopped).toBeLessThan(10_000);
  }, 420_000);
});
