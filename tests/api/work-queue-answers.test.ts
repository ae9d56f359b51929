import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdapters } from '../../src/server/adapters';
import { startWorkers } from '../../src/server/adapters/workers';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/database';
import type { VoucherTable } from '../../src/server/db/schema';
import { FINISH_AFTER_MS, runWorkQueueBackOffice } from '../../src/server/domain/work-queue/work-queue-back-office';
import { buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { withDatabase } from '../helpers/test-database';
import { insertOpenInvoice } from '../helpers/vouchers';

// Answers to work-queue decisions (schema/commands/workQueue.yaml) through the one pipeline: the
// answer chosen from the item's options, note and file where the option asks for them, the
// follow-up carried out by the voucher commands (amounts, child vouchers, history, action log), the
// item sent, and every guard refused with nothing changed. Then the local back office: decisions
// raised for disputes, missing documents and unknown addresses, exactly once (reruns, two
// processes), and sent answers finished on the moved clock. Runs on PGlite and on PostgreSQL.

let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['creditor', 'creditor2', 'observer', 'creditor-tpf'];

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of USERS) tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const as = (user: string) => ({ token: tokens[user] });
const post = (path: string, body: unknown = {}, user = 'creditor') => call(t, path, { ...as(user), method: 'POST', body });
const get = (path: string, user = 'creditor') => call(t, path, as(user));
const answer = (id: number, code: string, followUp: string, extra: Record<string, unknown> = {}, user = 'creditor') =>
  post(`/user-information/work-queue/${id}/${code}/${followUp}`, { answerCode: code, followUpAction: followUp, ...extra }, user);
const voucher = (id: number) => t.db.selectFrom('voucher').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const item = (id: number) => t.db.selectFrom('workQueueItem').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const history = async (id: number) => (await get(`/voucher/${id}/history/list`)).body.entries as any[];
const unhandled = async (user = 'creditor') => (await get('/user-information/work-queue/count-unhandled', user)).body.count as number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const pdfDataUrl = (name: string) => `data:application/pdf;name=${name};base64,${PDF.toString('base64')}`;

async function creditorIdOf(user: string) {
  const row = await t.db.selectFrom('appUser').select('creditorId').where('username', '=', `${user}@example.com`).executeTakeFirstOrThrow();
  return row.creditorId!;
}

