import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../src/server/adapters/workers';
import { createAdapters } from '../../src/server/adapters';
import { buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call } from '../helpers/commands';
import { todayIso } from '../../src/shared/validation';

// The minimum annual service fee over time (src/server/domain/admin/service-fee-period-sweep.ts):
// the next period starts the day after the end and lasts a year, with the next period's fee.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = await loginAs(t.app, 'admin@example.com');
});
afterAll(() => t.close());

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('service-fee periods', () => {
  it('starts the next periods of an ended one, catching up missed years; runs twice without doubling', async () => {
    const user = await t.db
      .selectFrom('appUser')
      .select('creditorId')
      .where('username', '=', 'creditor2@example.com')
      .executeTakeFirstOrThrow();
    const creditorId = user.creditorId!;
    const today = todayIso(); // the sweep's day (Germany)
    const start = addDays(today, -800);
    await t.db.deleteFrom('serviceFeePeriod').where('creditorId', '=', creditorId).execute();
    await t.db
      .insertInto('serviceFeePeriod')
      .values({
        creditorId,
        startDate: start,
        endDate: addDays(start, 364),
        currentAnnualServiceFee: 30_000,
        nextPeriodAnnualServiceFee: 45_000,
        chargedAmount: 12_000,
        createdAt: new Date(),
      })
      .execute();
    await t.db
      .updateTable('creditor')
      .set({ isServiceFeePeriodActive: true })
      .where('id', '=', creditorId)
      .execute();
    // an inactive creditor's ended period stays as it is
    const other = await t.db
      .selectFrom('appUser')
      .select('creditorId')
      .where('username', '=', 'creditor@example.com')
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('serviceFeePeriod').where('creditorId', '=', other.creditorId!).execute();
    await t.db
      .insertInto('serviceFeePeriod')
      .values({
        creditorId: other.creditorId!,
        startDate: start,
        endDate: addDays(start, 364),
        currentAnnualServiceFee: 10_000,
        chargedAmount: 0,
        createdAt: new Date(),
      })
      .execute();
    await t.db
      .updateTable('creditor')
      .set({ isServiceFeePeriodActive: false })
      .where('id', '=', other.creditorId!)
      .execute();

    const workers = startWorkers({
      db: t.db,
      adapters: createAdapters({}, { dataDir: '/tmp' }),
      intervalMs: 3_600_000,
      tasks: ['serviceFeePeriods'],
    });
    await workers.runOnce();
    await workers.runOnce();
    await workers.stop();

    const periods = await t.db
      .selectFrom('serviceFeePeriod')
      .selectAll()
      .where('creditorId', '=', creditorId)
      .orderBy('startDate')
      .execute();
    const day = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));
    expect(periods).toHaveLength(3);
    for (let i = 1; i < periods.length; i++) {
      expect(day(periods[i].startDate)).toBe(addDays(day(periods[i - 1].endDate), 1));
      const next = new Date(`${day(periods[i].startDate)}T00:00:00Z`);
      next.setUTCFullYear(next.getUTCFullYear() + 1);
      expect(day(periods[i].endDate)).toBe(addDays(next.toISOString().slice(0, 10), -1));
      expect(Number(periods[i].chargedAmount)).toBe(0);
    }
    expect(periods.map((p) => Number(p.currentAnnualServiceFee))).toEqual([30_000, 45_000, 45_000]);
    // the details show the period covering today
    const details = await call(t, `/creditor/${creditorId}/details`, { token });
    expect(details.body.serviceFeePeriod).toMatchObject({
      start: day(periods[2].startDate),
      currentAnnualServiceFee: 45_000,
    });
    expect(
      await t.db
        .selectFrom('serviceFeePeriod')
        .select('id')
        .where('creditorId', '=', other.creditorId!)
        .execute(),
    ).toHaveLength(1);
  });
});
