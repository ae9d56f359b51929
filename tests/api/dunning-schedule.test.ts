import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Insertable, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { variants } from '../../generated/variants';
import { createAdapters } from '../../src/server/adapters';
import { startWorkers } from '../../src/server/adapters/workers';
import { openDatabase } from '../../src/server/db/database';
import type { VoucherTable } from '../../src/server/db/schema';
import { runDunningSchedule } from '../../src/server/domain/dunning';
import { todayIso } from '../../src/shared/validation';
import { addDays } from '../../src/shared/validation/german-input.parse';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call } from '../helpers/commands';
import { withDatabase } from '../helpers/test-database';

// The dunning run over time (issue 9 item 2): an overdue invoice moves payment reminder → dunning →
// encashment on its product's schedule (variants/*.yaml `dunning`), one history entry per step,
// skipping vouchers in a dunning stop, dispute, delay or deferred payment; once across two
// processes; the dashboard's open invoices by dunning type follow. Runs on PGlite and PostgreSQL.

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['creditor', 'creditor-tpf']) tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const day = (offset: number) => addDays(todayIso(), offset);
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);
const post = (path: string, body: unknown, user = 'creditor') => call(t, path, { token: tokens[user], method: 'POST', body });
const history = async (id: number, user = 'creditor') =>
  (await call(t, `/voucher/${id}/history/list`, { token: tokens[user] })).body.entries as { title: string; value: string; text: string }[];
const voucher = (id: number) => t.db.selectFrom('voucher').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
const STEP_TITLES = ['Zahlungserinnerung versandt', 'Mahnung versandt', 'An das Inkasso übergeben'];
const stepEntries = async (id: number, user = 'creditor') => (await history(id, user)).filter((e) => STEP_TITLES.includes(e.title));

async function creditorOf(user: string) {
  return t.db
    .selectFrom('appUser as u')
    .innerJoin('creditor as c', 'c.id', 'u.creditorId')
    .select(['c.id', 'c.product'])
    .where('u.username', '=', `${user}@example.com`)
    .executeTakeFirstOrThrow();
}
const scheduleOf = async (user: string) => variants[(await creditorOf(user)).product].dunning;

