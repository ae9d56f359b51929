import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openByDunningTypeQuery } from '../../src/server/db/repositories/dashboard.repository';
import { VOUCHER_CASES } from '../../src/server/domain/vouchers/voucher.rules';
import { INVOICE_TYPES, OPEN_VOUCHER_STATUSES } from '../../src/server/services/status-groups';
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
  it("counts TPF's open orders (tpf_in_review, tpf_accepted) in the overdue tile — not 0,00 € of 0,00 € (issue 28 item 11)", async () => {
    const tpf = await t.db
      .selectFrom('appUser')
      .select('creditorId')
      .where('username', '=', 'creditor-tpf@example.com')
      .executeTakeFirstOrThrow();
    const open = await t.db
      .selectFrom('voucher')
      .where('creditorId', '=', tpf.creditorId!)
      .where('type', 'in', INVOICE_TYPES)
      .where('officialVoucherNumber', 'is not', null)
      .where('status', 'in', OPEN_VOUCHER_STATUSES)
      .select([
        sql<number>`coalesce(sum(leftover_amount), 0)::bigint`.as('open'),
        sql<number>`coalesce(sum(leftover_amount) filter (where payment_deadline < current_date), 0)::bigint`.as('overdue'),
        sql<number>`count(*) filter (where status like 'tpf_%')::int`.as('orders'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(open.orders)).toBeGreaterThan(0);
    const body = (await dashboard(await loginAs(t.app, 'creditor-tpf@example.com'))).json();
    expect(body.overdueRate.openAmount).toBe(Number(open.open));
    expect(body.overdueRate.openAmount).toBeGreaterThan(0);
    expect(body.overdueRate.overdueAmount).toBe(Number(open.overdue));
    const byType = body.openInvoicesByDunningType?.reduce((sum: number, r: { amount: number }) => sum + r.amount, 0);
    if (byType !== undefined) expect(byType).toBe(Number(open.open));
  });

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

  it("reads each case's figure from the partial index of the cases' dunning types (0250), on both engines", async () => {
    // the index holds only the vouchers of these dunning types: one missing from its predicate would
    // leave that widget a scan of the whole table (126 ms at 250,000 vouchers, bench/README.md)
    for (const { dunningType } of Object.values(VOUCHER_CASES)) {
      const plan = await t.db.transaction().execute(async (trx) => {
        // the demo data is small enough for a sequential scan; off, the planner shows which index it can use
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await sql<Record<string, string>>`explain ${openByDunningTypeQuery(creditorId, dunningType)}`.execute(trx);
        return rows.map((row) => Object.values(row)[0]).join('\n');
      });
      expect(plan, dunningType).toContain('voucher_dashboard_case_idx');
    }
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

  it('keeps its figures only until their data changes: every change shows on the next load', async () => {
    const kept = () =>
      t.db
        .selectFrom('dashboardFigures')
        .select('day')
        .where('creditorId', '=', creditorId)
        .executeTakeFirst();
    const before = (await dashboard()).json();
    expect(await kept()).toBeDefined();
    expect((await dashboard()).json()).toEqual(before);

    // a voucher: its open amount
    const invoice = await openInvoices()
      .select(['id', 'leftoverAmount'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('voucher')
      .set({ leftoverAmount: invoice.leftoverAmount + 123 })
      .where('id', '=', invoice.id)
      .execute();
    const afterVoucher = (await dashboard()).json();
    expect(afterVoucher.overdueRate.openAmount).toBe(before.overdueRate.openAmount + 123);
    expect(afterVoucher.daysSalesOutstanding.receivables).toBe(before.daysSalesOutstanding.receivables + 123);

    // a debtor: its used limit
    const debtor = await t.db
      .selectFrom('debtor')
      .select(['id', 'availableLimit'])
      .where('creditorId', '=', creditorId)
      .where('status', '<>', 'inactive')
      .where('availableLimit', '>', 1000)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('debtor')
      .set({ availableLimit: debtor.availableLimit - 1000 })
      .where('id', '=', debtor.id)
      .execute();
    expect((await dashboard()).json().debtorLimitRate.usedLimit).toBe(
      before.debtorLimitRate.usedLimit + 1000,
    );

    // a creditor statement: this year's credit
    const statement = await t.db
      .selectFrom('creditorVoucher')
      .select(['id', 'amount', 'type', 'voucherDate'])
      .where('creditorId', '=', creditorId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('creditorVoucher')
      .set({ type: 'VH', voucherDate: sql<string>`current_date` as never })
      .where('id', '=', statement.id)
      .execute();
    const credit = (await dashboard()).json().cashback.credit;
    expect(credit).toBe(
      before.cashback.credit +
        (statement.type === 'VH' && statement.voucherDate >= `${before.cashback.year}-01-01`
          ? 0
          : statement.amount),
    );

    // figures of another day are not used
    const figures = (await dashboard()).json();
    await sql`update dashboard_figures set day = day - 1, figures = '{}' where creditor_id = ${creditorId}`.execute(
      t.db,
    );
    expect((await dashboard()).json()).toEqual(figures);
    expect((await kept())?.day).toBe(
      (await sql<{ d: string }>`select current_date::text as d`.execute(t.db)).rows[0].d,
    );

    await t.db
      .updateTable('voucher')
      .set({ leftoverAmount: invoice.leftoverAmount })
      .where('id', '=', invoice.id)
      .execute();
    await t.db
      .updateTable('debtor')
      .set({ availableLimit: debtor.availableLimit })
      .where('id', '=', debtor.id)
      .execute();
    await t.db
      .updateTable('creditorVoucher')
      .set({ type: statement.type, voucherDate: statement.voucherDate })
      .where('id', '=', statement.id)
      .execute();
    expect((await dashboard()).json()).toEqual(before);
  });
});
