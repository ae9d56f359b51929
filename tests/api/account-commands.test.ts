import de from '../../generated/i18n/de.json';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchMail } from '../../src/server/adapters/mail/mail-outbox';
import { createMailer } from '../../src/server/adapters/mail/nodemailer-mailer';
import { parseEml } from '../../src/server/adapters/mail/testing/read-eml';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-accounts';
import { spendResetLinksQuery } from '../../src/server/domain/account/password.handlers';
import { LOGIN_DENIED_STATUSES } from '../../src/server/services/auth.service';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';

// The own-account commands of schema/commands/account.yaml (password change, forgotten password,
// opt-in, contact-information check) and the logout that revokes. Each guard answers its 4xx with
// the database unchanged. The clock is moved for the reset link's expiry. PGlite and PostgreSQL.

let t: TestApp;
let now = new Date('2031-03-02T10:00:00Z');
let dir: string;
const quiet = { info: () => {}, error: () => {} };
const NEW_PASSWORD = 'Neu-Passwort7';

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  dir = await mkdtemp(path.join(tmpdir(), 'kontor-account-test-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const login = (username: string, password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
const publicCall = (url: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload: body as Record<string, unknown> });
const userOf = (username: string) => t.db.selectFrom('appUser').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
const lastLog = (type: string) =>
  t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', type).orderBy('id', 'desc').executeTakeFirst();

/** Sends the due outbox mails as .eml files and reads the newest one to `recipient`. */
async function mailTo(recipient: string) {
  const outboxDir = path.join(dir, 'outbox');
  await dispatchMail(t.db, createMailer({ outboxDir, log: quiet }), new Date(now.getTime() + 1_000), { baseUrl: 'https://portal.test' });
  const mails = await Promise.all((await readdir(outboxDir)).sort().map(async (f) => parseEml(await readFile(path.join(outboxDir, f), 'utf8'))));
  return mails.filter((m) => m.headers.to === recipient).at(-1);
}

describe('update-password (user menu and forced change)', () => {
  const change = (token: string, body: Record<string, unknown>) =>
    call(t, '/user-management/command/update-password', { token, method: 'POST', body });

  it('refuses a wrong current password, a weak one and the same one, changing nothing', async () => {
    const token = await loginAs(t.app, 'pwchange@example.com');
    const wrongOld = await refusedUnchanged(t, () =>
      change(token, { oldPassword: 'Falsch123!', password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD }),
    );
    expect(wrongOld).toMatchObject({ status: 400, unchanged: true, body: { reason: 'account.oldPasswordWrong' } });
    const weak = await refusedUnchanged(t, () =>
      change(token, { oldPassword: DEMO_PASSWORD, password: 'einfach12', passwordRepeat: 'einfach12' }),
    );
    expect(weak.status).toBe(400);
    expect(weak.unchanged).toBe(true);
    const same = await refusedUnchanged(t, () =>
      change(token, { oldPassword: DEMO_PASSWORD, password: DEMO_PASSWORD, passwordRepeat: DEMO_PASSWORD }),
    );
    expect(same).toMatchObject({ status: 400, unchanged: true });
    const anonymous = await publicCall('/user-management/command/update-password', {
      oldPassword: DEMO_PASSWORD,
      password: NEW_PASSWORD,
      passwordRepeat: NEW_PASSWORD,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('changes the password, clears the forced change and keeps the password out of the action log', async () => {
    const token = await loginAs(t.app, 'pwchange@example.com');
    expect((await userOf('pwchange@example.com')).passwordUpdateRequired).toBe(true);
    const answer = await change(token, { oldPassword: DEMO_PASSWORD, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Ihr Passwort wurde geändert.');
    expect((await userOf('pwchange@example.com')).passwordUpdateRequired).toBe(false);
    expect((await login('pwchange@example.com')).statusCode).toBe(401);
    expect((await login('pwchange@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    const log = await lastLog('password_update');
    expect(JSON.stringify(log?.payload)).not.toContain(NEW_PASSWORD);
    expect(log?.userEmail).toBe('pwchange@example.com');
  });

  it('is open to admins for their own password too', async () => {
    const token = await loginAs(t.app, 'admin@example.com');
    const answer = await change(token, { oldPassword: DEMO_PASSWORD, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await login('admin@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('forgotten password: request and reset', () => {
  const request = (email: string) => publicCall('/user-management/command/password-reset/request', { email });
  const reset = (body: Record<string, unknown>) => publicCall('/user-management/command/password-reset', body);

  it('answers an unknown address exactly like a known one, and only the known one gets a mail', async () => {
    const unknown = await request('niemand@example.com');
    const known = await request('observer@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toContain('Wenn ein Zugang mit dieser E-Mail-Adresse besteht');
    const outbox = await t.db.selectFrom('mailOutbox').select('recipient').where('template', '=', 'passwordReset').execute();
    expect(outbox.map((m) => m.recipient)).toContain('observer@example.com');
    expect(outbox.map((m) => m.recipient)).not.toContain('niemand@example.com');
    const logs = await t.db.selectFrom('actionLogEntry').select('payload').where('actionType', '=', 'password_reset_request').execute();
    expect(logs.map((l) => l.payload)).toContainEqual({ email: 'niemand@example.com' });
  });

  it('spends a user’s earlier links by reading the unused ones only, however many were sent (same time for a known address)', async () => {
    const observer = await userOf('observer@example.com');
    const rollback = new Error('rollback');
    let plan = '';
    await t.db
      .transaction()
      .execute(async (trx) => {
        // a user with many spent links, as an address asked for often has (undone afterwards)
        await sql`insert into password_reset_request (user_id, identifier, expires_at, created_at, used_at)
          select ${observer.id}, gen_random_uuid()::text, now(), now(), now() from generate_series(1, 2000)`.execute(trx);
        await sql`analyze password_reset_request`.execute(trx);
        const { rows } = await sql<Record<string, string>>`explain ${spendResetLinksQuery(trx, observer.id, new Date())}`.execute(trx);
        plan = rows.map((row) => Object.values(row)[0]).join('\n');
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(plan).toContain('password_reset_request_unused_idx');
  });

  it('mails a link that sets the password once; a second use is refused unchanged', async () => {
    await request('Assistant@Example.com');
    const mail = await mailTo('assistant@example.com');
    expect(mail?.headers.subject).toMatch(/Ihr Passwort zurücksetzen/);
    expect(mail?.text).toContain('60 Minuten');
    const assistant = await userOf('assistant@example.com');
    const link = mail!.text.match(/https:\/\/portal\.test\/login\/(\d+)\/reset-password\/([\w-]+)/);
    expect(link, mail!.text).not.toBeNull();
    expect(Number(link![1])).toBe(assistant.id);
    const body = { userIdentifier: assistant.id, requestIdentifier: link![2], password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD };

    const session = (await login('assistant@example.com')).json();
    const weak = await refusedUnchanged(t, async () => {
      const r = await reset({ ...body, password: 'schwach', passwordRepeat: 'schwach' });
      return { status: r.statusCode, body: r.json() };
    });
    expect(weak).toMatchObject({ status: 400, unchanged: true });
    const same = await refusedUnchanged(t, async () => {
      const r = await reset({ ...body, password: DEMO_PASSWORD, passwordRepeat: DEMO_PASSWORD });
      return { status: r.statusCode, body: r.json() };
    });
    expect(same).toMatchObject({ status: 400, unchanged: true, body: { reason: 'validation.passwordEqualsOld' } });
    const otherUser = await refusedUnchanged(t, async () => {
      const r = await reset({ ...body, userIdentifier: assistant.id + 1 });
      return { status: r.statusCode, body: r.json() };
    });
    expect(otherUser).toMatchObject({ status: 410, unchanged: true, body: { reason: 'validation.resetRequestExpired' } });

    const done = await reset(body);
    expect(done.statusCode, done.body).toBe(200);
    expect((await login('assistant@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    // every earlier session of the user ends with the reset
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: session.refresh_token } });
    expect(refreshed.statusCode).toBe(401);

    const again = await refusedUnchanged(t, async () => {
      const r = await reset({ ...body, password: 'Nochmal-Neu8', passwordRepeat: 'Nochmal-Neu8' });
      return { status: r.statusCode, body: r.json() };
    });
    expect(again).toMatchObject({ status: 410, unchanged: true });
    expect(again.body.message).toBe('Dieser Link zum Zurücksetzen des Passworts ist nicht mehr gültig. Bitte fordern Sie einen neuen an.');
  });

  it('expires the link after 60 minutes (clock moved)', async () => {
    await request('management@example.com');
    const management = await userOf('management@example.com');
    const row = await t.db
      .selectFrom('passwordResetRequest')
      .selectAll()
      .where('userId', '=', management.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.expiresAt.getTime() - now.getTime()).toBe(60 * 60_000);
    const body = { userIdentifier: management.id, requestIdentifier: row.identifier, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD };
    const start = now;
    now = new Date(start.getTime() + 60 * 60_000);
    try {
      const expired = await refusedUnchanged(t, async () => {
        const r = await reset(body);
        return { status: r.statusCode, body: r.json() };
      });
      expect(expired).toMatchObject({ status: 410, unchanged: true, body: { reason: 'validation.resetRequestExpired' } });
      now = new Date(start.getTime() + 59 * 60_000);
      expect((await reset(body)).statusCode).toBe(200);
    } finally {
      now = start;
    }
  });

  it('sends no link to a disabled user', async () => {
    const [disabled] = [...LOGIN_DENIED_STATUSES];
    await t.db.updateTable('appUser').set({ status: disabled }).where('username', '=', 'support@example.com').execute();
    const mails = () => t.db.selectFrom('mailOutbox').select('id').where('recipient', '=', 'support@example.com').execute();
    const before = await mails();
    expect((await request('support@example.com')).statusCode).toBe(200);
    expect(await mails()).toHaveLength(before.length);
  });
});

describe('opt-in: approve-terms-and-conditions', () => {
  it('lets only the main user accept an open approval of the own creditor, then lets the user in', async () => {
    const token = await loginAs(t.app, 'optin@example.com');
    const open = await call(t, '/user-management/list-unaccepted-terms-and-conditions', { token });
    expect(open.body.length).toBeGreaterThan(0);
    const approvalId = open.body[0].approvalId;

    const otherCreditor = await loginAs(t.app, 'creditor@example.com');
    const foreign = await refusedUnchanged(t, () =>
      call(t, `/user-management/approve-terms-and-conditions/${approvalId}`, { token: otherCreditor, method: 'POST', body: { acceptAll: true } }),
    );
    expect(foreign).toMatchObject({ status: 404, unchanged: true });
    const observer = await loginAs(t.app, 'observer@example.com');
    const notMain = await refusedUnchanged(t, () =>
      call(t, `/user-management/approve-terms-and-conditions/${approvalId}`, { token: observer, method: 'POST', body: { acceptAll: true } }),
    );
    expect(notMain).toMatchObject({ status: 403, unchanged: true });
    const unticked = await refusedUnchanged(t, () =>
      call(t, `/user-management/approve-terms-and-conditions/${approvalId}`, { token, method: 'POST', body: { acceptAll: false } }),
    );
    expect(unticked).toMatchObject({ status: 400, unchanged: true });

    for (const item of open.body) {
      const accepted = await call(t, `/user-management/approve-terms-and-conditions/${item.approvalId}`, { token, method: 'POST', body: { acceptAll: true } });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    }
    expect((await userOf('optin@example.com')).optIn).toBe(true);
    expect((await call(t, '/user-management/list-unaccepted-terms-and-conditions', { token })).body).toEqual([]);
    expect((await lastLog('terms_approve'))?.userEmail).toBe('optin@example.com');

    const twice = await refusedUnchanged(t, () =>
      call(t, `/user-management/approve-terms-and-conditions/${approvalId}`, { token, method: 'POST', body: { acceptAll: true } }),
    );
    expect(twice).toMatchObject({ status: 404, unchanged: true, body: { reason: 'account.termsNotOpen' } });
  });
});

describe('handle-creditor-contact-information', () => {
  const answer = (token: string, action: string) =>
    call(t, '/user-management/handle-creditor-contact-information', { token, method: 'POST', body: { action } });

  it('clears the check on confirm; a second answer, an unknown action or an admin is refused unchanged', async () => {
    const token = await loginAs(t.app, 'contactcheck@example.com');
    expect(await refusedUnchanged(t, () => answer(token, 'ignore'))).toMatchObject({ status: 400, unchanged: true });
    const admin = await loginAs(t.app, 'superadmin@example.com');
    expect(await refusedUnchanged(t, () => answer(admin, 'confirm'))).toMatchObject({ status: 403, unchanged: true });
    const done = await answer(token, 'confirm');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await userOf('contactcheck@example.com')).askForContactInformationChanges).toBe(false);
    expect((await lastLog('contact_information_handle'))?.payload).toEqual({ action: 'confirm' });
    expect(await refusedUnchanged(t, () => answer(token, 'change'))).toMatchObject({
      status: 409,
      unchanged: true,
      body: { reason: 'account.contactCheckNotOpen' },
    });
  });
});

describe('POST /api/logout', () => {
  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: token } });

  it('ends every session of the user: the rotated family and other logins too (issue 26)', async () => {
    const first = (await login('creditor@example.com')).json();
    const other = (await login('creditor@example.com')).json();
    const rotated = (await refresh(first.refresh_token)).json();
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', payload: { refresh_token: rotated.refresh_token } });
    expect(out.statusCode).toBe(200);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    const me = await t.app.inject({ url: '/api/user-management/user/current', headers: bearer(other.token) });
    expect(me.statusCode).toBe(401);
    // the access token needs no bearer: an unknown refresh token is no error either
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', payload: { refresh_token: 'unbekannt' } })).statusCode).toBe(200);
  });

  it('revokes the family when a spent refresh token is used again', async () => {
    const first = (await login('creditor@example.com')).json();
    const second = (await refresh(first.refresh_token)).json();
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    const me = await t.app.inject({ url: '/api/user-management/user/current', headers: bearer(second.token) });
    expect(me.statusCode).toBe(200); // the access token itself lives out its 15 minutes
  });
});

describe('terms documents: the opt-in download links', () => {
  it("answers a document of the caller's product as PDF, another product's as not found", async () => {
    const token = await loginAs(t.app, 'creditor@example.com');
    const own = await t.db
      .selectFrom('termsDocument')
      .select(['source', 'productType'])
      .where('productType', '=', (await userOf('creditor@example.com')).product)
      .executeTakeFirstOrThrow();
    const other = await t.db.selectFrom('termsDocument').select('source').where('productType', '!=', own.productType).executeTakeFirstOrThrow();
    const url = (source: string) => `/api/user-management/terms-document/download?source=${encodeURIComponent(source)}`;
    const pdf = await t.app.inject({ url: url(own.source), headers: bearer(token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect((await t.app.inject({ url: url(other.source), headers: bearer(token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: url(own.source) })).statusCode).toBe(401);
  });

  it('names each document in German by its kind and version, not by its stored path (issue 28 item 10)', async () => {
    const token = await loginAs(t.app, 'creditor@example.com');
    const documents = await t.db
      .selectFrom('termsDocument')
      .select(['source', 'documentType', 'version'])
      .where('productType', '=', (await userOf('creditor@example.com')).product)
      .execute();
    expect(documents.length).toBeGreaterThan(1);
    for (const document of documents) {
      const response = await t.app.inject({
        url: `/api/user-management/terms-document/download?source=${encodeURIComponent(document.source)}`,
        headers: bearer(token),
      });
      const disposition = String(response.headers['content-disposition']);
      const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '');
      const kind = (de.enums.termsDocumentType as Record<string, string>)[document.documentType];
      expect(name).toBe(`${kind} ${document.version}.pdf`);
      expect(disposition).not.toContain(document.documentType);
    }
  });
});
