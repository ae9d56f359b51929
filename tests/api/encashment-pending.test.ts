import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/server/adapters';
import { processDueVouchers } from '../../src/server/processing/processing-runner';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { call } from '../helpers/commands';
import { sample, upload } from './upload-helpers';

// Pending decision "direct encashment not possible" (document 1 §4): an invoice handed over for
// direct encashment before it is due waits for the creditor; continue hands it over as a normal invoice.

let t: TestApp;
let token: string;
let clock = new Date('2016-06-25T09:00:00Z'); // the sample is dated 2016-06-24
const adapters = createAdapters(process.env, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-encashment-')) });

beforeAll(async () => {
  t = await buildTestApp({ adapters, clock: () => clock });
  token = await loginAs(t.app, 'creditor@example.com');
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

    expect((await call(t, `/voucher/continue/${id}`, { token })).status).toBe(200);
    await processDueVouchers(t.db, adapters, clock);
    const done = await t.db.selectFrom('voucher').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(done).toMatchObject({ type: 'invoice', pendingStatus: null, status: 'open' });
    expect(done.officialVoucherNumber).toBeTruthy();
  });
});
