import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-accounts';

// Impersonation (GET /user-management/user/{id}/switch): the admin gets the creditor user's view; the
// switch and every command taken meanwhile are in the action log with both e-mails. Issue 26: it
// needs the admin permission impersonate_user (support lacks it); each command's YAML `impersonation`
// says whether the admin may take it; "Zurückwechseln" is a logged server call; the token ends with
// the admin's sessions and permission.

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
    const answer = await call(t, `/user-management/user/${user.id}/switch`, { token: tokens.admin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ username: 'creditor@example.com', product: user.product });
    const log = await t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', 'impersonation').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ adminEmail: 'admin@example.com', userEmail: 'creditor@example.com', creditorId: user.creditorId });

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
    expect(entry).toMatchObject({ adminEmail: 'admin@example.com', userEmail: 'creditor@example.com' });
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
      // update_user, reset_user_password, view_action_log, registration_mail — but not impersonate_user
      ['support', `/user-management/user/${smafa.id}/switch`, 403],
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

  const switchTo = async (admin = 'admin') => {
    const user = await userOf('creditor@example.com');
    const answer = await call(t, `/user-management/user/${user.id}/switch`, { token: tokens[admin] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.token as string;
  };

  it('refuses what the YAML refuses under impersonation: users, passwords, payment data — nothing changed', async () => {
    const token = await switchTo();
    const debtor = await t.db.selectFrom('debtor').select('id').where('creditorId', '=', (await userOf('creditor@example.com')).creditorId!).orderBy('id').executeTakeFirstOrThrow();
    const refusedCalls: [string, 'POST' | 'DELETE', unknown?][] = [
      ['/user-management/command/register-creditor-company-user', 'POST', { name: 'Ingo Imposter', email: 'ingo.imposter@example.com', role: 'creditor-management' }],
      ['/user-management/command/update-password', 'POST', { oldPassword: DEMO_PASSWORD, password: 'Neues-Passwort-2026!', passwordRepeat: 'Neues-Passwort-2026!' }],
      [`/debtor/${debtor.id}/sepa-mandate`, 'DELETE'],
    ];
    for (const [path, method, body] of refusedCalls) {
      const refused = await refusedUnchanged(t, () => call(t, path, { token, method, body }));
      expect(refused, path).toMatchObject({ status: 403, unchanged: true, body: { reason: 'commands.impersonationRefused' } });
      expect(refused.body.message).toContain('im Namen des Nutzers');
    }
    // the creditor's own session may
    const own = await call(t, '/user-management/command/register-creditor-company-user', {
      token: tokens.creditor,
      method: 'POST',
      body: { name: 'Echte Nutzerin', email: 'echte.nutzerin@example.com', role: 'creditor-observer' },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it('"Zurückwechseln" is a server call in the action log; an own session cannot switch back', async () => {
    const token = await switchTo();
    const back = await call(t, '/user-management/user/switch-back', { token, method: 'POST' });
    expect(back).toEqual({ status: 200, body: { success: true } });
    const log = await t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', 'impersonation_end').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ adminEmail: 'admin@example.com', userEmail: 'creditor@example.com' });
    const before = await logCount();
    expect((await call(t, '/user-management/user/switch-back', { token: tokens.creditor, method: 'POST' })).status).toBe(409);
    expect(await logCount()).toBe(before);
  });

  it("ends with the admin's permission and the admin's sessions", async () => {
    const admin = await userOf('admin@example.com');
    const token = await switchTo();
    expect((await call(t, '/debtor/list', { token })).status).toBe(200);
    const stored = admin.permissions as { admin: string[] };
    await t.db.updateTable('appUser').set({ permissions: JSON.stringify({ ...stored, admin: stored.admin.filter((k) => k !== 'impersonate_user') }) }).where('id', '=', admin.id).execute();
    expect((await call(t, '/debtor/list', { token })).status).toBe(401);
    await t.db.updateTable('appUser').set({ permissions: JSON.stringify(stored) }).where('id', '=', admin.id).execute();
    expect((await call(t, '/debtor/list', { token })).status).toBe(200);
    // the admin logs out (own refresh token): the impersonation ends too
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin@example.com', password: DEMO_PASSWORD } });
    await t.app.inject({ method: 'POST', url: '/api/logout', payload: { refresh_token: login.json().refresh_token } });
    expect((await call(t, '/debtor/list', { token })).status).toBe(401);
    tokens.admin = await loginAs(t.app, 'admin@example.com');
  });
});

