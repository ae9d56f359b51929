import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';

// The set-password link of the company-user invitation (POST /user-management/command/accept-invitation,
// public): once, within 7 days; then the invited user logs in. Runs on PGlite and PostgreSQL.

let t: TestApp;
let now = new Date();
let management: string;
const REGISTER = '/user-management/command/register-creditor-company-user';
const ACCEPT = '/user-management/command/accept-invitation';
const PASSWORD = 'Einladung-7!';

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  management = await loginAs(t.app, 'management@example.com');
});
afterAll(() => t.close());

/** Registers a company user and answers the token of the invitation mail (read from the outbox row). */
async function invite(email: string): Promise<string> {
  const registered = await call(t, REGISTER, { token: management, method: 'POST', body: { name: 'Ina Eingeladen', email, role: 'creditor-assistant' } });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const mail = await t.db.selectFrom('mailOutbox').select('params').where('recipient', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const path = String((mail.params as Record<string, unknown>).setPasswordPath);
  expect(path).toMatch(/^\/set-password\/[A-Za-z0-9_-]+$/);
  return path.slice('/set-password/'.length);
}

const accept = (token: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: `/api${ACCEPT}`, payload: { token, password, passwordRepeat: password } });
const login = (username: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: PASSWORD } });

describe('accepting a company-user invitation', () => {
  it('sets the password once; the access becomes active and logs in', async () => {
    const token = await invite('ina.eingeladen@example.com');
    expect((await login('ina.eingeladen@example.com')).statusCode).toBe(401);
    const answer = await accept(token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toMatch(/Zugang ist eingerichtet/);
    expect((await login('ina.eingeladen@example.com')).statusCode).toBe(200);
    const user = await t.db.selectFrom('appUser').select('status').where('username', '=', 'ina.eingeladen@example.com').executeTakeFirstOrThrow();
    expect(user.status).toBe('active');
    const again = await refusedUnchanged(t, async () => {
      const response = await accept(token, 'Anders-8?');
      return { status: response.statusCode, body: response.json() };
    });
    expect(again).toMatchObject({ status: 410, unchanged: true, body: { reason: 'account.invitationInvalid' } });
  });

  it('refuses an expired link, an unknown one and a weak password with nothing changed', async () => {
    const token = await invite('ida.spaet@example.com');
    const weak = await refusedUnchanged(t, async () => {
      const response = await accept(token, 'kurz');
      return { status: response.statusCode, body: response.json() };
    });
    expect(weak).toMatchObject({ status: 400, unchanged: true });
    const unknown = await refusedUnchanged(t, async () => {
      const response = await accept('x'.repeat(43));
      return { status: response.statusCode, body: response.json() };
    });
    expect(unknown).toMatchObject({ status: 410, unchanged: true });
    now = new Date(Date.now() + 8 * 86_400_000);
    try {
      const expired = await refusedUnchanged(t, async () => {
        const response = await accept(token);
        return { status: response.statusCode, body: response.json() };
      });
      expect(expired).toMatchObject({ status: 410, unchanged: true, body: { message: expect.stringMatching(/nicht mehr gültig/) } });
    } finally {
      now = new Date();
    }
  });
});
