import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdapters } from '../../src/server/adapters';
import { startWorkers } from '../../src/server/adapters/workers';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/database';
import { runDunningSchedule } from '../../src/server/domain/dunning';
import { runPermanentDebtSweep } from '../../src/server/domain/permanent-debts';
import { todayIso } from '../../src/shared/validation';
import { addDays, addMonths } from '../../src/shared/validation/german-input.parse';
import { buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { withDatabase } from '../helpers/test-database';

// Permanent debts as commands (schema/commands/permanentDebts.yaml): create (multipart with the
// attachment) and stop, every guard refused with nothing changed, and the recurring invoices of the
// sweep — one per period on its execution date, on a moved clock, exactly once across reruns, two
// processes and a restart; the end date expires it. Runs on PGlite and on PostgreSQL.

let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['creditor', 'creditor2', 'observer', 'terminated'];

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of USERS) tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const day = (offset: number) => addDays(todayIso(), offset);
/** Noon (UTC) of a `yyyy-MM-dd`: the same calendar day in Berlin. */
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

async function creditorIdOf(user: string) {
  const row = await t.db.selectFrom('appUser').select('creditorId').where('username', '=', `${user}@example.com`).executeTakeFirstOrThrow();
  return row.creditorId!;
}

/** A location of `user`'s creditor whose active debtor has a SEPA mandate and no running permanent debt there. */
async function freeLocation(user = 'creditor', mandate = true) {
  const creditorId = await creditorIdOf(user);
  const row = await t.db
    .selectFrom('location as l')
    .innerJoin('debtor as d', 'd.id', 'l.debtorId')
    .select(['l.id', 'l.debtorId'])
    .where('l.creditorId', '=', creditorId)
    .where('d.status', '=', 'active')
    .where('l.status', '!=', 'inactive')
    .where(sql<boolean>`not exists (select 1 from permanent_debt p where p.location_id = l.id and p.status in ('created', 'active'))`)
    .where(sql<boolean>`not exists (select 1 from permanent_debt p where p.location_id = l.id and p.subject like 'Test%')`)
    .orderBy('l.id')
    .executeTakeFirstOrThrow();
  // the mandate as the payment data would have left it
  await t.db
    .updateTable('debtor')
    .set(mandate ? { sepaIban: 'DE89370400440532013000', sepaReferenceNumber: `MAND-${row.debtorId}`, sepaAccountOwner: 'Kunde', sepaDate: day(-30) } : { sepaIban: null, sepaReferenceNumber: null, paymentMethod: 'bank_transfer' })
    .where('id', '=', row.debtorId)
    .execute();
  return { locationId: row.id, debtorId: row.debtorId };
}

const body = (place: { locationId: number; debtorId: number }, over: Record<string, unknown> = {}) => ({
  debtor: place.debtorId,
  location: place.locationId,
  subject: 'Test Wartungsvertrag',
  grossAmount: 11_900,
  vat: 19,
  period: 'monthly',
  startDate: day(14),
  ...over,
});
const create = (place: { locationId: number; debtorId: number }, over: Record<string, unknown> = {}, user = 'creditor') =>
  call(t, `/permanent-debt/location/${place.locationId}/add`, { token: tokens[user], method: 'POST', body: body(place, over) });
const stop = (id: number, user = 'creditor') =>
  call(t, `/permanent-debt/${id}/stop`, { token: tokens[user], method: 'POST', body: { confirmStop: true, reason: 'Vertrag gekündigt' } });
const debt = (id: number) => t.db.selectFrom('permanentDebt').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const invoicesOf = (id: number) =>
  t.db.selectFrom('voucher').select(['permanentDebtPeriod', 'amount', 'status', 'paymentDeadline']).where('permanentDebtId', '=', id).orderBy('permanentDebtPeriod').execute();
const periodsOf = async (id: number) => (await invoicesOf(id)).map((v) => v.permanentDebtPeriod);

