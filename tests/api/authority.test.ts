import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-accounts';
import { resolveJwtSecret } from '../../src/server/services/auth.service';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { multipart, plainPdf } from './upload-helpers';

// Issue 26 (OWASP ASVS V3/V4): every command names who may run it, and a session ends when it
// should — logout, a password change or reset, a blocked user or creditor end every session of the
// user at once; a token without `exp`, issued in the future or of a user who does not exist is
// refused; a product preview runs no command whatever the method; entry checks hold on the server.

let t: TestApp;
const tokens: Record<string, string> = {};
const NEW_PASSWORD = 'Sitzung-Ende-2026!';

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['admin', 'superadmin', 'support', 'creditor']) tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const userOf = (username: string) => t.db.selectFrom('appUser').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
/** a login's token pair */
const session = async (username: string, password = DEMO_PASSWORD) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { token: string; refresh_token: string };
};
const status = async (token: string, url = '/api/user-management/user/current') =>
  (await t.app.inject({ url, headers: bearer(token) })).statusCode;
const refresh = async (refreshToken: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: refreshToken } })).statusCode;

async function sendMultipart(path: string, token: string, fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const { body, contentType } = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'files', file }]);
  const response = await t.app.inject({ method: 'POST', url: `/api${path}`, headers: { ...bearer(token), 'content-type': contentType }, payload: body });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

describe('every command names its permission (items 2, 3)', () => {
  it('support (no such admin permission) imports no catalogue, creates no external voucher, reactivates no debtor', async () => {
    const creditor = await t.db.selectFrom('creditor').selectAll().where('id', '=', (await userOf('creditor@example.com')).creditorId!).executeTakeFirstOrThrow();
    const debtor = await t.db.selectFrom('debtor').select('id').where('creditorId', '=', creditor.id).orderBy('id').executeTakeFirstOrThrow();
    const header = 'code;title;text;followUpAction;rejectAction;acceptFileRequired;rejectFileRequired;optionType;optionCode;optionText;fullAmount;noteRequired';
    const csv = { name: 'sachstaende.csv', type: 'text/csv', bytes: Buffer.from(`${header}\r\nSV-1;Frage;Text;credit_advice;default;nein;nein;accepted;OK;Ja;ja;nein\r\n`) };
    const refusals = [
      () => sendMultipart('/state-of-affairs/import', tokens.support, {}, csv),
      () => sendMultipart('/state-of-affairs/import/preview', tokens.support, {}, csv),
      () => sendMultipart('/research/external-voucher/create', tokens.support, { creditorSapNumber: creditor.sapNumber!, voucherType: 'invoice' }, { name: 'beleg.pdf', type: 'application/pdf', bytes: plainPdf('Rechnung 1') }),
      () => call(t, `/debtor/${debtor.id}/activate`, { token: tokens.support }),
    ];
    for (const run of refusals) {
      const refused = await refusedUnchanged(t, run);
      expect(refused, JSON.stringify(refused.body)).toMatchObject({ status: 403, unchanged: true, body: { reason: 'forbidden' } });
    }
    // the admin holding the permission passes the check: an active debtor is a state refusal, not 403
    expect((await call(t, `/debtor/${debtor.id}/activate`, { token: tokens.admin })).body).toMatchObject({ reason: 'commands.wrongState' });
  });
});

