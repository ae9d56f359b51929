import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/server/adapters';
import { processDueVouchers } from '../../src/server/processing/processing-runner';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { sample, upload } from './upload-helpers';

// Pending decision "direct encashment not possible" (document 1 §4): an invoice handed over for
// direct encashment before it is due waits for the creditor (code 935); it is handed over again as a
// normal invoice by POST /voucher/transfer-basic-process/{id}, which yields a NEW voucher (§4, §7);
// "continue" no longer changes the type of the same voucher.

let t: TestApp;
let token: string;
const tokens: Record<string, string> = {};
let clock = new Date('2016-06-25T09:00:00Z'); // the sample is dated 2016-06-24
const adapters = createAdapters(process.env, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-encashment-')) });

beforeAll(async () => {
  t = await buildTestApp({ adapters, clock: () => clock });
  token = await loginAs(t.app, 'creditor@example.com');
  for (const user of ['creditor2@example.com', 'observer@example.com']) tokens[user] = await loginAs(t.app, user);
});
afterAll(() => t.close());

describe('direct encashment not possible', () => {
  it('asks the creditor about a not yet due invoice and hands it over as a normal invoice on continue', async () => {
    const answer = await upload(t, token, [{ name: 'inkasso.xml', bytes: sample('xrechnung/01.03a-INVOICE_ubl.xml') }], { voucherType: 'invoice_encashment_direct' });
    expect(answer.status).toBe(200);
    const id = answer.body.voucherId as number;
    const v0 = await t.db.selectFrom('voucher').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    clock = new Date(clock.getTime() + 4 * 60_000);
    await processDueVouchers(t.db, adapters, clock);
    const pending = await t.db.selectFrom('voucher').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(pending.paymentDeadline! >= '2016-06-25').toBe(true);
    expect(pending).toMatchObject({ status: 'pending', pendingStatus: 'encashment_direct', purchaseStatusReason: 3, type: 'invoice_encashment_direct' });
    expect(v0.type).toBe('invoice_encashment_direct');
    const notes = await t.db.selectFrom('notification').select('type').where('voucherId', '=', id).execute();
    expect(notes.map((n) => n.type)).toContain('decisionNeeded');

    expect(pending.bnetStatus).toBe(935);
    const permissions = (await call(t, `/unprocessed-voucher/show/${id}`, { token })).body.permissions;
    expect(permissions).toMatchObject({ continueVoucher: false, transferBasicProcess: true });

    // continue is refused in German and changes nothing
    const refused = await refusedUnchanged(t, () => call(t, `/voucher/continue/${id}`, { token }));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ reason: 'uploads.continueEncashment', message: expect.stringMatching(/als normale Rechnung/) });
    expect(refused.unchanged, refused.changed.join()).toBe(true);
    // another creditor's user: not found; the observer: no permission — nothing changed either
    for (const [user, status] of [['creditor2@example.com', 404], ['observer@example.com', 403]] as const) {
      const other = await refusedUnchanged(t, () => call(t, `/voucher/transfer-basic-process/${id}`, { token: tokens[user], method: 'POST', body: {} }));
      expect(other.status, user).toBe(status);
      expect(other.unchanged, other.changed.join()).toBe(true);
    }

    const transferred = await call(t, `/voucher/transfer-basic-process/${id}`, { token, method: 'POST', body: {} });
    expect(transferred.status, JSON.stringify(transferred.body)).toBe(200);
    const created = transferred.body.identifier as number;
    expect(created).not.toBe(id);
    expect(transferred.body.message).toMatch(/normale Rechnung/);
    // the old upload is gone, the new one is an invoice with the same document and settings
    expect((await call(t, `/unprocessed-voucher/show/${id}`, { token })).status).toBe(404);
    const fresh = await t.db.selectFrom('voucher').selectAll().where('id', '=', created).executeTakeFirstOrThrow();
    expect(fresh).toMatchObject({ type: 'invoice', status: 'open', deliveryType: v0.deliveryType, originalName: 'inkasso.xml', requiresProcessing: true });
    const stored = await t.db.selectFrom('voucherAttachment as a').innerJoin('storedFile as f', 'f.path', 'a.path').select('f.content').where('a.voucherId', '=', created).executeTakeFirstOrThrow();
    expect(Buffer.from(stored.content).equals(sample('xrechnung/01.03a-INVOICE_ubl.xml'))).toBe(true);
    const log = await t.db.selectFrom('actionLogEntry').select(['actionType']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.actionType).toBe('voucher_transfer_basic_process');

    // processed as a normal invoice after its editing pause
    clock = new Date(clock.getTime() + 4 * 60_000);
    await processDueVouchers(t.db, adapters, clock);
    const done = await t.db.selectFrom('voucher').selectAll().where('id', '=', created).executeTakeFirstOrThrow();
    expect(done).toMatchObject({ type: 'invoice', pendingStatus: null, status: 'open' });
    expect(done.officialVoucherNumber).toBeTruthy();

    // a transfer of anything but a direct encashment waiting for its decision is refused, unchanged
    const again = await refusedUnchanged(t, () => call(t, `/voucher/transfer-basic-process/${created}`, { token, method: 'POST', body: {} }));
    expect(again.status).toBe(409);
    expect(again.unchanged).toBe(true);
  });
});
