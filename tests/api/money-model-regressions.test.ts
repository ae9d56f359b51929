import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/shared/validation';
import { addDays } from '../../src/shared/validation/german-input.parse';
import { buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call } from '../helpers/commands';

// The failures the money model (money-model.test.ts) found, shrunk to their shortest sequence and
// kept as named tests (src/server/domain/README.md, "Money rules"). Runs on PGlite and PostgreSQL.

let t: TestApp;
let token: string;
let clock = new Date();

beforeAll(async () => {
  t = await buildTestApp({ clock: () => clock });
  token = await loginAs(t.app, 'creditor@example.com');
});
afterAll(() => t.close());

const debtorWithoutMandate = () =>
  t.db
    .selectFrom('debtor as d')
    .innerJoin('appUser as u', 'u.creditorId', 'd.creditorId')
    .select('d.id')
    .where('u.username', '=', 'creditor@example.com')
    .where('d.status', '=', 'active')
    .where('d.sepaIban', 'is', null)
    .orderBy('d.id')
    .executeTakeFirstOrThrow();

describe('money model regressions', () => {
  it('seed 847013132: a form date bound ("not after today") is read on the app clock the commands use', async () => {
    // the clock moved on by the workers' sweeps: a mandate signed "today" (the clock's day) was refused
    // as after today, because the route schema read the wall clock and the handlers the app clock
    clock = new Date(Date.now() + 60 * 86_400_000);
    const { id } = await debtorWithoutMandate();
    const mandate = (date: string) =>
      call(t, `/debtor/update/${id}`, {
        token,
        method: 'POST',
        body: { paymentMethod: 'direct_debit_mandate', accountOwner: 'Prüfbau GmbH', iban: 'DE89 3704 0044 0532 0130 00', city: 'Hamburg', date, referenceNumber: 'MM-REG-1', sepaMandateAvailable: true },
      });
    const tomorrow = await mandate(addDays(todayIso(clock), 1));
    expect(tomorrow).toMatchObject({ status: 400, body: { field: 'body/date' } });
    expect((await mandate(todayIso(clock))).status).toBe(200);
    clock = new Date();
  });
});
