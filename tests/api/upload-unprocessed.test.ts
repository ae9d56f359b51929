import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/server/adapters';
import { processDueVouchers } from '../../src/server/processing/processing-runner';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { multipart, plainPdf, sample, upload } from './upload-helpers';

// The unprocessed area's commands (schema/commands/uploads.yaml): cancel, continue a pending
// decision, delivery type, custom label, attachments while the pause runs — each visible in the
// unprocessed list/count and the history, each guard a 4xx with nothing changed.

let t: TestApp;
const tokens: Record<string, string> = {};
let clock = new Date('2016-04-05T09:00:00Z');
const adapters = createAdapters(process.env, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-unprocessed-')) });

beforeAll(async () => {
  t = await buildTestApp({ adapters, clock: () => clock });
  for (const user of ['creditor', 'creditor2', 'observer']) tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const as = (user = 'creditor') => ({ token: tokens[user] });
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const count = async () => (await call(t, '/unprocessed-voucher/count', as())).body.countUnprocessedVouchers as number;
const shown = async (id: number) => (await call(t, `/unprocessed-voucher/show/${id}`, as())).body;
const XML = () => ({ name: 'r.xml', bytes: sample('xrechnung/01.01a-INVOICE_ubl.xml') });

async function addAttachment(id: number, user = 'creditor') {
  const { body, contentType } = multipart([{ name: 'files', file: { name: 'Lieferschein.pdf', type: 'application/pdf', bytes: plainPdf('Lieferschein') } }]);
  const response = await t.app.inject({ method: 'POST', url: `/api/voucher/${id}/attachment`, headers: { ...bearer(tokens[user]), 'content-type': contentType }, payload: body });
  return { status: response.statusCode, body: response.json() };
}

describe('unprocessed area', () => {
  it('adds and deletes an attachment during the pause, edits delivery type and label, then refuses attachments after the pause', async () => {
    const id = (await upload(t, tokens.creditor, [XML()])).body.voucherId as number;
    const added = await addAttachment(id);
    expect(added.status).toBe(200);
    let item = await shown(id);
    expect(item.attachments).toHaveLength(2);
    const extra = item.attachments[1];
    expect((await t.app.inject({ url: `/api${extra.path}`, headers: bearer(tokens.creditor) })).statusCode).toBe(200);

    // the uploaded document itself is not deletable; another tenant gets 404
    const main = await refusedUnchanged(t, () => call(t, `/voucher/${id}/attachment/${item.attachments[0].id}`, { ...as(), method: 'DELETE' }));
    expect(main.status).toBe(409);
    expect(main.unchanged).toBe(true);
    const foreign = await refusedUnchanged(t, () => call(t, `/voucher/${id}/attachment/${extra.id}`, { ...as('creditor2'), method: 'DELETE' }));
    expect(foreign.status).toBe(404);
    expect(foreign.unchanged).toBe(true);
    expect((await call(t, `/voucher/${id}/attachment/${extra.id}`, { ...as(), method: 'DELETE' })).status).toBe(200);
    item = await shown(id);
    expect(item.attachments).toHaveLength(1);

    expect((await call(t, `/voucher/${id}/delivery-type`, { ...as(), method: 'POST', body: { deliveryType: 'email', email: 'rechnung@kunde.example' } })).status).toBe(200);
    expect((await call(t, `/voucher/${id}/customised-label`, { ...as(), method: 'POST', body: { customisedLabel: 'Projekt Nord' } })).status).toBe(200);
    item = await shown(id);
    expect(item).toMatchObject({ deliveryType: 'email', email: 'rechnung@kunde.example', customisedLabel: 'Projekt Nord' });
    const observer = await refusedUnchanged(t, () => call(t, `/voucher/${id}/customised-label`, { ...as('observer'), method: 'POST', body: { customisedLabel: 'x' } }));
    expect(observer.status).toBe(403);

    later(4 * 60_000);
    const late = await refusedUnchanged(t, () => addAttachment(id));
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/Bearbeitungspause ist beendet/);
    expect(late.unchanged).toBe(true);
  });

  it('cancels an upload: it leaves the list and the count, its file is gone', async () => {
    const before = await count();
    const id = (await upload(t, tokens.creditor, [XML()])).body.voucherId as number;
    expect(await count()).toBe(before + 1);
    const path = (await shown(id)).attachments[0].path as string;
    const foreign = await refusedUnchanged(t, () => call(t, `/bnet/voucher/${id}/cancel`, { ...as('creditor2'), method: 'POST', body: {} }));
    expect(foreign.status).toBe(404);
    expect((await call(t, `/bnet/voucher/${id}/cancel`, { ...as(), method: 'POST', body: {} })).status).toBe(200);
    expect(await count()).toBe(before);
    expect((await call(t, `/unprocessed-voucher/show/${id}`, as())).status).toBe(404);
    expect((await t.app.inject({ url: `/api${path}`, headers: bearer(tokens.creditor) })).statusCode).toBe(404);
    const log = await t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', 'voucher_cancel').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.voucherIdentifier).toBe(String(id));
  });

  it('continues a pending duplicate: processed without purchase; continue on a non-pending voucher is refused', async () => {
    clock = new Date('2016-04-05T09:00:00Z');
    const first = (await upload(t, tokens.creditor, [XML()])).body.voucherId as number;
    const refused = await refusedUnchanged(t, () => call(t, `/voucher/continue/${first}`, as()));
    expect(refused.status).toBe(409);
    later(4 * 60_000);
    await processDueVouchers(t.db, adapters, clock);
    const second = (await upload(t, tokens.creditor, [XML()])).body.voucherId as number;
    later(4 * 60_000);
    await processDueVouchers(t.db, adapters, clock);
    expect(await shown(second)).toMatchObject({ pendingStatus: 'duplicate' });
    expect((await shown(second)).permissions.continueVoucher).toBe(true);
    const answer = await call(t, `/voucher/continue/${second}`, as());
    expect(answer.status).toBe(200);
    await processDueVouchers(t.db, adapters, clock);
    const done = await t.db.selectFrom('voucher').selectAll().where('id', '=', second).executeTakeFirstOrThrow();
    expect(done.officialVoucherNumber).toBeTruthy();
    expect(done.purchaseStatus).toBe('NICHT_GEKAUFT');
    expect(done.purchaseStatusReason).toBe(9);
    const history = await call(t, `/voucher/${second}/history/list`, as());
    expect(JSON.stringify(history.body)).toContain('Trotzdem verarbeiten');
  });
});