let serial = 0;
async function newInvoice(user = 'creditor', over: Partial<Insertable<VoucherTable>> = {}) {
  const creditor = await creditorOf(user);
  const place = await t.db
    .selectFrom('location as l')
    .innerJoin('debtor as d', 'd.id', 'l.debtorId')
    .select(['l.id as locationId', 'd.id as debtorId'])
    .where('l.creditorId', '=', creditor.id)
    .where('d.status', '=', 'active')
    .orderBy('l.id')
    .executeTakeFirstOrThrow();
  const n = `${Date.now() % 100000}${++serial}`;
  const row = await t.db
    .insertInto('voucher')
    .values({
      creditorId: creditor.id,
      ...place,
      customNumber: `RE-DS-${n}`,
      officialVoucherNumber: `DS${n}`,
      type: 'invoice',
      status: 'open',
      subStatus: 'not_purchased',
      purchaseStatus: 'NICHT_ANKAUFBAR',
      dunningType: 'notDunned',
      amount: 70_000,
      leftoverAmount: 70_000,
      initialLeftoverAmount: 70_000,
      voucherDate: day(-30),
      performanceDate: day(-30),
      paymentDeadline: day(0),
      originalName: 'x.pdf',
      documentId: `DOC-DS-${n}`,
      ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the dunning run', () => {
  it('holds its schedule in the variant YAML, defaults filled in and steps in order', () => {
    for (const [code, v] of Object.entries(variants)) {
      expect(v.dunning.paymentReminderAfterDays, code).toBeLessThan(v.dunning.dunningAfterDays);
      expect(v.dunning.dunningAfterDays, code).toBeLessThan(v.dunning.encashmentAfterDays);
    }
    expect(variants.TPF.dunning).toMatchObject({ paymentReminderAfterDays: 7, dunningAfterDays: 28, encashmentAfterDays: 60 });
  });

  it('changes the dashboard figure of open invoices by dunning type', async () => {
    const s = await scheduleOf('creditor');
    const figures = async () => {
      const body = (await t.app.inject({ url: '/api/dashboard', headers: bearer(tokens.creditor) })).json();
      const of = (type: string) => body.openInvoicesByDunningType.find((r: { dunningType: string }) => r.dunningType === type) ?? { count: 0, amount: 0 };
      return { notDunned: of('notDunned'), reminder: of('paymentReminder') };
    };
    const id = await newInvoice('creditor', { paymentDeadline: day(-s.paymentReminderAfterDays - 1) });
    const before = await figures();
    expect(await runDunningSchedule(t.db, new Date())).toBeGreaterThanOrEqual(1);
    expect((await voucher(id)).dunningType).toBe('paymentReminder');
    const after = await figures();
    expect(after.reminder).toEqual({ dunningType: 'paymentReminder', count: before.reminder.count + 1, amount: before.reminder.amount + 70_000 });
    expect(after.notDunned.count).toBe(before.notDunned.count - 1);
  });

  it('moves an overdue invoice step by step on the clock, each step in the history once', async () => {
    const s = await scheduleOf('creditor');
    const id = await newInvoice();
    await runDunningSchedule(t.db, at(day(s.paymentReminderAfterDays)));
    expect(await voucher(id)).toMatchObject({ dunningType: 'notDunned', subStatus: 'not_purchased', firstDunningDate: null });

    await runDunningSchedule(t.db, at(day(s.paymentReminderAfterDays + 1)));
    expect(await voucher(id)).toMatchObject({ dunningType: 'paymentReminder', subStatus: 'payment_reminder', firstDunningDate: day(s.paymentReminderAfterDays + 1) });
    const [reminder] = await history(id);
    expect(reminder).toMatchObject({ title: 'Zahlungserinnerung versandt' });
    expect(reminder.text).toContain(`seit ${s.paymentReminderAfterDays + 1} Tagen`);

    await runDunningSchedule(t.db, at(day(s.dunningAfterDays)));
    expect((await voucher(id)).dunningType).toBe('paymentReminder');
    await runDunningSchedule(t.db, at(day(s.dunningAfterDays + 1)));
    expect(await voucher(id)).toMatchObject({ dunningType: 'dunning', subStatus: 'dunning' });
    await runDunningSchedule(t.db, at(day(s.encashmentAfterDays + 1)));
    await runDunningSchedule(t.db, at(day(s.encashmentAfterDays + 40)));
    expect(await voucher(id)).toMatchObject({ dunningType: 'encashment', subStatus: 'encashment', firstDunningDate: day(s.paymentReminderAfterDays + 1) });
    expect((await stepEntries(id)).map((e) => e.title)).toEqual([...STEP_TITLES].reverse());
  });

  it('takes the missed steps at once when the clock jumped, one entry each; a settled one is left alone', async () => {
    const s = await scheduleOf('creditor');
    const id = await newInvoice();
    const settled = await newInvoice('creditor', { leftoverAmount: 0, status: 'closed', subStatus: 'not_purchased' });
    await runDunningSchedule(t.db, at(day(s.encashmentAfterDays + 3)));
    expect((await voucher(id)).dunningType).toBe('encashment');
    expect((await stepEntries(id)).map((e) => e.value)).toEqual(['Inkasso', 'Mahnung', 'Zahlungserinnerung']);
    expect(await voucher(settled)).toMatchObject({ dunningType: 'notDunned', firstDunningDate: null });
  });

  it('skips a voucher in a dunning stop, dispute, delay or deferred payment; it moves on when the case ends', async () => {
    const blocked = await newInvoice('creditor', { paymentDeadline: day(-5) });
    expect((await post(`/sap/voucher/${blocked}/dunning/block`, { blockUntil: day(5), reason: 'Zahlung zugesagt' })).status).toBe(200);
    const deferred = await newInvoice('creditor', { subStatus: 'deferred_payment' });
    const tpf = { status: 'tpf_accepted', subStatus: 'accepted', paymentDeadline: day(-2) };
    const disputed = await newInvoice('creditor-tpf', tpf);
    expect((await post(`/sap/voucher/${disputed}/dunning/dispute/open`, { reason: 'Ware beschädigt', disputeConfirmed: true }, 'creditor-tpf')).status).toBe(200);
    const delayed = await newInvoice('creditor-tpf', tpf);
    expect((await post(`/sap/voucher/${delayed}/dunning/delay/open`, { delayConfirmed: true }, 'creditor-tpf')).status).toBe(200);
    const control = await newInvoice('creditor-tpf', tpf);

    const later = at(day(200));
    await runDunningSchedule(t.db, later);
    expect(await voucher(blocked)).toMatchObject({ dunningType: 'halt', subStatus: 'halt' });
    expect(await voucher(deferred)).toMatchObject({ dunningType: 'notDunned', subStatus: 'deferred_payment' });
    expect(await voucher(disputed)).toMatchObject({ dunningType: 'DISPUTE', subStatus: 'customer_complaint' });
    expect(await voucher(delayed)).toMatchObject({ dunningType: 'DELAY', subStatus: 'delayed' });
    expect(await voucher(control)).toMatchObject({ dunningType: 'encashment', subStatus: 'encashment' });
    for (const [id, user] of [[blocked, 'creditor'], [deferred, 'creditor'], [disputed, 'creditor-tpf'], [delayed, 'creditor-tpf']] as const) {
      expect(await stepEntries(id, user)).toEqual([]);
    }

    expect((await post(`/sap/voucher/${disputed}/dunning/dispute/close`, { note: 'geklärt' }, 'creditor-tpf')).status).toBe(200);
    await runDunningSchedule(t.db, later);
    expect(await voucher(disputed)).toMatchObject({ dunningType: 'encashment', subStatus: 'encashment' });
    expect(await voucher(delayed)).toMatchObject({ dunningType: 'DELAY' });
  });

  it('follows the freight schedule for the freight variant (TPF: reminder after 7 days)', async () => {
    const s = variants.TPF.dunning;
    const id = await newInvoice('creditor-tpf', { status: 'tpf_accepted', subStatus: 'accepted' });
    await runDunningSchedule(t.db, at(day(s.paymentReminderAfterDays)));
    expect((await voucher(id)).dunningType).toBe('notDunned');
    await runDunningSchedule(t.db, at(day(s.paymentReminderAfterDays + 1)));
    expect((await voucher(id)).dunningType).toBe('paymentReminder');
  });

  it('takes each step once with two processes on one database and the workers loop', async () => {
    const s = await scheduleOf('creditor');
    const ids = await Promise.all([1, 2, 3].map(() => newInvoice()));
    const later = at(day(s.dunningAfterDays + 1));
    const second = await secondProcess();
    const adapters = createAdapters({}, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-ds-')), log: silent });
    const workers = startWorkers({ db: second.db, adapters, intervalMs: 60_000, now: () => later, log: silent });
    try {
      await Promise.all([runDunningSchedule(t.db, later), workers.runOnce(), runDunningSchedule(second.db, later)]);
      await runDunningSchedule(t.db, later);
    } finally {
      await workers.stop();
      await adapters.mailer.close();
      await second.close();
    }
    for (const id of ids) {
      expect((await voucher(id)).dunningType).toBe('dunning');
      expect((await stepEntries(id)).map((e) => e.title)).toEqual(['Mahnung versandt', 'Zahlungserinnerung versandt']);
    }
  });
});

async function secondProcess(): Promise<{ db: TestApp['db']; close(): Promise<void> }> {
  const template = inject('kontorTemplate');
  if (template.kind !== 'postgres') return { db: t.db, close: async () => undefined };
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
  const handle = await openDatabase({ databaseUrl: withDatabase(template.adminUrl, rows[0].name) });
  return { db: handle.db, close: () => handle.close() };
}
