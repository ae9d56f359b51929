import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_TYPES } from '../../src/server/services/status-groups';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

let t: TestApp;
let token: string;
let creditorId: number;

beforeAll(async () => {
  t = await buildTestApp();
  token = await loginAs(t.app, 'creditor@example.com');
  creditorId = (
    await t.db
      .selectFrom('appUser')
      .select('creditorId')
      .where('username', '=', 'creditor@example.com')
      .executeTakeFirstOrThrow()
  ).creditorId!;
});
afterAll(() => t.close());

const dashboard = async (auth = token) => t.app.inject({ url: '/api/dashboard', headers: bearer(auth) });
const openInvoices = () =>
  t.db
    .selectFrom('voucher')
    .where('creditorId', '=', creditorId)
    .where('type', 'in', INVOICE_TYPES)
    .where('officialVoucherNumber', 'is not', null)
    .where('status', '=', 'open');

describe('GET /api/dashboard', () => {
  it('answers every widget for the main user, computed from the data', async () => {
    const response = await dashboard();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    for (const [key, value] of Object.entries(body)) expect(value, key).not.toBeNull();

    const open = await openInvoices()
      .select([
        sql<number>`sum(leftover_amount)::bigint`.as('open'),
        sql<number>`sum(leftover_amount) filter (where payment_deadline < current_date)::bigint`.as(
          'overdue',
        ),
      ])
      .executeTakeFirstOrThrow();
    expect(body.overdueRate.openAmount).toBe(Number(open.open));
    expect(body.overdueRate.overdueAmount).toBe(Number(open.overdue));
    expect(body.overdueRate.rate).toBeCloseTo((Number(open.overdue) / Number(open.open)) * 100, 0);

    const byType = body.openInvoicesByDunningType.reduce(
      (sum: number, r: { amount: number }) => sum + r.amount,
      0,
    );
    expect(byType).toBe(Number(open.open));
    const buckets = body.daysOverdue.reduce((sum: number, r: { amount: number }) => sum + r.amount, 0);
    expect(buckets).toBe(Number(open.open));
    expect(body.daysOverdue.map((r: { bucket: string }) => r.bucket)).toEqual([
      'notDue',
      'days1to30',
      'days31to60',
      'days61to90',
      'over90',
    ]);

    const halt = await t.db
      .selectFrom('voucher')
      .where('creditorId', '=', creditorId)
      .where('status', '=', 'open')
      .where('dunningType', '=', 'halt')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(body.dunningBlock.count).toBe(Number(halt.n));

    expect(body.turnoverPerMonth).toHaveLength(12);
    expect(body.turnoverPerYear).toHaveLength(3);
    expect(body.workQueue.count).toBeGreaterThan(0);
    expect(body.workQueue.oldest.title).toEqual(expect.any(String));
    expect(body.creditorVouchers.length).toBeLessThanOrEqual(5);
    expect(body.minimumServiceFee.reached).toBe(
      body.minimumServiceFee.chargedAmount >= body.minimumServiceFee.currentAnnualServiceFee,
    );
    expect(body.daysSalesOutstanding.days).toBeGreaterThan(0);
  });

  it('switches widgets off per permission: no dashboard for the assistant, product switches apply', async () => {
    expect((await dashboard(await loginAs(t.app, 'assistant@example.com'))).statusCode).toBe(403);
    const observer = (await dashboard(await loginAs(t.app, 'observer@example.com'))).json();
    expect(observer.overdueRate).not.toBeNull();
    // a user switch set to false turns its widget off
    await t.db
      .updateTable('appUser')
      .set({
        permissions: JSON.stringify({ dashboardWidgets: { cashback: false, daysOverdueChart: false } }),
      })
      .where('username', '=', 'management@example.com')
      .execute();
    const management = (await dashboard(await loginAs(t.app, 'management@example.com'))).json();
    expect(management.cashback).toBeNull();
    expect(management.daysOverdue).toBeNull();
    expect(management.paymentBehaviour).toBeNull();
    expect(management.overdueRate).not.toBeNull();
  });

  it('keeps tenants apart', async () => {
    const mine = (await dashboard()).json();
    const theirs = (await dashboard(await loginAs(t.app, 'creditor2@example.com'))).json();
    expect(theirs.overdueRate.openAmount).not.toBe(mine.overdueRate.openAmount);
  });
});
