import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers, type TaskRunner, taskBackOffMs } from '../../src/server/adapters/workers';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';
import { dispatchMail, MAIL_MAX_ATTEMPTS } from '../../src/server/adapters/mail/mail-outbox';
import { JOB_MAX_ATTEMPTS, postponeJob } from '../../src/server/processing/processing-queue';
import { processDueVouchers } from '../../src/server/processing/processing-runner';
import { createAdapters } from '../../src/server/adapters';

// Issue 27: background work that never stops. One bad row must not stop the loop; a kind of work that
// fails or stalls must not hold up the others; stopping finishes in time.

let t: TestApp;
let creditorId: number;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  t = await buildTestApp();
  creditorId = (await t.db.selectFrom('appUser').select('creditorId').where('username', '=', 'creditor@example.com').executeTakeFirstOrThrow())
    .creditorId!;
});
afterAll(() => t.close());

describe('the reminder claim (defect 1: livelock)', () => {
  it('sends the digest of a setting whose last reminder SQL wrote with microseconds, and the run ends', async () => {
    const now = new Date();
    // written by SQL (a migration, a restore, now()): microseconds the JavaScript Date cannot hold
    const { id } = await t.db
      .insertInto('emailReminderSetting')
      .values({ creditorId, email: 'mikro@example.com', frequency: 'daily', createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`update email_reminder_setting
      set last_reminded_at = ${now}::timestamptz - interval '2 days' + interval '123 microseconds' where id = ${id}`.execute(t.db);
    const adapters = createAdapters({}, { dataDir: '/tmp/wk' });
    const workers = startWorkers({ db: t.db, adapters, log: silent, now: () => now, tasks: ['reminders'], intervalMs: 3_600_000 });
    await workers.runOnce();
    await workers.stop();
    const row = await t.db.selectFrom('emailReminderSetting').select('lastRemindedAt').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.lastRemindedAt?.getTime()).toBe(now.getTime());
  }, 10_000);
});

describe('one kind cannot block the others (defect 2)', () => {
  const adapters = () => createAdapters({}, { dataDir: '/tmp/wk' });
  const errors: string[] = [];
  const log = { info() {}, error: (_: unknown, msg?: string) => void errors.push(msg ?? '') };

  it('a kind that fails is logged and backed off, a kind that hangs is left behind, the others run; stop ends in time', async () => {
    const ran: string[] = [];
    const hang: TaskRunner = () => new Promise(() => {}); // ignores its signal, never ends
    const fail: TaskRunner = async () => {
      throw new Error('kaputt');
    };
    const note = (task: string): TaskRunner => async () => {
      ran.push(task);
      return null;
    };
    const workers = startWorkers({
      db: t.db,
      adapters: adapters(),
      log,
      intervalMs: 3_600_000,
      budgetMs: 100,
      stallGraceMs: 100,
      stopTimeoutMs: 300,
      tasks: ['bookings', 'processing', 'reminders', 'mail'],
      work: { bookings: fail, processing: hang, reminders: note('reminders'), mail: note('mail') },
    });
    await workers.runOnce();
    expect(ran).toEqual(['reminders', 'mail']);
    const state = workers.state();
    expect(state.bookings).toMatchObject({ failures: 1, lastError: 'kaputt', running: false });
    expect(state.bookings.nextRunAt).toBeGreaterThan(Date.now());
    expect(state.processing).toMatchObject({ running: true, stalled: true });
    expect(errors.some((e) => e.startsWith('bookings: run failed'))).toBe(true);
    expect(errors.some((e) => e.startsWith('processing: run stalled'))).toBe(true);
    // the hanging kind is not started twice; the others run again
    await workers.runOnce();
    expect(ran).toEqual(['reminders', 'mail', 'reminders', 'mail']);
    const started = Date.now();
    await workers.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(errors.some((e) => e.includes('processing still running'))).toBe(true);
  });

  it('runs the kinds due at a tick one after another, never two at once; one that hangs is left behind and the rest go on', async () => {
    let running = 0;
    let most = 0;
    const ran: string[] = [];
    const slow = (task: string): TaskRunner => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      ran.push(task);
      return null;
    };
    const hang: TaskRunner = () => new Promise(() => {}); // ignores its signal, never ends
    const workers = startWorkers({
      db: t.db,
      adapters: adapters(),
      log,
      intervalMs: 30,
      budgetMs: 100,
      stallGraceMs: 100,
      stopTimeoutMs: 300,
      tasks: ['bookings', 'processing', 'reminders', 'mail'],
      work: { bookings: slow('bookings'), processing: hang, reminders: slow('reminders'), mail: slow('mail') },
    });
    await expect
      .poll(() => ran.filter((task) => task === 'mail').length, { timeout: 5_000, interval: 20 })
      .toBeGreaterThanOrEqual(3);
    await workers.stop();
    // the interval started them: each at least three times, in the order of the kinds, one at a time
    expect(most).toBe(1);
    expect(ran.slice(0, 3)).toEqual(['bookings', 'reminders', 'mail']);
    expect(workers.state().processing).toMatchObject({ running: true });
  });

  it('a run that works through a long batch ends when its budget is spent', async () => {
    let items = 0;
    const endless: TaskRunner = async (_at, signal) => {
      while (!signal.aborted) {
        items++;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return null;
    };
    const workers = startWorkers({ db: t.db, adapters: adapters(), log, intervalMs: 3_600_000, budgetMs: 100, tasks: ['dunning'], work: { dunning: endless } });
    const started = Date.now();
    await workers.runOnce();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(items).toBeGreaterThan(0);
    expect(workers.state().dunning).toMatchObject({ running: false, failures: 0 });
    await workers.stop();
  });

  it('backs a failing kind off: interval × 2^(failures − 1), at most 5 minutes', () => {
    expect([1, 2, 3].map((n) => taskBackOffMs(5_000, n))).toEqual([5_000, 10_000, 20_000]);
    expect(taskBackOffMs(5_000, 30)).toBe(300_000);
  });
});

describe('failing jobs are retried with back-off, parked after N tries, listed and retried by an admin', () => {
  const post = async (user: string, url: string) =>
    t.app.inject({ method: 'POST', url, headers: bearer(await loginAs(t.app, user)), payload: {} });

  it('parks a mail after MAIL_MAX_ATTEMPTS failed sends; an admin sees it with its error and sends it again', async () => {
    const failing = { ...createAdapters({}, { dataDir: '/tmp/wk' }).mailer, send: async () => Promise.reject(new Error('SMTP weg')) };
    const { id } = await t.db
      .insertInto('mailOutbox')
      .values({ recipient: 'park@example.com', template: 'reminderDigest', params: JSON.stringify({ openDecisions: 1, newNotifications: 0 }), nextAttemptAt: new Date(0), createdAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    let at = Date.now();
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      const result = await dispatchMail(t.db, failing, new Date(at));
      expect(result.failed).toBeGreaterThanOrEqual(1);
      at += 7 * 3_600_000; // past the longest back-off
    }
    const parked = await t.db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(parked).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, lastError: 'SMTP weg', sentAt: null });
    expect(parked.parkedAt).not.toBeNull();
    // parked: no longer tried
    expect((await dispatchMail(t.db, failing, new Date(at + 365 * 86_400_000))).failed).toBe(0);

    const list = await t.app.inject({ url: '/api/admin/parked-jobs', headers: bearer(await loginAs(t.app, 'admin@example.com')) });
    expect(list.statusCode).toBe(200);
    expect(list.json().entries).toContainEqual(
      expect.objectContaining({ kind: 'mail', id, attempts: MAIL_MAX_ATTEMPTS, lastError: 'SMTP weg', subject: 'reminderDigest an park@example.com' }),
    );
    // not for creditors nor product administrators, and their refusals change nothing
    expect((await t.app.inject({ url: '/api/admin/parked-jobs', headers: bearer(await loginAs(t.app, 'productadmin@example.com')) })).statusCode).toBe(403);
    expect((await post('creditor@example.com', `/api/admin/parked-jobs/mail/${id}/retry`)).statusCode).toBe(403);
    expect((await post('productadmin@example.com', `/api/admin/parked-jobs/mail/${id}/retry`)).statusCode).toBe(403);
    expect(await t.db.selectFrom('mailOutbox').select(['parkedAt', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS });

    const retried = await post('admin@example.com', `/api/admin/parked-jobs/mail/${id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ jobId: id });
    expect(await t.db.selectFrom('mailOutbox').select(['parkedAt', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ parkedAt: null, attempts: 0 });
    const logged = await t.db.selectFrom('actionLogEntry').select('actionType').where('actionType', '=', 'parked_job_retry').execute();
    expect(logged).toHaveLength(1);
    // again: it is no longer parked
    const again = await post('admin@example.com', `/api/admin/parked-jobs/mail/${id}/retry`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Dieser Vorgang ist nicht (mehr) zurückgestellt.');
    // the real mailer sends it now
    expect((await dispatchMail(t.db, createAdapters({}, { dataDir: '/tmp/wk' }).mailer, new Date())).sent).toBeGreaterThanOrEqual(1);
  });

  it('parks a processing job after JOB_MAX_ATTEMPTS failed stages; the runner passes it over until an admin retries it', async () => {
    const voucher = await t.db.selectFrom('voucher').select(['id', 'creditorId']).where('creditorId', '=', creditorId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await t.db.deleteFrom('processingJob').where('voucherId', '=', voucher.id).execute();
    const now = new Date();
    const { id } = await t.db
      .insertInto('processingJob')
      .values({ creditorId: voucher.creditorId, voucherId: voucher.id, stage: 'check', runAt: now, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const parkedAfter: boolean[] = [];
    for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt++) parkedAfter.push(await postponeJob(t.db, id, new Error('Stufe kaputt'), now));
    expect(parkedAfter.lastIndexOf(false)).toBe(JOB_MAX_ATTEMPTS - 2);
    expect(parkedAfter.at(-1)).toBe(true);
    await t.db.updateTable('processingJob').set({ runAt: new Date(0) }).where('id', '=', id).execute();
    const adapters = createAdapters({}, { dataDir: '/tmp/wk' });
    await processDueVouchers(t.db, adapters, new Date());
    expect(await t.db.selectFrom('processingJob').select(['stage', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ stage: 'check', attempts: JOB_MAX_ATTEMPTS });
    const list = await t.app.inject({ url: '/api/admin/parked-jobs', headers: bearer(await loginAs(t.app, 'admin@example.com')) });
    expect(list.json().entries).toContainEqual(expect.objectContaining({ kind: 'processing', id, lastError: expect.stringContaining('Stufe kaputt') }));
    expect((await post('admin@example.com', `/api/admin/parked-jobs/processing/${id}/retry`)).statusCode).toBe(200);
    expect(await t.db.selectFrom('processingJob').select(['parkedAt', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ parkedAt: null, attempts: 0 });
    await t.db.deleteFrom('processingJob').where('id', '=', id).execute();
  });
});