describe('sessions end (item 4)', () => {
  it('logout ends every session of the user, in every tab: access and refresh tokens', async () => {
    const first = await session('observer@example.com');
    const second = await session('observer@example.com');
    expect(await status(first.token)).toBe(200);
    expect(await status(second.token, '/api/voucher/list')).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/logout', payload: { refresh_token: first.refresh_token } });
    expect(await status(first.token)).toBe(401);
    expect(await status(second.token)).toBe(401);
    // the voucher list reads the session along with its own statement: refused all the same
    expect(await status(second.token, '/api/voucher/list')).toBe(401);
    expect(await refresh(second.refresh_token)).toBe(401);
    // a new login works again
    expect(await status((await session('observer@example.com')).token)).toBe(200);
  });

  it('a password change ends every session, the changing one too; the new password signs in', async () => {
    const other = await session('assistant@example.com');
    const own = await session('assistant@example.com');
    const changed = await call(t, '/user-management/command/update-password', {
      token: own.token,
      method: 'POST',
      body: { oldPassword: DEMO_PASSWORD, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await status(other.token)).toBe(401);
    expect(await status(own.token)).toBe(401);
    expect(await refresh(other.refresh_token)).toBe(401);
    expect(await status((await session('assistant@example.com', NEW_PASSWORD)).token)).toBe(200);
  });

  it('a password reset ends every session', async () => {
    const before = await session('management@example.com');
    const user = await userOf('management@example.com');
    await t.app.inject({ method: 'POST', url: '/api/user-management/command/password-reset/request', payload: { email: 'management@example.com' } });
    const link = await t.db.selectFrom('passwordResetRequest').select('identifier').where('userId', '=', user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/user-management/command/password-reset',
      payload: { userIdentifier: user.id, requestIdentifier: link.identifier, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await status(before.token)).toBe(401);
  });

  it("a disabled user, a blocked creditor's users and a disabled admin lose their sessions at once", async () => {
    const disabled = await session('creditor2@example.com');
    const blocked = await session('creditor-tpf@example.com');
    const admin = await session('productadmin-tpf@example.com');
    for (const s of [disabled, blocked, admin]) expect(await status(s.token)).toBe(200);

    const creditor2 = await userOf('creditor2@example.com');
    expect((await call(t, '/user-management/command/user/disable', { token: tokens.superadmin, method: 'POST', body: { userIdentifier: creditor2.id } })).status).toBe(200);
    expect(await status(disabled.token)).toBe(401);

    const tpf = await userOf('creditor-tpf@example.com');
    const block = await call(t, `/creditor/${tpf.creditorId}/block`, { token: tokens.superadmin, method: 'POST', body: { reason: 'Prüfung' } });
    expect(block.status, JSON.stringify(block.body)).toBe(200);
    expect(await status(blocked.token)).toBe(401);
    // a blocked creditor's users may still log in (document 1 §4): a new session works
    expect(await status((await session('creditor-tpf@example.com')).token)).toBe(200);

    const productAdmin = await userOf('productadmin-tpf@example.com');
    expect((await call(t, '/user-management/command/user/disable', { token: tokens.superadmin, method: 'POST', body: { userIdentifier: productAdmin.id } })).status).toBe(200);
    expect(await status(admin.token)).toBe(401);
  });

  it('refuses a token without exp, one issued in the future and one of a user who does not exist', async () => {
    const secret = await resolveJwtSecret(t.db, process.env.JWT_SECRET);
    const user = await userOf('creditor@example.com');
    const claims = { sub: String(user.id), username: user.username, roles: user.roles, creditorId: user.creditorId, product: user.product, sv: user.sessionVersion };
    const now = Math.floor(Date.now() / 1000);
    const sign = createSigner({ key: secret });
    // the same claims, well formed, are accepted
    expect(await status(sign({ ...claims, iat: now, exp: now + 600 }))).toBe(200);
    expect(await status(sign({ ...claims, iat: now }))).toBe(401);
    expect(await status(sign({ ...claims, iat: now + 86_400, exp: now + 87_000 }))).toBe(401);
    expect(await status(sign({ ...claims, sub: '987654', iat: now, exp: now + 600 }))).toBe(401);
    expect(await status(sign({ ...claims, sv: user.sessionVersion - 1, iat: now, exp: now + 600 }))).toBe(401);
  });
});

describe('password reset links (item 5)', () => {
  it('a newer link ends the older ones; a used link ends every other', async () => {
    const user = await userOf('observer@example.com');
    const requestLink = async () => {
      await t.app.inject({ method: 'POST', url: '/api/user-management/command/password-reset/request', payload: { email: 'observer@example.com' } });
      return (await t.db.selectFrom('passwordResetRequest').select('identifier').where('userId', '=', user.id).orderBy('id', 'desc').executeTakeFirstOrThrow()).identifier;
    };
    const reset = (requestIdentifier: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/user-management/command/password-reset', payload: { userIdentifier: user.id, requestIdentifier, password, passwordRepeat: password } });
    const older = await requestLink();
    const newer = await requestLink();
    const refused = await refusedUnchanged(t, async () => {
      const r = await reset(older, 'Alter-Link-2026!');
      return { status: r.statusCode, body: r.json() };
    });
    expect(refused).toMatchObject({ status: 410, unchanged: true, body: { reason: 'validation.resetRequestExpired' } });
    expect((await reset(newer, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await reset(older, 'Alter-Link-2026!')).statusCode).toBe(410);
    expect(await status((await session('observer@example.com', NEW_PASSWORD)).token)).toBe(200);
  });
});

describe('product preview (item 6)', () => {
  it('runs no command whatever the method: GET-shaped commands and read-all refused, nothing changed', async () => {
    const { token } = (await t.app.inject({ method: 'POST', url: '/api/variants/preview/SMAFA', headers: bearer(tokens.superadmin) })).json();
    const debtors = (await t.app.inject({ url: '/api/debtor/list', headers: bearer(token) })).json();
    const debtor = debtors.debtors?.[0] ?? debtors.items?.[0] ?? debtors[0];
    expect(debtor, JSON.stringify(debtors).slice(0, 200)).toBeTruthy();
    const location = await t.db.selectFrom('location').select('id').where('debtorId', '=', debtor.id ?? debtor.identifier).orderBy('id').executeTakeFirstOrThrow();
    for (const path of [`/location/${location.id}/deactivate`, `/debtor/${debtor.id ?? debtor.identifier}/determine-solvency`, '/user-information/command/notification/read-all']) {
      const refused = await refusedUnchanged(t, () => call(t, path, { token }));
      expect(refused, path).toMatchObject({ status: 403, unchanged: true });
      expect(refused.body.message, path).toContain('Vorschau');
    }
    // reading stays allowed
    expect((await t.app.inject({ url: '/api/debtor/list', headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe('entry checks on the server (item 9)', () => {
  it('while the password change is required only its calls answer; afterwards everything', async () => {
    const pw = await session('pwchange@example.com');
    expect(await status(pw.token)).toBe(200);
    const list = await t.app.inject({ url: '/api/voucher/list', headers: bearer(pw.token) });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({ code: 'entryCheckPending' });
    const changed = await call(t, '/user-management/command/update-password', {
      token: pw.token,
      method: 'POST',
      body: { oldPassword: DEMO_PASSWORD, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await session('pwchange@example.com', NEW_PASSWORD);
    expect(await status(after.token, '/api/voucher/list')).toBe(200);
  });

  it('a pending contact-information check allows its page and its answer only', async () => {
    const contact = await session('contactcheck@example.com');
    expect(await status(contact.token, '/api/creditor/show')).toBe(200);
    expect(await status(contact.token, '/api/debtor/list')).toBe(403);
  });
});
