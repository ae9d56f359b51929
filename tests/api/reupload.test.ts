import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/server/adapters';
import { processDueVouchers } from '../../src/server/processing/processing-runner';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { multipart, plainPdf, sample, upload } from './upload-helpers';

// Re-upload of an unprocessed voucher (document 1 §7 "re-upload needs cancel plus voucher upload"):
// POST /voucher/{id}/reupload replaces the upload by a new voucher with the same settings and a fresh
// pause, in one transaction; another tenant, the observer, a bad file and a processed voucher are
// refused with nothing changed.

let t: TestApp;
const tokens: Record<string, string> = {};
let clock = new Date('2016-04-05T09:00:00Z');
const adapters = createAdapters(process.env, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-reupload-')) });

beforeAll(async () => {
  t = await buildTestApp({ adapters, clock: () => clock });
  for (const user of ['creditor', 'creditor2', 'observer']) tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const count = async () => (await call(t, '/unprocessed-voucher/count', { token: tokens.creditor })).body.countUnprocessedVouchers as number;

async function reupload(id: number, file: { name: string; type: string; bytes: Buffer }, user = 'creditor') {
  const { body, contentType } = multipart([{ name: 'files', file }]);
  const response = await t.app.inject({ method: 'POST', url: `/api/voucher/${id}/reupload`, headers: { ...bearer(tokens[user]), 'content-type': contentType }, payload: body });
  return { status: response.statusCode, body: response.json() };
}

describe('re-upload of an unprocessed voucher', () => {
  it('replaces the upload by a new voucher with the same settings; guards change nothing', async () => {
    const first = await upload(t, tokens.creditor, [{ name: 'alt.xml', bytes: sample('xrechnung/01.01a-INVOICE_ubl.xml') }], {
      deliveryType: 'email',
      email: 'kunde@kunde.example',
      customisedLabel: 'Projekt A',
    });
    expect(first.status).toBe(200);
    const oldId = first.body.voucherId as number;
    const oldPaths = (await t.db.selectFrom('voucherAttachment').select('path').where('voucherId', '=', oldId).execute()).map((a) => a.path);
    const before = await count();
    const pdf = plainPdf('Rechnung Nr. NEU-1');

    // guards: another tenant, the observer, an empty file
    const foreign = await refusedUnchanged(t, () => reupload(oldId, { name: 'neu.pdf', type: 'application/pdf', bytes: pdf }, 'creditor2'));
    expect(foreign.status).toBe(404);
    expect(foreign.unchanged).toBe(true);
    const observer = await refusedUnchanged(t, () => reupload(oldId, { name: 'neu.pdf', type: 'application/pdf', bytes: pdf }, 'observer'));
    expect(observer.status).toBe(403);
    expect(observer.unchanged).toBe(true);
    const empty = await refusedUnchanged(t, () => reupload(oldId, { name: 'leer.pdf', type: 'application/pdf', bytes: Buffer.alloc(0) }));
    expect(empty.status).toBe(400);
    expect(empty.unchanged).toBe(true);

    later(60_000);
    const answer = await reupload(oldId, { name: 'neu.pdf', type: 'application/pdf', bytes: pdf });
    expect(answer.status).toBe(200);
    const newId = answer.body.voucherId as number;
    expect(newId).not.toBe(oldId);

    // the old upload is gone with its file; the new one has its settings and a fresh pause
    expect(await t.db.selectFrom('voucher').select('id').where('id', '=', oldId).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('storedFile').select('id').where('path', 'in', oldPaths).execute()).toEqual([]);
    expect((await call(t, `/unprocessed-voucher/show/${oldId}`, { token: tokens.creditor })).status).toBe(404);
    const created = await t.db.selectFrom('voucher').selectAll().where('id', '=', newId).executeTakeFirstOrThrow();
    expect(created).toMatchObject({ deliveryType: 'email', email: 'kunde@kunde.example', customisedLabel: 'Projekt A', originalName: 'neu.pdf', requiresProcessing: true });
    expect(created.endOfPauseAt!.getTime()).toBe(clock.getTime() + 3 * 60_000);
    expect(await count()).toBe(before);
    const shown = await call(t, `/unprocessed-voucher/show/${newId}`, { token: tokens.creditor });
    expect(shown.body.attachments.map((a: { fileName: string }) => a.fileName)).toEqual(['neu.pdf']);
    const log = await t.db.selectFrom('actionLogEntry').select('id').where('actionType', '=', 'voucher_reupload').execute();
    expect(log.length).toBeGreaterThanOrEqual(1);

    // a voucher whose processing failed (a 92x code: no invoice readable) is what a re-upload is for
    later(3 * 60_000 + 1000);
    await processDueVouchers(t.db, adapters, clock);
    const failed = await t.db.selectFrom('voucher').select(['status', 'bnetStatus']).where('id', '=', newId).executeTakeFirstOrThrow();
    expect(failed.status).toBe('failed');
    expect(failed.bnetStatus).toBeGreaterThanOrEqual(920);
    const again = await reupload(newId, { name: 'korrigiert.xml', type: 'application/xml', bytes: sample('xrechnung/01.02a-INVOICE_ubl.xml') });
    expect(again.status).toBe(200);

    // a processed voucher (official number) is no upload to replace
    const processed = await t.db
      .selectFrom('voucher')
      .innerJoin('appUser as u', 'u.creditorId', 'voucher.creditorId')
      .select('voucher.id')
      .where('u.username', '=', 'creditor@example.com')
      .where('voucher.officialVoucherNumber', 'is not', null)
      .executeTakeFirstOrThrow();
    const refused = await refusedUnchanged(t, () => reupload(processed.id, { name: 'noch.pdf', type: 'application/pdf', bytes: pdf }));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Der Beleg ist bereits verarbeitet.');
    expect(refused.unchanged).toBe(true);
  });
});

function later(ms: number) {
  clock = new Date(clock.getTime() + ms);
}
