import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDunningBlocks } from '../../src/server/domain/dunning';
import { todayIso } from '../../src/shared/validation';
import { addDays } from '../../src/shared/validation/german-input.parse';
import { buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call } from '../helpers/commands';

// The end of a dunning stop (issue 9 item 1, "when it ends the purchase is reversed or the assurance
// lapses"): set through the command, then the clock moved past its last day — once, however often the
// job runs. Runs on PGlite and on PostgreSQL.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = await loginAs(t.app, 'creditor@example.com');
});
afterAll(() => t.close());

const day = (offset: number) => addDays(todayIso(), offset);
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);
let serial = 0;

async function blockedInvoice(purchased: boolean) {
  const creditorId = (await t.db.selectFrom('appUser').select('creditorId').where('username', '=', 'creditor@example.com').executeTakeFirstOrThrow()).creditorId!;
  const place = await t.db
    .selectFrom('location as l')
    .innerJoin('debtor as d', 'd.id', 'l.debtorId')
    .select(['l.id as locationId', 'd.id as debtorId'])
    .where('l.creditorId', '=', creditorId)
    .where('d.status', '=', 'active')
    .orderBy('l.id')
    .executeTakeFirstOrThrow();
  const n = `${Date.now() % 100000}${++serial}`;
  const v = await t.db
    .insertInto('voucher')
    .values({
      creditorId,
      ...place,
      customNumber: `RE-DB-${n}`,
      officialVoucherNumber: `DB${n}`,
      type: 'invoice',
      status: 'open',
      subStatus: purchased ? 'purchased' : 'not_purchased',
      purchaseStatus: purchased ? 'GEKAUFT' : 'NICHT_ANKAUFBAR',
      dunningType: 'dunning',
      amount: 50_000,
      leftoverAmount: 50_000,
      initialLeftoverAmount: 50_000,
      voucherDate: day(-40),
      performanceDate: day(-40),
      paymentDeadline: day(-20),
      originalName: 'x.pdf',
      documentId: `DOC-DB-${n}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const set = await call(t, `/sap/voucher/${v.id}/dunning/block`, { token, method: 'POST', body: { blockUntil: day(5), reason: 'Zahlung zugesagt' } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return v.id;
}
const voucher = (id: number) => t.db.selectFrom('voucher').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the end of a dunning stop', () => {
  it('leaves the demo data\'s running stops alone when a portal starts: each ends after the seed date', async () => {
    const halted = await t.db.selectFrom('voucher').select(['id', 'dunningBlockUntil']).where('subStatus', '=', 'halt').execute();
    expect(halted.length).toBeGreaterThan(0);
    for (const v of halted) expect(v.dunningBlockUntil! > todayIso(), String(v.id)).toBe(true);
    expect(await expireDunningBlocks(t.db, new Date())).toBe(0);
  });

  it('keeps the stop through its last day', async () => {
    const id = await blockedInvoice(true);
    await expireDunningBlocks(t.db, at(day(5)));
    expect(await voucher(id)).toMatchObject({ subStatus: 'halt', dunningBlockUntil: day(5) });
  });

  it('afterwards reverses the purchase of a purchased invoice, once', async () => {
    const id = await blockedInvoice(true);
    await Promise.all([expireDunningBlocks(t.db, at(day(6))), expireDunningBlocks(t.db, at(day(6)))]);
    await expireDunningBlocks(t.db, at(day(7)));
    const v = await voucher(id);
    expect([v.purchaseStatus, v.subStatus, v.dunningType, v.dunningBlockUntil]).toEqual(['RUECKBELASTET', 'counted_back', 'dunning', null]);
    const { entries } = (await call(t, `/voucher/${id}/history/list`, { token })).body;
    const expired = entries.filter((e: { title: string }) => e.title === 'Mahnstopp abgelaufen');
    expect(expired).toHaveLength(1);
    expect(expired[0].text).toContain('Rückbelastung');
  });

  it('lets the assurance lapse on one not purchased: dunning resumes', async () => {
    const id = await blockedInvoice(false);
    expect(await expireDunningBlocks(t.db, at(day(6)))).toBeGreaterThanOrEqual(1);
    const v = await voucher(id);
    expect([v.purchaseStatus, v.subStatus, v.dunningType, v.dunningBlockUntil]).toEqual(['NICHT_ANKAUFBAR', 'not_purchased', 'dunning', null]);
  });
});