let serial = 0;
/** An open, purchased, overdue invoice of `user`'s creditor as document processing leaves it, with its document. */
async function newInvoice(user = 'creditor', over: Partial<Insertable<VoucherTable>> = {}) {
  const doc = `${Date.now() % 100000}${++serial}`;
  // a document, so that the back office does not ask for one
  const id = await insertOpenInvoice(t.db, await creditorIdOf(user), 'WQ', {
    originalName: `RE-WQ-${doc}.pdf`,
    documentId: `DOC-WQ-${doc}`,
    ...over,
  });
  return t.db.selectFrom('voucher').select(['id', 'debtorId', 'locationId', 'creditorId']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** A decision of the provider about one new invoice, in the given state of affairs (catalogue codes). */
async function newItem(state: string, user = 'creditor', over: Partial<Insertable<VoucherTable>> = {}) {
  const v = await newInvoice(user, over);
  const created = new Date();
  const row = await t.db
    .insertInto('workQueueItem')
    .values({
      creditorId: v.creditorId,
      debtorId: v.debtorId,
      locationId: v.locationId,
      stateOfAffairsCode: state,
      status: 'open',
      title: `Entscheidung ${state}`,
      fileIdentifier: `AZ-TEST-${++serial}`,
      createdAt: created,
      updatedAt: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('workQueueVoucher').values({ creditorId: v.creditorId, workQueueItemId: row.id, voucherId: v.id }).execute();
  return { id: row.id, voucherId: v.id };
}

/** A multipart body (what the dialog sends) as `app.inject` takes it. */
async function multipart(fields: Record<string, string>, files: { field: string; name: string; bytes: Buffer }[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

describe('answering a decision', () => {
  it('is in the OpenAPI document with the answer code and the follow-up kind as path parameters', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/user-information/work-queue/{id}/{answerCode}/{followUpAction}']?.post;
    expect(operation).toBeDefined();
    const followUp = operation.parameters.find((p: { name: string }) => p.name === 'followUpAction');
    expect(followUp.schema.enum).toContain('direct_payment');
  });

  it('direct payment in full: the invoice is settled, the item sent, history, action log and badge follow', async () => {
    const { id, voucherId } = await newItem('SV-101');
    const before = await unhandled();
    const response = await answer(id, 'DP-FULL', 'direct_payment');
    expect(response).toMatchObject({ status: 200, body: { success: true, message: 'Ihre Entscheidung wurde übermittelt.' } });
    const v = await voucher(voucherId);
    expect(Number(v.leftoverAmount)).toBe(0);
    expect(v.status).toBe('closed');
    const child = await t.db.selectFrom('voucher').select(['type', 'amount']).where('parentId', '=', voucherId).execute();
    expect(child).toEqual([{ type: 'direct_payment', amount: 100_000 }]);
    const stored = await item(id);
    expect(stored).toMatchObject({ status: 'send', answerCode: 'DP-FULL', answerFollowUp: 'direct_payment' });
    expect(stored.sentAt).not.toBeNull();
    const shown = (await get(`/user-information/work-queue/show/${id}`)).body;
    expect(shown.statusToShow).toBe('send');
    expect(shown.messages.at(-1)).toMatchObject({ sender: 'creditor', text: expect.stringContaining('Ja, der volle Betrag ist eingegangen') });
    expect(await unhandled()).toBe(before - 1);
    const entries = await history(voucherId);
    expect(entries.slice(0, 2).map((e) => [e.type, e.title])).toEqual([
      ['work_queue', 'Entscheidung SV-101'],
      ['action', 'Direktzahlung gemeldet'],
    ]);
    const logged = await t.db.selectFrom('actionLogEntry').select('actionType').where('voucherIdentifier', '=', String(voucherId)).execute();
    expect(logged.map((l) => l.actionType)).toContain('voucher_direct_payment');
    const answered = await t.db.selectFrom('actionLogEntry').select('payload').where('actionType', '=', 'work_queue_answer').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(answered.payload).toMatchObject({ workQueueItemId: id, answerCode: 'DP-FULL', followUpAction: 'direct_payment' });
  });

  it('a part payment needs the amount and lowers the open amount by it', async () => {
    const { id, voucherId } = await newItem('SV-101');
    const missing = await refusedUnchanged(t, () => answer(id, 'DP-PART', 'direct_payment', { note: 'Rate 1' }));
    expect(missing).toMatchObject({ status: 400, unchanged: true, body: { reason: 'workQueue.amountRequired', message: 'Bitte geben Sie den Betrag an.' } });
    const tooMuch = await refusedUnchanged(t, () => answer(id, 'DP-PART', 'direct_payment', { note: 'Rate 1', amount: 100_001 }));
    expect(tooMuch).toMatchObject({ status: 400, unchanged: true, body: { reason: 'vouchers.amountExceedsOpenAmount' } });
    expect((await answer(id, 'DP-PART', 'direct_payment', { note: 'Rate 1', amount: 30_000 })).status).toBe(200);
    expect(Number((await voucher(voucherId)).leftoverAmount)).toBe(70_000);
    expect((await item(id)).answerNote).toBe('Rate 1');
  });

  it('credit advice in full creates a credit note that balances the invoice', async () => {
    const { id, voucherId } = await newItem('SV-202');
    expect((await answer(id, 'CR-FULL', 'credit_advice')).status).toBe(200);
    const children = await t.db.selectFrom('voucher').select(['type', 'amount', 'customNumber']).where('parentId', '=', voucherId).execute();
    expect(children).toEqual([{ type: 'credit_advice', amount: 100_000, customNumber: `GS-AK${id}-1` }]);
    expect(Number((await voucher(voucherId)).leftoverAmount)).toBe(0);
  });

  it('abandonment of the rest and annulation run their voucher commands', async () => {
    const waived = await newItem('SV-303');
    expect((await answer(waived.id, 'AB-YES', 'abandonment')).status).toBe(200);
    expect(await t.db.selectFrom('voucher').select('type').where('parentId', '=', waived.voucherId).execute()).toEqual([{ type: 'abandonment' }]);
    const annulled = await newItem('SV-404');
    expect((await answer(annulled.id, 'AN-YES', 'annulation')).status).toBe(200);
    const v = await voucher(annulled.voucherId);
    expect([v.status, v.purchaseStatus, Number(v.leftoverAmount)]).toEqual(['closed', 'RUECKBELASTET', 0]);
  });

  it('exposure type: the vouchers of the decision are processed without purchase', async () => {
    const { id, voucherId } = await newItem('SV-505');
    const missing = await refusedUnchanged(t, () => answer(id, 'EX-SERVICE', 'exposure_type'));
    expect(missing).toMatchObject({ status: 400, unchanged: true });
    expect((await answer(id, 'EX-SERVICE', 'exposure_type', { exposureType: 'service' })).status).toBe(200);
    expect((await voucher(voucherId)).exposureType).toBe('service');
  });

  it('a rejection without follow-up needs its note and its file (multipart), keeps the file and changes no amount', async () => {
    const { id, voucherId } = await newItem('SV-202');
    const noNote = await refusedUnchanged(t, () => answer(id, 'CR-NO', 'default', { files: [pdfDataUrl('nachweis.pdf')] }));
    expect(noNote).toMatchObject({ status: 400, unchanged: true, body: { reason: 'workQueue.noteRequired', message: 'Bitte geben Sie eine Notiz an.' } });
    const noFile = await refusedUnchanged(t, () => answer(id, 'CR-NO', 'default', { note: 'Leistung erbracht' }));
    expect(noFile).toMatchObject({ status: 400, unchanged: true, body: { reason: 'workQueue.fileRequired' } });

    const body = await multipart(
      { answerCode: 'CR-NO', followUpAction: 'default', note: 'Leistung wurde vollständig erbracht.' },
      [{ field: 'files', name: 'leistungsnachweis.pdf', bytes: PDF }],
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/user-information/work-queue/${id}/CR-NO/default`,
      headers: { authorization: `Bearer ${tokens.creditor}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const files = await t.db.selectFrom('workQueueAnswerFile').selectAll().where('workQueueItemId', '=', id).execute();
    expect(files.map((f) => [f.name, f.size, Buffer.from(f.content).equals(PDF)])).toEqual([['leistungsnachweis.pdf', PDF.length, true]]);
    expect(Number((await voucher(voucherId)).leftoverAmount)).toBe(100_000);
    expect((await item(id)).status).toBe('send');
  });

  it('a voucher upload hands the file over through the upload pipeline as a child of the item\'s voucher', async () => {
    const { id, voucherId } = await newItem('SV-606');
    const parent = await voucher(voucherId);
    // the file is required, the freight variant has no uploads, the observer no answers — nothing changed
    const noFile = await refusedUnchanged(t, () => answer(id, 'UP-COPY', 'voucher_upload'));
    expect(noFile).toMatchObject({ status: 400, unchanged: true, body: { reason: 'workQueue.fileRequired' } });
    const observer = await refusedUnchanged(t, () => answer(id, 'UP-COPY', 'voucher_upload', { files: [pdfDataUrl('kopie.pdf')] }, 'observer'));
    expect(observer).toMatchObject({ status: 403, unchanged: true });
    const foreign = await refusedUnchanged(t, () => answer(id, 'UP-COPY', 'voucher_upload', { files: [pdfDataUrl('kopie.pdf')] }, 'creditor2'));
    expect(foreign).toMatchObject({ status: 404, unchanged: true });
    const tpf = await newItem('SV-606', 'creditor-tpf');
    const freight = await refusedUnchanged(t, () => answer(tpf.id, 'UP-COPY', 'voucher_upload', { files: [pdfDataUrl('kopie.pdf')] }, 'creditor-tpf'));
    expect(freight).toMatchObject({ status: 403, unchanged: true });
    expect((await item(tpf.id)).status).toBe('open');

    const before = await unhandled();
    const response = await answer(id, 'UP-COPY', 'voucher_upload', { files: [pdfDataUrl('kopie.pdf'), pdfDataUrl('lieferschein.pdf')], note: 'Kopie anbei' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const uploaded = await t.db.selectFrom('voucher').selectAll().where('parentId', '=', voucherId).where('requiresProcessing', '=', true).execute();
    expect(uploaded).toHaveLength(1);
    const created = uploaded[0];
    expect(created).toMatchObject({
      type: 'invoice',
      debtorId: parent.debtorId,
      locationId: parent.locationId,
      originalName: 'kopie.pdf',
      source: 'portal_upload',
      officialVoucherNumber: null,
      deliveryType: 'post',
    });
    // in the unprocessed list with the document first and the further file attached; its job waits for the pause
    const shown = (await get(`/unprocessed-voucher/show/${created.id}`)).body;
    expect(shown.attachments.map((a: { fileName: string }) => a.fileName)).toEqual(['kopie.pdf', 'lieferschein.pdf']);
    expect((await t.db.selectFrom('processingJob').select('stage').where('voucherId', '=', created.id).executeTakeFirstOrThrow()).stage).toBe('pause');
    expect((await get(`/voucher/show/${voucherId}`)).body.children.map((c: { id: number }) => c.id)).toContain(created.id);
    // the item is sent, the answer files kept, the history and the action log say what was handed over
    expect((await item(id)).status).toBe('send');
    expect(await unhandled()).toBe(before - 1);
    const files = await t.db.selectFrom('workQueueAnswerFile').select('name').where('workQueueItemId', '=', id).execute();
    expect(files.map((f) => f.name).sort()).toEqual(['kopie.pdf', 'lieferschein.pdf']);
    const entry = (await history(voucherId)).find((h) => h.type === 'work_queue');
    expect(entry.text).toContain(`als Beleg ${created.id} übergeben`);
    const log = await t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', 'work_queue_answer').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.payload).toMatchObject({ workQueueItemId: id, followUpAction: 'voucher_upload' });
    expect(JSON.stringify(log.payload)).toContain(`Beleg ${created.id}`);
  });

  it('refuses answers that are not the item\'s options, a follow-up that does not match, and free text', async () => {
    const { id } = await newItem('SV-101');
    for (const [code, followUp, reason] of [
      ['CR-FULL', 'credit_advice', 'workQueue.unknownAnswer'],
      ['irgendwas', 'default', 'workQueue.unknownAnswer'],
      ['DP-FULL', 'default', 'workQueue.followUpMismatch'],
      ['DP-NONE', 'direct_payment', 'workQueue.followUpMismatch'],
    ]) {
      const refused = await refusedUnchanged(t, () => answer(id, code, followUp));
      expect(refused, code).toMatchObject({ status: 400, unchanged: true, body: { reason } });
    }
    const unknownKind = await refusedUnchanged(t, () => answer(id, 'DP-FULL', 'telefonieren'));
    expect(unknownKind).toMatchObject({ status: 400, unchanged: true });
    const disagreeing = await refusedUnchanged(t, () =>
      post(`/user-information/work-queue/${id}/DP-FULL/direct_payment`, { answerCode: 'DP-NONE' }),
    );
    expect(disagreeing).toMatchObject({ status: 400, unchanged: true, body: { reason: 'workQueue.unknownAnswer' } });
  });

  it('refuses a second answer, another creditor, the observer and a settled invoice — nothing changed', async () => {
    const { id } = await newItem('SV-101');
    expect((await answer(id, 'DP-NONE', 'default')).status).toBe(200);
    const again = await refusedUnchanged(t, () => answer(id, 'DP-NONE', 'default'));
    expect(again).toMatchObject({ status: 409, unchanged: true, body: { reason: 'commands.wrongState' } });

    const other = await newItem('SV-101');
    const foreign = await refusedUnchanged(t, () => answer(other.id, 'DP-FULL', 'direct_payment', {}, 'creditor2'));
    expect(foreign).toMatchObject({ status: 404, unchanged: true });
    const observer = await refusedUnchanged(t, () => answer(other.id, 'DP-FULL', 'direct_payment', {}, 'observer'));
    expect(observer).toMatchObject({ status: 403, unchanged: true });

    const settled = await newItem('SV-101', 'creditor', { status: 'closed', leftoverAmount: 0 });
    const nothingOpen = await refusedUnchanged(t, () => answer(settled.id, 'DP-FULL', 'direct_payment'));
    expect(nothingOpen).toMatchObject({ status: 409, unchanged: true, body: { reason: 'workQueue.noOpenVoucher' } });
  });

  it('an item in error (open more than 7 days) can still be answered', async () => {
    const { id } = await newItem('SV-101');
    const old = new Date(Date.now() - 8 * 86_400_000);
    await t.db.updateTable('workQueueItem').set({ createdAt: old }).where('id', '=', id).execute();
    expect((await get(`/user-information/work-queue/show/${id}`)).body.statusToShow).toBe('error');
    expect((await answer(id, 'DP-NONE', 'default')).status).toBe(200);
    expect((await get(`/user-information/work-queue/show/${id}`)).body.statusToShow).toBe('send');
  });
});

describe('the local back office', () => {
  // well after every cause the tests create, however slowly the file runs on a busy machine
  const T0 = new Date(Date.now() + 30 * 60_000);
  const itemsFor = (voucherId: number) =>
    t.db
      .selectFrom('workQueueItem as w')
      .innerJoin('workQueueVoucher as wv', 'wv.workQueueItemId', 'w.id')
      .select(['w.id', 'w.stateOfAffairsCode', 'w.status', 'w.originKey', 'w.fileIdentifier'])
      .where('wv.voucherId', '=', voucherId)
      .execute();

  it('raises nothing when nothing happened', async () => {
    await runWorkQueueBackOffice(t.db, T0); // causes the seed may hold
    const count = async () => Number((await t.db.selectFrom('workQueueItem').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    expect((await runWorkQueueBackOffice(t.db, T0)).raised).toBe(0);
    expect(await count()).toBe(before);
  });

  it('a dispute opened raises one decision, however often and in how many processes the sweep runs', async () => {
    // disputes are the freight variant's (variants/TPF.yaml)
    const v = await newInvoice('creditor-tpf');
    const opened = await post(`/sap/voucher/${v.id}/dunning/dispute/open`, { reason: 'Ware beschädigt', disputeConfirmed: true }, 'creditor-tpf');
    expect(opened.status).toBe(200);
    const before = await unhandled('creditor-tpf');
    await Promise.all([runWorkQueueBackOffice(t.db, T0), runWorkQueueBackOffice(t.db, T0)]);
    await runWorkQueueBackOffice(t.db, T0);
    const raised = await itemsFor(v.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ stateOfAffairsCode: 'SV-202', status: 'open', originKey: expect.stringMatching(/^dispute:\d+$/) });
    expect(raised[0].fileIdentifier).toMatch(/^AZ-\d{4}-\d{6}$/);
    expect(await unhandled('creditor-tpf')).toBe(before + 1);
    const shown = (await get(`/user-information/work-queue/show/${raised[0].id}`, 'creditor-tpf')).body;
    expect(shown.vouchers.map((x: { identifier: number }) => x.identifier)).toEqual([v.id]);
    expect(shown.stateOfAffairs.acceptedOptions.map((o: { code: string }) => o.code)).toEqual(['CR-FULL', 'CR-PART']);
  });

  it('an invoice without document and one to an undeliverable address raise their decisions once', async () => {
    const bare = await newInvoice('creditor', { originalName: null, documentId: null });
    const location = await t.db.selectFrom('location').select(['id', 'debtorId', 'creditorId']).where('creditorId', '=', await creditorIdOf('creditor2')).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('location').set({ street: 'Postfach (unzustellbar)' }).where('id', '=', location.id).execute();
    const returned = await newInvoice('creditor2', { locationId: location.id, debtorId: location.debtorId });
    await runWorkQueueBackOffice(t.db, T0);
    await runWorkQueueBackOffice(t.db, T0);
    expect((await itemsFor(bare.id)).map((i) => i.stateOfAffairsCode)).toEqual(['SV-606']);
    const forLocation = await t.db
      .selectFrom('workQueueItem as w')
      .innerJoin('workQueueVoucher as wv', 'wv.workQueueItemId', 'w.id')
      .innerJoin('voucher as v', 'v.id', 'wv.voucherId')
      .select(['w.stateOfAffairsCode', 'w.creditorId', 'w.locationId', 'v.locationId as voucherLocationId'])
      .where('w.originKey', '=', `addressUnknown:${location.id}`)
      .execute();
    expect(forLocation).toEqual([
      { stateOfAffairsCode: 'SV-707', creditorId: location.creditorId, locationId: location.id, voucherLocationId: location.id },
    ]);
    expect(returned.locationId).toBe(location.id);
  });

  it('finishes a sent answer a day later, once; runs from the workers loop on its clock', async () => {
    const { id } = await newItem('SV-101');
    expect((await answer(id, 'DP-NONE', 'default')).status).toBe(200);
    const sentAt = (await item(id)).sentAt!;
    await runWorkQueueBackOffice(t.db, new Date(sentAt.getTime() + FINISH_AFTER_MS - 1000));
    expect((await item(id)).status).toBe('send');
    const later = new Date(sentAt.getTime() + FINISH_AFTER_MS + 1000);
    const adapters = createAdapters({}, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-wq-')), log: silent });
    const workers = startWorkers({ db: t.db, adapters, intervalMs: 60_000, now: () => later, log: silent });
    await Promise.all([workers.runOnce(), runWorkQueueBackOffice(t.db, later)]);
    await workers.stop();
    await adapters.mailer.close();
    const done = await item(id);
    expect(done.status).toBe('done');
    expect(done.finishedAt?.toISOString()).toBe(later.toISOString());
    const messages = await t.db.selectFrom('workQueueMessage').select('sender').where('workQueueItemId', '=', id).execute();
    expect(messages.filter((m) => m.sender === 'other')).toHaveLength(1);
    expect((await get(`/user-information/work-queue/show/${id}`)).body.statusToShow).toBe('done');
  });

  it('raises one decision with two app instances on one database and after a restart', async () => {
    const v = await newInvoice('creditor-tpf');
    const opened = await post(`/sap/voucher/${v.id}/dunning/dispute/open`, { reason: 'Falsche Menge', disputeConfirmed: true }, 'creditor-tpf');
    expect(opened.status).toBe(200);
    const second = await secondProcess();
    try {
      await Promise.all([runWorkQueueBackOffice(t.db, T0), runWorkQueueBackOffice(second.db, T0)]);
      // "restart": a fresh app on the same database runs again
      const restarted = await buildApp({ db: second.db });
      await restarted.ready();
      await runWorkQueueBackOffice(second.db, new Date(T0.getTime() + 3_600_000));
      await restarted.close();
    } finally {
      await second.close();
    }
    expect(await itemsFor(v.id)).toHaveLength(1);
  });
});

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

/**
 * A second connection to the test's database, as another server process would have (PostgreSQL);
 * PGlite has one session, so there it is the same handle.
 */
async function secondProcess(): Promise<{ db: TestApp['db']; close(): Promise<void> }> {
  const template = inject('kontorTemplate');
  if (template.kind !== 'postgres') return { db: t.db, close: async () => undefined };
  const { rows } = await (await import('kysely')).sql<{ name: string }>`select current_database() as name`.execute(t.db);
  const handle = await openDatabase({ databaseUrl: withDatabase(template.adminUrl, rows[0].name) });
  return { db: handle.db, close: () => handle.close() };
}