describe('creating a permanent debt', () => {
  it('takes the form as multipart with its PDF; the net amount follows; shown, in the debtor history and the action log', async () => {
    const place = await freeLocation();
    const form = new FormData();
    for (const [name, value] of Object.entries(body(place, { description: 'Monatliche Wartung' }))) form.append(name, String(value));
    form.append('attachment', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'vertrag.pdf');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/permanent-debt/location/${place.locationId}/add`,
      headers: { authorization: `Bearer ${tokens.creditor}`, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { identifier, message } = response.json();
    expect(message).toBe('Das Dauerschuldverhältnis wurde angelegt.');
    const row = await debt(identifier);
    expect(row).toMatchObject({ status: 'created', netAmount: 10_000, grossAmount: 11_900, nextExecutionDate: day(14), customNumber: `DS-${identifier}`, attachmentFileName: 'vertrag.pdf' });
    expect(Buffer.from(row.attachmentContent!).equals(PDF)).toBe(true);
    const shown = (await call(t, `/permanent-debt/${identifier}/show`, { token: tokens.creditor })).body;
    expect(shown.subject).toBe('Test Wartungsvertrag');
    const history = await t.db.selectFrom('debtorHistory').select(['title', 'text']).where('debtorId', '=', place.debtorId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(history.title).toBe('Dauerschuldverhältnis angelegt');
    expect(history.text).toContain('119,00');
    const logged = await t.db.selectFrom('actionLogEntry').select('actionType').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(logged.actionType).toBe('permanent_debt_create');
    // the attachment is downloadable by its owner (and by nobody else)
    expect(shown.attachment).toMatchObject({ fileName: 'vertrag.pdf', source: expect.stringMatching(/^\/files\//) });
    const download = await t.app.inject({ url: `/api/${shown.attachment.source.slice(1)}`, headers: { authorization: `Bearer ${tokens.creditor}` } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const foreign = await t.app.inject({ url: `/api/${shown.attachment.source.slice(1)}`, headers: { authorization: `Bearer ${await loginAs(t.app, 'creditor2@example.com')}` } });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses every rule broken, with nothing changed', async () => {
    const place = await freeLocation();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ startDate: day(13) }, 400, ''],
      [{ startDate: day(20), endDate: day(19) }, 400, 'permanentDebts.endBeforeStart'],
      [{ netAmount: 10_500 }, 400, 'permanentDebts.amountsInconsistent'],
      [{ location: place.locationId + 100000 }, 400, 'permanentDebts.locationMismatch'],
    ];
    for (const [over, status, reason] of cases) {
      const refused = await refusedUnchanged(t, () => create(place, over));
      expect(refused, JSON.stringify(over)).toMatchObject({ status, unchanged: true });
      if (reason) expect(refused.body.reason).toBe(reason);
    }
    const observer = await refusedUnchanged(t, () => create(place, {}, 'observer'));
    expect(observer).toMatchObject({ status: 403, unchanged: true });
    const foreign = await refusedUnchanged(t, () => create(place, {}, 'creditor2'));
    expect(foreign).toMatchObject({ status: 404, unchanged: true });
    const noMandate = await freeLocation('creditor', false);
    const refused = await refusedUnchanged(t, () => create(noMandate));
    expect(refused).toMatchObject({ status: 409, unchanged: true, body: { reason: 'permanentDebts.sepaMandateRequired' } });
  });

  it('refuses a first debit earlier than the form shows, by the command clock as well', async () => {
    const place = await freeLocation();
    const early = await refusedUnchanged(t, () => create(place, { startDate: day(10) }));
    expect(early.status).toBe(400);
    expect(early.unchanged).toBe(true);
  });
});

describe('stopping', () => {
  it('ends the debits; a second stop is refused; a new one can be created afterwards', async () => {
    const place = await freeLocation();
    const { identifier } = (await create(place)).body;
    const running = await refusedUnchanged(t, () => create(place, { subject: 'Test zweiter Vertrag' }));
    expect(running).toMatchObject({ status: 409, unchanged: true, body: { reason: 'permanentDebts.alreadyRunning' } });
    const stopped = await stop(identifier);
    expect(stopped).toMatchObject({ status: 200, body: { message: 'Das Dauerschuldverhältnis wurde gestoppt.' } });
    const row = await debt(identifier);
    expect([row.status, row.nextExecutionDate, row.stoppedAt !== null]).toEqual(['stopped', null, true]);
    const again = await refusedUnchanged(t, () => stop(identifier));
    expect(again).toMatchObject({ status: 409, unchanged: true, body: { reason: 'commands.wrongState' } });
    expect((await create(place, { subject: 'Test Nachfolgevertrag' })).status).toBe(200);
    // the sweep bills nothing for a stopped one
    await runPermanentDebtSweep(t.db, at(addMonths(day(14), 3)));
    expect(await invoicesOf(identifier)).toEqual([]);
  });
});

describe('the recurring invoices', () => {
  it('one invoice per period on its execution date, exactly once; the end date expires it', async () => {
    const place = await freeLocation();
    const start = day(14);
    const end = addDays(addMonths(start, 1), 3);
    const { identifier } = (await create(place, { startDate: start, endDate: end })).body;
    await runPermanentDebtSweep(t.db, at(addDays(start, -1)));
    expect(await invoicesOf(identifier)).toEqual([]);

    await Promise.all([runPermanentDebtSweep(t.db, at(start)), runPermanentDebtSweep(t.db, at(start))]);
    await runPermanentDebtSweep(t.db, at(start));
    expect(await invoicesOf(identifier)).toEqual([{ permanentDebtPeriod: start, amount: 11_900, status: 'open', paymentDeadline: start }]);
    expect(await debt(identifier)).toMatchObject({ status: 'active', nextExecutionDate: addMonths(start, 1) });

    await runPermanentDebtSweep(t.db, at(addMonths(start, 1)));
    await runPermanentDebtSweep(t.db, at(addMonths(start, 2)));
    expect((await invoicesOf(identifier)).map((v) => v.permanentDebtPeriod)).toEqual([start, addMonths(start, 1)]);
    expect(await debt(identifier)).toMatchObject({ status: 'expired', nextExecutionDate: null });
    const shown = (await call(t, `/permanent-debt/${identifier}/show`, { token: tokens.creditor })).body;
    expect(shown.vouchers).toHaveLength(2);
  });

  it('bills each missed period once when the clock jumped, from the workers loop', async () => {
    const place = await freeLocation();
    const start = day(14);
    const { identifier } = (await create(place, { period: 'weekly', startDate: start })).body;
    const later = at(addDays(start, 21));
    const adapters = createAdapters({}, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-pd-')), log: silent });
    const workers = startWorkers({ db: t.db, adapters, intervalMs: 60_000, now: () => later, log: silent });
    await Promise.all([workers.runOnce(), runPermanentDebtSweep(t.db, later)]);
    await workers.stop();
    await adapters.mailer.close();
    expect((await invoicesOf(identifier)).map((v) => v.permanentDebtPeriod)).toEqual([0, 7, 14, 21].map((n) => addDays(start, n)));
    expect((await debt(identifier)).nextExecutionDate).toBe(addDays(start, 28));
  });

  it('bills once with two app instances on one database and after a restart', async () => {
    const place = await freeLocation();
    const start = day(14);
    const { identifier } = (await create(place, { period: 'daily', startDate: start })).body;
    const second = await secondProcess();
    try {
      await Promise.all([runPermanentDebtSweep(t.db, at(addDays(start, 2))), runPermanentDebtSweep(second.db, at(addDays(start, 2)))]);
      const restarted = await buildApp({ db: second.db });
      await restarted.ready();
      await runPermanentDebtSweep(second.db, at(addDays(start, 2)));
      await restarted.close();
    } finally {
      await second.close();
    }
    expect((await invoicesOf(identifier)).map((v) => v.permanentDebtPeriod)).toEqual([0, 1, 2].map((n) => addDays(start, n)));
    // the unique key holds even against a writer that skips the sweep's lock
    await expect(
      t.db
        .insertInto('voucher')
        .values({ creditorId: await creditorIdOf('creditor'), permanentDebtId: identifier, permanentDebtPeriod: start, type: 'permanent_debt', amount: 1, leftoverAmount: 1, uploadedAt: new Date(), createdAt: new Date(), updatedAt: new Date() })
        .execute(),
    ).rejects.toThrow();
  });
});

// Issue 25 item 2: one invoice per permanent debt and period, of type permanent_debt, outside the
// dunning run; the SEPA mandate stays while a permanent debt is not ended.
describe('money rules of the recurring invoices', () => {
  it('bills a next date off the schedule (as the old demo seed wrote it) on the schedule, once per period', async () => {
    const place = await freeLocation();
    const start = day(14);
    const { identifier } = (await create(place, { startDate: start })).body;
    // a next execution date between two of the schedule's (start + 1 month is the next one)
    const off = addDays(start, 20);
    await t.db.updateTable('permanentDebt').set({ nextExecutionDate: off }).where('id', '=', identifier).execute();
    for (const when of [off, addDays(off, 3), addMonths(start, 1), addDays(addMonths(start, 1), 10), addMonths(start, 2)]) {
      await runPermanentDebtSweep(t.db, at(when));
    }
    expect(await periodsOf(identifier)).toEqual([addMonths(start, 1), addMonths(start, 2)]);
    expect((await debt(identifier)).nextExecutionDate).toBe(addMonths(start, 3));
  });

  it('stores them as permanent_debt invoices, which the dunning run does not remind', async () => {
    const place = await freeLocation();
    const start = day(14);
    const { identifier } = (await create(place, { startDate: start })).body;
    await runPermanentDebtSweep(t.db, at(start));
    const invoice = await t.db.selectFrom('voucher').selectAll().where('permanentDebtId', '=', identifier).executeTakeFirstOrThrow();
    expect(invoice.type).toBe('permanent_debt');
    // unpaid and 90 days past its due day: an ordinary invoice would be in encashment by now
    await runDunningSchedule(t.db, at(addDays(start, 90)));
    const after = await t.db.selectFrom('voucher').select(['dunningType', 'subStatus', 'firstDunningDate']).where('id', '=', invoice.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ dunningType: invoice.dunningType, subStatus: invoice.subStatus, firstDunningDate: null });
    const steps = await t.db.selectFrom('voucherHistory').select('id').where('voucherId', '=', invoice.id).where('event', '=', 'dunningStep').execute();
    expect(steps).toEqual([]);
    // the database refuses a voucher of a permanent debt of another type, whoever writes it
    await expect(t.db.updateTable('voucher').set({ type: 'invoice' }).where('id', '=', invoice.id).execute()).rejects.toThrow();
  });

  it('refuses to delete the SEPA mandate while a permanent debt is created or active, with nothing changed', async () => {
    const place = await freeLocation();
    const { identifier } = (await create(place)).body;
    expect((await debt(identifier)).status).toBe('created');
    const remove = () => call(t, `/debtor/${place.debtorId}/sepa-mandate`, { token: tokens.creditor, method: 'DELETE' });
    const refused = await refusedUnchanged(t, remove);
    expect(refused).toMatchObject({
      status: 409,
      unchanged: true,
      body: {
        reason: 'debtors.sepaMandateDeleteBlocked',
        message: 'Das SEPA-Lastschriftmandat kann nicht gelöscht werden, solange angelegte oder aktive Dauerschuldverhältnisse bestehen. Bitte stoppen Sie diese zuerst.',
      },
    });
    // the debtor's detail says so, too (the client offers no delete then)
    expect((await call(t, `/debtor/show/${place.debtorId}`, { token: tokens.creditor })).body.hasActivePermanentDebts).toBe(true);
    await stop(identifier);
    expect((await remove()).status).toBe(200);
    const debtorRow = await t.db.selectFrom('debtor').select(['paymentMethod', 'sepaIban']).where('id', '=', place.debtorId).executeTakeFirstOrThrow();
    expect(debtorRow).toEqual({ paymentMethod: 'bank_transfer', sepaIban: null });
  });
});

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

async function secondProcess(): Promise<{ db: TestApp['db']; close(): Promise<void> }> {
  const template = inject('kontorTemplate');
  if (template.kind !== 'postgres') return { db: t.db, close: async () => undefined };
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
  const handle = await openDatabase({ databaseUrl: withDatabase(template.adminUrl, rows[0].name) });
  return { db: handle.db, close: () => handle.close() };
}
