import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../generated/i18n/de.json' with { type: 'json' };
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

/**
 * Issue 15 item 2 "nothing raw" for the voucher history: processing codes come with their German
 * title, purchase statuses and dates as a person reads them (valueText), on the seeded history.
 */
let t: TestApp;
let token: string;
let creditorId: number;

beforeAll(async () => {
  t = await buildTestApp();
  token = await loginAs(t.app, 'creditor@example.com');
  const user = await t.db
    .selectFrom('appUser')
    .select('creditorId')
    .where('username', '=', 'creditor@example.com')
    .executeTakeFirstOrThrow();
  creditorId = user.creditorId!;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url: `/api${url}`, headers: bearer(token) });
const codes = de.enums.processingCode as Record<string, string>;
const purchase = de.enums.purchaseStatus as Record<string, string>;

interface Entry {
  type: string;
  value: string | null;
  valueText: string | null;
  title: string | null;
}

describe('voucher history: codes with titles, values in German', () => {
  it('titles every processing-code entry with its label, also where the stored title is empty', async () => {
    const row = await t.db
      .selectFrom('voucherHistory')
      .select(['voucherId'])
      .where('creditorId', '=', creditorId)
      .where('type', '=', 'bnet_status')
      .where('title', 'is', null)
      .executeTakeFirstOrThrow();
    const response = await get(`/voucher/${row.voucherId}/history/list`);
    expect(response.statusCode).toBe(200);
    const entries = response.json().entries as Entry[];
    const coded = entries.filter((entry) => entry.type === 'bnet_status');
    expect(coded.length).toBeGreaterThan(0);
    for (const entry of coded) {
      expect(entry.title).toBe(codes[entry.value!]);
      expect(entry.title).not.toMatch(/^\d+$/);
    }
    const detail = (await get(`/voucher/show/${row.voucherId}`)).json();
    const fromDetail = (detail.history as Entry[]).find((entry) => entry.type === 'bnet_status');
    expect(fromDetail?.title).toBe(codes[fromDetail!.value!]);
  });

  it('shows a purchase status by its German label, never the server value', async () => {
    const row = await t.db
      .selectFrom('voucherHistory')
      .select(['voucherId', 'value'])
      .where('creditorId', '=', creditorId)
      .where('type', '=', 'bnet_purchase_status')
      .where('value', 'is not', null)
      .executeTakeFirstOrThrow();
    const entries = (await get(`/voucher/${row.voucherId}/history/list`)).json().entries as Entry[];
    const entry = entries.find((e) => e.type === 'bnet_purchase_status' && e.value === row.value)!;
    expect(entry.valueText).toBe(purchase[row.value!]);
    expect(entry.valueText).not.toBe(row.value);
    expect(entry.title).toBe(purchase[row.value!]);
  });

  it('shows an ISO date value as TT.MM.JJJJ', async () => {
    const voucher = await t.db
      .selectFrom('voucher')
      .select('id')
      .where('creditorId', '=', creditorId)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('voucherHistory')
      .values({
        creditorId,
        voucherId: voucher.id,
        type: 'action',
        value: '2026-07-06',
        title: 'Mahnstopp gesetzt',
        text: null,
        createdAt: new Date(),
      })
      .execute();
    const entries = (await get(`/voucher/${voucher.id}/history/list`)).json().entries as Entry[];
    const entry = entries.find((e) => e.value === '2026-07-06')!;
    expect(entry.valueText).toBe('06.07.2026');
  });

  it('seeds permanent-debt descriptions with German dates', async () => {
    const rows = await t.db.selectFrom('permanentDebt').select('description').where('description', 'like', '%Vertrag vom%').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const { description } of rows) expect(description).toMatch(/Vertrag vom \d{2}\.\d{2}\.\d{4}$/);
  });
});
