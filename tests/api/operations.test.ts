import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { startWorkers } from '../../src/server/adapters/workers';
import { createAdapters } from '../../src/server/adapters';
import { isDatabaseUnavailable } from '../../src/server/errors';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';

// Issue 27, what the operator sees: readiness beside the liveness check, Prometheus metrics behind a
// token, and a database that goes away under load (PostgreSQL): 503 in German, nothing half-written,
// reconnected by itself.

const TOKEN = 'metrics-secret-for-tests';
let t: TestApp;
let metricsApp: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await buildTestApp();
  metricsApp = await buildApp({ db: t.db, metricsToken: TOKEN });
  await metricsApp.ready();
});
afterAll(async () => {
  await metricsApp.close();
  await t.close();
});

describe('readiness', () => {
  it('answers ok with every kind’s backlog, and unhealthy when a kind is more than 10 minutes late', async () => {
    const ok = await t.app.inject({ url: '/api/ready' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'ok', database: 'ok', late: [], kinds: { processing: { due: 0 }, mail: expect.any(Object) } });
    // a mail due for 20 minutes that nobody sends
    const { id } = await t.db
      .insertInto('mailOutbox')
      .values({ recipient: 'late@example.com', template: 'x', params: '{}', nextAttemptAt: new Date(Date.now() - 20 * 60_000), createdAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const late = await t.app.inject({ url: '/api/ready' });
    expect(late.statusCode).toBe(503);
    expect(late.json()).toMatchObject({ status: 'unhealthy', late: ['mail'] });
    expect(late.json().kinds.mail.oldestDueSeconds).toBeGreaterThanOrEqual(20 * 60 - 5);
    // parked: no longer due, counted as parked
    await t.db.updateTable('mailOutbox').set({ parkedAt: new Date(), attempts: 10 }).where('id', '=', id).execute();
    const parked = await t.app.inject({ url: '/api/ready' });
    expect(parked.statusCode).toBe(200);
    expect(parked.json().kinds.mail).toMatchObject({ due: 0, parked: 1 });
    await t.db.deleteFrom('mailOutbox').where('id', '=', id).execute();
    expect((await t.app.inject({ url: '/api/healthy' })).json()).toEqual({ status: 'ok' });
  });
});

describe('metrics', () => {
  it('are off without a configured token and refuse a wrong one', async () => {
    expect((await t.app.inject({ url: '/api/metrics', headers: bearer(TOKEN) })).statusCode).toBe(404);
    expect((await metricsApp.inject({ url: '/api/metrics' })).statusCode).toBe(401);
    expect((await metricsApp.inject({ url: '/api/metrics', headers: bearer('wrong') })).statusCode).toBe(401);
  });

  it('give request latency by route, jobs per kind, the outbox depth and the reader in the Prometheus format', async () => {
    await metricsApp.inject({ url: '/api/version' });
    const workers = startWorkers({ db: t.db, adapters: createAdapters({}, { dataDir: '/tmp' }), intervalMs: 3_600_000, tasks: [] });
    const answer = await metricsApp.inject({ url: '/api/metrics', headers: bearer(TOKEN) });
    await workers.stop();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const text = answer.body;
    expect(text).toMatch(/kontor_http_request_duration_seconds_count\{method="GET",route="\/api\/version",status="200"\} 1/);
    for (const kind of ['processing', 'mail', 'bookings', 'reminders']) {
      expect(text).toContain(`kontor_jobs_due{kind="${kind}"}`);
      expect(text).toContain(`kontor_jobs_parked{kind="${kind}"}`);
      expect(text).toContain(`kontor_jobs_oldest_due_seconds{kind="${kind}"}`);
    }
    expect(text).toContain('kontor_jobs_running{kind="dunning"} 0');
    expect(text).toMatch(/kontor_mail_outbox_depth \d+/);
    expect(text).toMatch(/kontor_einvoice_reader_workers \d+/);
  });
});

describe('a database that goes away', () => {
  it('is recognised by its error codes and messages', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it.runIf(process.env.KONTOR_TEST_DB === 'postgres')(
    'answers 503 in German while it is gone, keeps nothing half-written, reconnects by itself (PostgreSQL)',
    async () => {
      const token = await loginAs(t.app, 'creditor@example.com');
      const voucher = await t.db
        .selectFrom('voucher as v')
        .innerJoin('appUser as u', 'u.creditorId', 'v.creditorId')
        .select('v.id')
        .where('u.username', '=', 'creditor@example.com')
        .orderBy('v.id')
        .executeTakeFirstOrThrow();
      const database = (await sql<{ name: string }>`select current_database() as name`.execute(t.db)).rows[0].name;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const comment = (n: number) =>
        t.app.inject({ method: 'POST', url: `/api/voucher/${voucher.id}/comment`, headers: bearer(token), payload: { comment: `Ausfall ${n}` } });
      try {
        // load: 20 commands in flight while every connection of the server is ended and no new one is let in
        const inFlight = Array.from({ length: 20 }, (_, n) => comment(n));
        await admin.query(`alter database "${database}" allow_connections false`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
        const during = await Promise.all([...inFlight, comment(20), comment(21)]);
        for (const answer of during) expect([200, 201, 503], answer.body).toContain(answer.statusCode);
        const refused = during.filter((a) => a.statusCode === 503);
        expect(refused.length).toBeGreaterThanOrEqual(2);
        expect(refused[0].json()).toMatchObject({ code: 'databaseUnavailable', message: expect.stringContaining('nicht erreichbar') });
        // back: the pool opens new connections by itself
        await admin.query(`alter database "${database}" allow_connections true`);
        const after = await comment(99);
        expect(after.statusCode, after.body).toBeLessThan(300);
        // every answered command complete (history and action log), every refused one without a trace
        const texts = (await t.db.selectFrom('voucherHistory').select('text').where('voucherId', '=', voucher.id).where('title', '=', 'Kommentar gespeichert').execute()).map(
          (row) => row.text,
        );
        for (const [n, answer] of during.entries()) {
          expect(texts.filter((text) => text === `Ausfall ${n}`).length, `command ${n}`).toBe(answer.statusCode < 300 ? 1 : 0);
        }
        const logged = await t.db.selectFrom('actionLogEntry').select('id').where('actionType', '=', 'voucher_comment').where('voucherIdentifier', '=', String(voucher.id)).execute();
        expect(logged.length).toBe(texts.length);
      } finally {
        await admin.query(`alter database "${database}" allow_connections true`).catch(() => {});
        await admin.end();
      }
    },
  );
});
