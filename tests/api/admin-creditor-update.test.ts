import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';

// POST /creditor/{id}/update (schema/commands/adminCreditors.yaml updateCreditor): the prefilled
// values, the change read back through the details, every guard with nothing changed.

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['admin', 'support', 'productadmin', 'productadmin-tpf', 'creditor'])
    tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const creditorOf = (email: string) =>
  t.db
    .selectFrom('appUser')
    .innerJoin('creditor', 'creditor.id', 'appUser.creditorId')
    .select(['creditor.id', 'creditor.email', 'creditor.cspIdentifier'])
    .where('appUser.username', '=', email)
    .executeTakeFirstOrThrow();

describe('creditor update', () => {
  it('prefills the dialog, saves the master data, logs the changes; guards change nothing', async () => {
    const creditor = await creditorOf('creditor2@example.com');
    const other = await creditorOf('creditor@example.com');
    const values = await call(t, `/creditor/${creditor.id}/edit-values`, { token: tokens.admin });
    expect(values.status).toBe(200);
    expect(values.body).toMatchObject({ email: creditor.email, cspIdentifier: creditor.cspIdentifier });
    expect(values.body.companyName).toBeTruthy();
    expect(values.body).not.toHaveProperty('setupFee');
    expect(
      (await call(t, `/creditor/${creditor.id}/edit-values`, { token: tokens['productadmin-tpf'] })).status,
    ).toBe(404);

    const update = (who: string, body: unknown, id = creditor.id) =>
      call(t, `/creditor/${id}/update`, { token: tokens[who], method: 'POST', body });
    const body = { ...values.body, companyName: 'Geänderte Handels GmbH', city: 'Lübeck', wzCode: '62.01.0' };
    const cases: [string, unknown, number, string?][] = [
      ['support', body, 403],
      ['productadmin-tpf', body, 404],
      ['creditor', body, 403],
      ['admin', { ...body, email: other.email }, 409, 'validation.emailTaken'],
      ['admin', { ...body, cspIdentifier: other.cspIdentifier }, 409, 'validation.onrNumberTaken'],
      ['admin', { ...body, sepaIban: 'DE02120300000000202051' }, 409, 'adminCommands.sepaViaRequest'],
      ['admin', { ...body, zip: '123' }, 400],
      ['admin', { ...body, serviceFee: 120 }, 400],
      ['admin', { ...body, setupFee: 49900 }, 400],
    ];
    for (const [who, payload, status, reason] of cases) {
      const refused = await refusedUnchanged(t, () => update(who, payload));
      expect(refused, `${who} ${JSON.stringify(payload).slice(0, 80)}`).toMatchObject({
        status,
        unchanged: true,
      });
      if (reason) expect(refused.body.reason).toBe(reason);
    }

    const saved = await update('productadmin', body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Die Stammdaten des Gläubigers wurden gespeichert.');
    const details = await call(t, `/creditor/${creditor.id}/details`, { token: tokens.admin });
    expect(details.body).toMatchObject({ name: 'Geänderte Handels GmbH', wzCode: '62.01.0' });
    expect(details.body.contact.city).toBe('Lübeck');
    const again = await call(t, `/creditor/${creditor.id}/edit-values`, { token: tokens.admin });
    expect(again.body).toEqual({
      ...values.body,
      companyName: 'Geänderte Handels GmbH',
      city: 'Lübeck',
      wzCode: '62.01.0',
    });
    const log = await t.db
      .selectFrom('actionLogEntry')
      .selectAll()
      .where('actionType', '=', 'creditor_update')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ creditorId: creditor.id, adminEmail: 'productadmin@example.com' });
    expect((log.payload as any).changes.city).toEqual({ from: values.body.city, to: 'Lübeck' });
  });
});
