import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/server/adapters';
import { uploadPauseMinutes } from '../../src/server/processing/processing-config';
import { writeDemoEInvoice } from '../../src/server/processing/demo-einvoice';
import { processDueVouchers } from '../../src/server/processing/processing-runner';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { call } from '../helpers/commands';
import { upload } from './upload-helpers';

// The demo (issue 8, item 6): the file that `npm start` writes into DATA_DIR/demo-upload/ — a
// current-dated XRechnung to a known customer — uploaded as creditor@example.com ends, once the
// clock passes the editing pause, as an open PURCHASED voucher under the unchanged purchase rules.

let t: TestApp;
let token: string;
let clock = new Date();
const dataDir = mkdtempSync(join(tmpdir(), 'kontor-demo-einvoice-'));
const adapters = createAdapters(process.env, { dataDir });

beforeAll(async () => {
  t = await buildTestApp({ adapters, clock: () => clock });
  token = await loginAs(t.app, 'creditor@example.com');
});
afterAll(() => t.close());

describe('demo e-invoice', () => {
  it('is written for today and ends as an open purchased voucher after the pause', async () => {
    clock = new Date();
    const file = await writeDemoEInvoice(t.db, dataDir, clock);
    expect(file).toBe(join(dataDir, 'demo-upload', `XRechnung-Demo-${clock.toISOString().slice(0, 10)}.xml`));
    const bytes = readFileSync(file!);

    const answer = await upload(t, token, [{ name: basename(file!), bytes }], { deliveryType: 'post' });
    expect(answer.status).toBe(200);
    const id = answer.body.voucherId as number;
    const before = await t.db.selectFrom('creditor').innerJoin('voucher', 'voucher.creditorId', 'creditor.id').select('creditor.availableLimit').where('voucher.id', '=', id).executeTakeFirstOrThrow();

    clock = new Date(clock.getTime() + uploadPauseMinutes(process.env) * 60_000 + 1000);
    await processDueVouchers(t.db, adapters, clock);

    const done = await t.db.selectFrom('voucher').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 'open', purchaseStatus: 'GEKAUFT', amount: 119000, pendingStatus: null });
    expect(done.officialVoucherNumber).toBeTruthy();
    const after = await t.db.selectFrom('creditor').select('availableLimit').where('id', '=', done.creditorId).executeTakeFirstOrThrow();
    expect(after.availableLimit).toBe(before.availableLimit - 119000);
    const list = await call(t, `/voucher/show/${id}`, { token });
    expect(list.status).toBe(200);
  });
});
