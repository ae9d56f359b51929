import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';

// Impersonation (GET /user-management/user/{id}/switch): the admin gets the creditor user's view; the
// switch and every command taken meanwhile are in the action log with both e-mails.

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['superadmin', 'admin', 'support', 'productadmin-tpf', 'creditor']) {
    tokens[user] = await loginAs(t.app, `${user}@example.com`);
  }
});
afterAll(() => t.close());

const userOf = (username: string) => t.db.selectFrom('appUser').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
const logCount = async () => (await t.db.selectFrom('actionLogEntry').select('id').execute()).length;

describe('switch', () => {
  it("gives the admin the user's view, logged with both e-mails; commands meanwhile carry both too", async () => {
    const user = await userOf('creditor@example.com');
    const answer = await call(t, `/user-management/user/${user.id}/switch`, { token: tokens.support });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ username: 'creditor@example.com', product: user.product });
    const log = await t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', 'impersonation').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ adminEmail: 'support@example.com', userEmail: 'creditor@example.com', creditorId: user.creditorId });

    const token = answer.body.token as string;
    const current = await call(t, '/user-management/user/current', { token });
    expect(current.body).toMatchObject({ username: 'creditor@example.com', impersonated: true });
    // the creditor area opens for the admin as this user
    const debtors = await t.app.inject({ url: '/api/debtor/list', headers: bearer(token) });
    expect(debtors.statusCode).toBe(200);
    // a command taken meanwhile names the admin and the user
    const saved = await call(t, '/creditor/default-exposure-type', { token, method: 'PUT', body: { defaultExposureType: 'purchase' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const entry = await t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', 'default_exposure_type_update').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ adminEmail: 'support@example.com', userEmail: 'creditor@example.com' });
    // the own session is not an impersonation
    expect((await call(t, '/user-management/user/current', { token: tokens.creditor })).body.impersonated).toBe(false);
  });

  it('refuses other products, admins outside the users screen, creditors and unknown users — nothing logged', async () => {
    const smafa = await userOf('creditor@example.com');
    const tpf = await t.db.selectFrom('appUser').select(['id', 'product']).where('product', '=', 'TPF').where('creditorId', 'is not', null).where('status', '=', 'active').executeTakeFirstOrThrow();
    const cases: [string, string, number, string?][] = [
      ['superadmin', `/user-management/user/${tpf.id}/switch`, 409, 'admin.otherProductUser'],
      ['productadmin-tpf', `/user-management/user/${smafa.id}/switch`, 404],
      ['creditor', `/user-management/user/${smafa.id}/switch`, 403],
      ['superadmin', '/user-management/user/999999/switch', 404],
    ];
    for (const [user, path, status, code] of cases) {
      const before = await logCount();
      const refused = await refusedUnchanged(t, () => call(t, path, { token: tokens[user] }));
      expect(refused, `${user} ${path}`).toMatchObject({ status, unchanged: true });
      if (code) expect(refused.body.code).toBe(code);
      expect(await logCount()).toBe(before);
    }
    // in the TPF portal the same admin may
    const other = await call(t, `/user-management/user/${tpf.id}/switch?product=TPF`, { token: tokens.superadmin });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.product).toBe('TPF');
  });
});
