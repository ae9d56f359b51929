import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/server/adapters';
import { buildDemoXRechnung } from '../../src/server/processing/demo-einvoice';
import { processDueVouchers } from '../../src/server/processing/processing-runner';
import { addDays } from '../../src/shared/validation/german-input.parse';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { upload } from './upload-helpers';

// The pending decision "insurance not possible" (document 1 §4) of the insured billing products
// (withPurchaseAssurance; the protection variant VHV): an uploaded invoice whose term is over 90 days,
// which is already due, or whose service date lies more than 30 days before the invoice date waits
// with its reason for the creditor's continue (processed uninsured) or delete, like the other
// pending decisions; a factoring product's invoice never gets it. Runs on PGlite and PostgreSQL.

let t: TestApp;
const tokens: Record<string, string> = {};
let clock = new Date();
const adapters = createAdapters(process.env, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-insurance-')) });

beforeAll(async () => {
  t = await buildTestApp({ adapters, clock: () => clock });
  for (const user of ['creditor-vhv', 'creditor', 'observer-vhv'])
    tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const get = (path: string, user = 'creditor-vhv') => call(t, path, { token: tokens[user] });
const iso = (d: Date) => d.toISOString().slice(0, 10);
let serial = 0;

/** A current XRechnung of a known customer, its dates changed as the case needs. */
async function invoice(user: string, change: { issue?: string; due?: string; delivery?: string } = {}) {
  const number = `VS-${Date.now() % 1_000_000}-${++serial}`;
  let xml = buildDemoXRechnung(clock, number, { name: 'Kunde', street: 'Weg 1', zip: '12345', city: 'Ort' });
  if (change.issue) xml = xml.replace(/<cbc:IssueDate>[^<]+/, `<cbc:IssueDate>${change.issue}`);
  if (change.due) xml = xml.replace(/<cbc:DueDate>[^<]+/, `<cbc:DueDate>${change.due}`);
  if (change.delivery)
    xml = xml.replace(/<cbc:ActualDeliveryDate>[^<]+/, `<cbc:ActualDeliveryDate>${change.delivery}`);
  const place = await t.db
    .selectFrom('location as l')
    .innerJoin('debtor as d', 'd.id', 'l.debtorId')
    .innerJoin('appUser as u', 'u.creditorId', 'l.creditorId')
    .select(['l.id as locationId', 'd.id as debtorId'])
    .where('u.username', '=', `${user}@example.com`)
    .where('d.status', '=', 'active')
    .where('l.status', '=', 'active')
    .orderBy('l.id')
    .executeTakeFirstOrThrow();
  const answer = await upload(t, tokens[user], [{ name: `${number}.xml`, bytes: Buffer.from(xml) }], {
    debtor: String(place.debtorId),
    location: String(place.locationId),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.voucherId as number;
}

async function processAll() {
  clock = new Date(clock.getTime() + 3 * 60_000 + 1000);
  await processDueVouchers(t.db, adapters, clock);
}
const row = (id: number) =>
  t.db.selectFrom('voucher').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('insurance not possible (protection variant)', () => {
  it('holds each uninsurable invoice with its reason; continue processes it uninsured, delete removes it', async () => {
    const today = iso(clock);
    const cases = {
      tooLong: await invoice('creditor-vhv', { due: addDays(today, 120) }),
      alreadyDue: await invoice('creditor-vhv', {
        issue: addDays(today, -40),
        due: addDays(today, -10),
        delivery: addDays(today, -41),
      }),
      tooOld: await invoice('creditor-vhv', { delivery: addDays(today, -45) }),
      fine: await invoice('creditor-vhv'),
    };
    await processAll();
    const expected = {
      tooLong: ['insurance_payment_deadline_too_long', 11],
      alreadyDue: ['insurance_payment_deadline_too_short', 10],
      tooOld: ['insurance_service_date_too_old', 12],
    } as const;
    for (const [key, [pending, reason]] of Object.entries(expected)) {
      const id = cases[key as keyof typeof expected];
      const v = await row(id);
      expect({
        key,
        status: v.status,
        pendingStatus: v.pendingStatus,
        reason: v.purchaseStatusReason,
        official: v.officialVoucherNumber,
      }).toEqual({
        key,
        status: 'pending',
        pendingStatus: pending,
        reason,
        official: null,
      });
      // the unprocessed view shows it with its German reason and offers continue and delete
      const shown = (await get(`/unprocessed-voucher/show/${id}`)).body;
      expect(shown.pendingStatus).toBe(pending);
      expect(shown.permissions).toMatchObject({ continueVoucher: true, cancel: true });
    }
    expect((await row(cases.fine)).officialVoucherNumber).not.toBeNull();
    const notices = await t.db
      .selectFrom('notification')
      .select('title')
      .where('voucherId', '=', cases.tooLong)
      .execute();
    expect(notices.map((n) => n.title).join()).toContain('Entscheidung erforderlich');

    // the observer may not decide; nothing changes
    const observer = await refusedUnchanged(t, () =>
      get(`/voucher/continue/${cases.tooLong}`, 'observer-vhv'),
    );
    expect(observer).toMatchObject({ status: 403, unchanged: true });

    // continue: processed without insurance; delete: gone
    const continued = await get(`/voucher/continue/${cases.tooLong}`);
    expect(continued.status, JSON.stringify(continued.body)).toBe(200);
    await processAll();
    const done = await row(cases.tooLong);
    expect(done.officialVoucherNumber).not.toBeNull();
    expect(done).toMatchObject({
      status: 'open',
      pendingStatus: null,
      purchaseStatus: 'NICHT_ANKAUFBAR',
      purchaseStatusReason: 11,
    });
    const history = (await get(`/voucher/${cases.tooLong}/history/list`)).body.entries as {
      title: string;
      text: string | null;
    }[];
    expect(history.find((h) => h.title === 'Trotzdem verarbeiten')?.text).toBe(
      'Ohne Ankauf bzw. Absicherung',
    );
    const deleted = await call(t, `/bnet/voucher/${cases.tooOld}/cancel`, {
      token: tokens['creditor-vhv'],
      method: 'POST',
      body: {},
    });
    expect(deleted.status).toBe(200);
    expect(
      await t.db.selectFrom('voucher').select('id').where('id', '=', cases.tooOld).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("a factoring product's invoice is judged by the purchase rules, not the insurance", async () => {
    const id = await invoice('creditor', { due: addDays(iso(clock), 120) });
    await processAll();
    expect((await row(id)).pendingStatus).toBe('not_purchasable');
  });
});
