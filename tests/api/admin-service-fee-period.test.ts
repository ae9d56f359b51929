import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/shared/validation/german-input.parse';
import { buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';

// The minimum annual service fee (schema/commands/adminServiceFees.yaml, editServiceFeePeriod):
// the admin changes the creditor's current period or starts its first one.

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['admin', 'support', 'productadmin-tpf'])
    tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const inDays = (days: number) => todayIso(new Date(Date.now() + days * 86_400_000));
const edit = (user: string, body: unknown) =>
  call(t, '/user-management/command/user/edit-service-fee-period', {
    token: tokens[user],
    method: 'POST',
    body,
  });
const details = async (id: number) =>
  (await call(t, `/creditor/${id}/details`, { token: tokens.admin })).body;

async function creditorOf(username: string) {
  const user = await t.db
    .selectFrom('appUser')
    .select('creditorId')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return t.db.selectFrom('creditor').selectAll().where('id', '=', user.creditorId!).executeTakeFirstOrThrow();
}

describe('minimum annual service fee', () => {
  it('changes the current period as the detail then shows it; every guard changes nothing', async () => {
    const creditor = await creditorOf('creditor2@example.com');
    const body = {
      creditorIdentifier: creditor.id,
      currentAnnualServiceFee: 120_000,
      nextPeriodAnnualServiceFee: 150_000,
      start: inDays(-30),
      end: inDays(334),
    };
    const cases: [string, unknown, number, string?][] = [
      ['support', body, 403],
      ['productadmin-tpf', body, 404],
      ['admin', { ...body, end: body.start }, 400, 'adminCommands.serviceFeePeriodEndBeforeStart'],
      ['admin', { ...body, currentAnnualServiceFee: -1 }, 400],
      ['admin', { ...body, creditorIdentifier: 2_147_483_647 }, 404],
    ];
    for (const [who, payload, status, reason] of cases) {
      const refused = await refusedUnchanged(t, () => edit(who, payload));
      expect(refused, `${who} ${JSON.stringify(payload)}`).toMatchObject({ status, unchanged: true });
      if (reason) expect(refused.body.reason).toBe(reason);
    }

    const saved = await edit('admin', body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const shown = await details(creditor.id);
    expect(shown.serviceFeePeriod).toMatchObject({
      currentAnnualServiceFee: 120_000,
      nextPeriodAnnualServiceFee: 150_000,
      start: body.start,
      end: body.end,
    });
    expect(shown.isServiceFeePeriodActive).toBe(true);
    const periods = await t.db
      .selectFrom('serviceFeePeriod')
      .select('id')
      .where('creditorId', '=', creditor.id)
      .execute();
    const log = await t.db
      .selectFrom('actionLogEntry')
      .selectAll()
      .where('actionType', '=', 'service_fee_period_edit')
      .where('creditorId', '=', creditor.id)
      .executeTakeFirstOrThrow();
    expect(log.adminEmail).toBe('admin@example.com');

    expect(periods.length).toBeGreaterThan(0);
    // a period that would overlap another one of the creditor is refused
    await t.db
      .insertInto('serviceFeePeriod')
      .values({
        creditorId: creditor.id,
        startDate: inDays(400),
        endDate: inDays(700),
        currentAnnualServiceFee: 0,
        createdAt: new Date(),
      })
      .execute();
    const overlapping = await refusedUnchanged(t, () => edit('admin', { ...body, end: inDays(500) }));
    expect(overlapping).toMatchObject({
      status: 409,
      unchanged: true,
      body: { reason: 'adminCommands.serviceFeePeriodOverlaps' },
    });
  });

  it('starts the first period of a creditor without one', async () => {
    // a creditor whose fee periods are gone (the demo gives every creditor one)
    const creditor = await creditorOf('creditor@example.com');
    await t.db.deleteFrom('serviceFeePeriod').where('creditorId', '=', creditor.id).execute();
    expect((await details(creditor.id)).serviceFeePeriod ?? null).toBeNull();
    const saved = await edit('admin', {
      creditorIdentifier: creditor.id,
      currentAnnualServiceFee: 0,
      start: inDays(0),
      end: inDays(364),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await details(creditor.id)).serviceFeePeriod).toMatchObject({
      currentAnnualServiceFee: 0,
      start: inDays(0),
      end: inDays(364),
    });
  });
});
