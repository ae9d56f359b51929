import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { variants } from '../../generated/variants';
import { dispatchMail } from '../../src/server/adapters/mail/mail-outbox';
import { createMailer } from '../../src/server/adapters/mail/nodemailer-mailer';
import { parseEml } from '../../src/server/adapters/mail/testing/read-eml';
import { invitationTokenHash } from '../../src/server/domain/settings/company-user.handlers';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';

// The settings and company-user commands of schema/commands/settings.yaml through the one pipeline:
// the visible effect read back through the GET calls, the action log, the invitation mail read from
// the outbox, and every guard answering its 4xx with the database unchanged. PGlite and PostgreSQL.

let t: TestApp;
let dir: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'kontor-settings-test-'));
  for (const user of ['creditor', 'creditor2', 'observer', 'assistant', 'management', 'blocked']) {
    tokens[user] = await loginAs(t.app, `${user}@example.com`);
  }
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const as = (user: string) => ({ token: tokens[user] });
const post = (user: string, url: string, body: unknown) => call(t, url, { ...as(user), method: 'POST', body });
const REMINDER = '/user-information/command/creditor-setting/update';
const REMINDER_DELETE = '/user-information/command/creditor-setting/delete';
const REGISTER = '/user-management/command/register-creditor-company-user';
const UPDATE = '/user-management/command/update-creditor-company-user';
const DELETE = '/user-management/command/delete-creditor-company-user';
const LIST = '/user-management/creditor-company-user/list';

const reminders = async (user = 'creditor') =>
  (await call(t, '/user-information/creditor-settings/details', as(user))).body.emailReminderSetting as {
    email: string;
    frequency: string;
  }[];
const companyUsers = async (user = 'creditor') => (await call(t, LIST, as(user))).body;
const userId = async (email: string) =>
  (await t.db.selectFrom('appUser').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const lastAction = async (actionType: string) =>
  t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', actionType).orderBy('id', 'desc').executeTakeFirst();

describe('e-mail reminder settings (POST …/creditor-setting/update)', () => {
  it('adds an address and changes the frequency of a known one (case-insensitively)', async () => {
    const added = await post('creditor', REMINDER, { email: 'Mahnwesen@mueller-haustechnik.example', frequency: 'biweekly' });
    expect(added).toMatchObject({ status: 200, body: { success: true, message: 'Die E-Mail-Benachrichtigung wurde gespeichert.' } });
    expect(await reminders()).toContainEqual({ email: 'Mahnwesen@mueller-haustechnik.example', frequency: 'biweekly' });

    const before = (await reminders()).length;
    expect((await post('management', REMINDER, { email: 'mahnwesen@MUELLER-haustechnik.example', frequency: 'six_monthly' })).status).toBe(200);
    const after = await reminders();
    expect(after).toHaveLength(before);
    expect(after.find((s) => s.email.toLowerCase() === 'mahnwesen@mueller-haustechnik.example')?.frequency).toBe('six_monthly');
    expect(await lastAction('email_reminder_setting_update')).toMatchObject({ userEmail: 'management@example.com' });
    // another creditor does not see it
    expect((await reminders('creditor2')).some((s) => s.email.startsWith('Mahnwesen'))).toBe(false);
  });

  it.each([
    ['observer', { email: 'a@example.com', frequency: 'daily' }, 403],
    ['creditor', { email: 'a@example.com', frequency: 'hourly' }, 400],
    ['creditor', { email: 'not-an-address', frequency: 'daily' }, 400],
    ['creditor', { frequency: 'daily' }, 400],
  ])('refuses %s %j with %i and changes nothing', async (user, body, status) => {
    const refused = await refusedUnchanged(t, () => post(user, REMINDER, body));
    expect(refused).toMatchObject({ status, unchanged: true });
  });
});

describe('removing a reminder address (POST …/creditor-setting/delete, issue 28)', () => {
  it('removes the address (case-insensitively) and logs it; the other addresses and creditors keep theirs', async () => {
    expect((await post('creditor', REMINDER, { email: 'Weg@Mueller-Haustechnik.example', frequency: 'daily' })).status).toBe(200);
    expect((await post('creditor2', REMINDER, { email: 'weg@mueller-haustechnik.example', frequency: 'daily' })).status).toBe(200);
    const before = await reminders();
    const removed = await post('management', REMINDER_DELETE, { email: 'weg@mueller-haustechnik.EXAMPLE' });
    expect(removed).toMatchObject({ status: 200, body: { success: true, message: 'Die Adresse erhält keine Benachrichtigungen mehr.' } });
    expect(await reminders()).toEqual(before.filter((s) => s.email !== 'Weg@Mueller-Haustechnik.example'));
    expect((await lastAction('email_reminder_setting_delete'))?.userEmail).toBe('management@example.com');
    expect((await reminders('creditor2')).map((s) => s.email)).toContain('weg@mueller-haustechnik.example');
  });

  it.each([
    ['creditor', { email: 'niemand@mueller-haustechnik.example' }, 404],
    ['observer', { email: 'weg2@mueller-haustechnik.example' }, 403],
    // any stored text can be removed (no format rule), so a malformed one is simply not there
    ['creditor', { email: 'not-an-address' }, 404],
    ['creditor', {}, 400],
    ['creditor2', { email: 'weg2@mueller-haustechnik.example' }, 404],
  ])('refuses %s %j with %i and changes nothing', async (user, body, status) => {
    if (!(await reminders()).some((s) => s.email === 'weg2@mueller-haustechnik.example'))
      expect((await post('creditor', REMINDER, { email: 'weg2@mueller-haustechnik.example', frequency: 'weekly' })).status).toBe(200);
    const refused = await refusedUnchanged(t, () => post(user, REMINDER_DELETE, body));
    expect(refused).toMatchObject({ status, unchanged: true });
    expect((await reminders()).map((s) => s.email)).toContain('weg2@mueller-haustechnik.example');
  });
});

describe('default exposure type (PUT creditor/default-exposure-type)', () => {
  it('is changed and read back', async () => {
    const put = await call(t, '/creditor/default-exposure-type', { ...as('management'), method: 'PUT', body: { defaultExposureType: 'service' } });
    expect(put).toMatchObject({ status: 200, body: { message: 'Die Standard-Übergabeart wurde gespeichert.' } });
    expect((await call(t, '/creditor/default-exposure-type', as('creditor'))).body).toEqual({ defaultExposureType: 'service' });
    expect((await call(t, '/user-information/creditor-settings/details', as('creditor'))).body.defaultExposureType).toBe('service');
    expect((await call(t, '/creditor/default-exposure-type', as('creditor2'))).body.defaultExposureType).not.toBe('service');
    await call(t, '/creditor/default-exposure-type', { ...as('creditor'), method: 'PUT', body: { defaultExposureType: 'purchase' } });
    expect((await call(t, '/creditor/default-exposure-type', as('creditor'))).body).toEqual({ defaultExposureType: 'purchase' });
  });

  it.each([
    ['observer', { defaultExposureType: 'service' }, 403],
    ['creditor', { defaultExposureType: 'sometimes' }, 400],
    ['creditor', {}, 400],
  ])('refuses %s %j with %i and changes nothing', async (user, body, status) => {
    const refused = await refusedUnchanged(t, () =>
      call(t, '/creditor/default-exposure-type', { ...as(user), method: 'PUT', body }),
    );
    expect(refused).toMatchObject({ status, unchanged: true });
  });
});

describe('company users', () => {
  it('offers the three sub-roles with German labels', async () => {
    const roles = (await call(t, '/user-management/creditor-company-user/roles', as('creditor'))).body;
    expect(roles).toEqual([
      { value: 'creditor-management', label: 'Geschäftsführung' },
      { value: 'creditor-assistant', label: 'Assistenz' },
      { value: 'creditor-observer', label: 'Beobachter' },
    ]);
  });

  it('management registers a user: listed as new, no login yet, invited by mail with a one-time link', async () => {
    const registered = await post('management', REGISTER, { name: 'Paula Prüfer', email: 'paula.pruefer@example.com', role: 'creditor-observer' });
    expect(registered).toMatchObject({
      status: 200,
      body: { success: true, message: 'Der Benutzer wurde angelegt. Er erhält eine E-Mail zur Registrierung.' },
    });
    const paulaId = await userId('paula.pruefer@example.com');
    const list = await companyUsers();
    expect(list.companyUsers).toContainEqual({
      identifier: paulaId,
      name: 'Paula Prüfer',
      email: 'paula.pruefer@example.com',
      role: 'creditor-observer',
      status: 'new',
    });
    expect(list.maxCompanyUsers).toBe(variants.SMAFA.maxCompanyUsers);
    // no password yet: the login is refused like a wrong password
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'paula.pruefer@example.com', password: 'Demo1234!' } });
    expect(login.statusCode).toBe(401);
    expect(await lastAction('company_user_register')).toMatchObject({ userEmail: 'management@example.com' });

    // the invitation: one row with the token's hash, and a mail in the outbox
    const invitation = await t.db
      .selectFrom('companyUserInvitation')
      .selectAll()
      .where('userId', '=', paulaId)
      .executeTakeFirstOrThrow();
    expect(invitation.usedAt).toBeNull();
    expect(invitation.expiresAt.getTime() - invitation.createdAt.getTime()).toBe(7 * 86_400_000);
    const outboxDir = path.join(dir, 'outbox');
    const mailer = createMailer({ outboxDir, log: { info: () => {}, error: () => {} } });
    await dispatchMail(t.db, mailer, new Date(Date.now() + 60_000), { baseUrl: 'https://portal.example' });
    await mailer.close();
    const files = await Promise.all((await readdir(outboxDir)).map((f) => readFile(path.join(outboxDir, f), 'utf8')));
    const mails = files.map(parseEml).filter((m) => m.headers.to === 'paula.pruefer@example.com');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.headers.subject).toBe(`${variants.SMAFA.productName}: Ihr Zugang für Müller Haustechnik GmbH`);
    expect(mail.text).toContain('Name: Paula Prüfer, Rolle: Beobachter');
    expect(mail.text).toContain('Der Link gilt 7 Tage und nur einmal.');
    const link = mail.text.match(/https:\/\/portal\.example\/set-password\/([A-Za-z0-9_-]{43})/);
    expect(link).not.toBeNull();
    expect(invitationTokenHash(link![1])).toBe(invitation.tokenHash);
    expect(mail.html).toContain('https://portal.example/set-password/');
  });

  it('changes name and role; the e-mail stays', async () => {
    const id = await userId('paula.pruefer@example.com');
    const updated = await post('creditor', UPDATE, { identifier: id, name: 'Paula Prüfer-Neu', role: 'creditor-assistant', email: 'ignored@example.com' });
    expect(updated).toMatchObject({ status: 200, body: { message: 'Der Benutzer wurde geändert.' } });
    expect((await companyUsers()).companyUsers.find((u: { identifier: number }) => u.identifier === id)).toMatchObject({
      name: 'Paula Prüfer-Neu',
      email: 'paula.pruefer@example.com',
      role: 'creditor-assistant',
    });
    expect(await lastAction('company_user_update')).toMatchObject({ userEmail: 'creditor@example.com' });
  });

  it('answers an address of another creditor or an admin like a new one, and mails that address instead (issue 26)', async () => {
    const fresh = await post('management', REGISTER, { name: 'Neu', email: 'ganz.neu@example.com', role: 'creditor-observer' });
    const users = async () => (await t.db.selectFrom('appUser').select(['id', 'creditorId', 'status', 'roles']).orderBy('id').execute());
    for (const email of ['creditor2@example.com', 'ADMIN@example.com']) {
      const before = await users();
      const answer = await post('management', REGISTER, { name: 'X', email, role: 'creditor-management' });
      // the same answer as for an address nobody has: nothing tells that it exists
      expect(answer).toEqual(fresh);
      expect(await users(), email).toEqual(before);
      const mail = await t.db.selectFrom('mailOutbox').selectAll().where('recipient', '=', email.toLowerCase()).orderBy('id', 'desc').executeTakeFirst()
        ?? (await t.db.selectFrom('mailOutbox').selectAll().where('recipient', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow());
      expect(mail.template).toBe('companyUserAddressInUse');
    }
  });

  it('refuses the guards with the database unchanged', async () => {
    const paula = await userId('paula.pruefer@example.com');
    const management = await userId('management@example.com');
    const mainUser = await userId('creditor@example.com');
    const otherCreditorsUser = await userId('creditor2@example.com');
    const cases: [string, string, unknown, number, string][] = [
      ['assistant', REGISTER, { name: 'X', email: 'x1@example.com', role: 'creditor-observer' }, 403, 'settings.managementOnly'],
      ['observer', REGISTER, { name: 'X', email: 'x1@example.com', role: 'creditor-observer' }, 403, 'settings.managementOnly'],
      ['assistant', UPDATE, { identifier: paula, name: 'X', role: 'creditor-observer' }, 403, 'settings.managementOnly'],
      ['assistant', DELETE, { identifier: paula }, 403, 'settings.managementOnly'],
      ['management', REGISTER, { name: 'X', email: 'OBSERVER@example.com', role: 'creditor-observer' }, 409, 'settings.emailTaken'],
      ['management', REGISTER, { name: 'X', email: 'x2@example.com', role: 'creditor' }, 400, 'settings.unknownRole'],
      ['management', REGISTER, { name: 'X', email: 'x2@example.com', role: 'admin' }, 400, 'settings.unknownRole'],
      ['management', UPDATE, { identifier: management, name: 'Ich', role: 'creditor-observer' }, 409, 'settings.cannotChangeSelf'],
      ['management', DELETE, { identifier: management }, 409, 'settings.cannotChangeSelf'],
      ['management', DELETE, { identifier: mainUser }, 404, 'settings.companyUserNotFound'],
      ['management', UPDATE, { identifier: mainUser, name: 'X', role: 'creditor-observer' }, 404, 'settings.companyUserNotFound'],
      ['creditor2', DELETE, { identifier: paula }, 404, 'settings.companyUserNotFound'],
      ['creditor', DELETE, { identifier: otherCreditorsUser }, 404, 'settings.companyUserNotFound'],
    ];
    for (const [user, url, body, status, reason] of cases) {
      const refused = await refusedUnchanged(t, () => post(user, url, body));
      expect({ user, url, ...refused }).toMatchObject({ user, url, status, unchanged: true, body: { reason } });
      expect(refused.body.message).toMatch(/[äöüÄÖÜß]|\w/);
    }
    // validation of the body itself
    for (const body of [{ name: 'X', role: 'creditor-observer' }, { name: 'X', email: 'x@1.2', role: 'creditor-observer' }, { identifier: 'abc' }]) {
      expect(await refusedUnchanged(t, () => post('creditor', 'identifier' in body ? DELETE : REGISTER, body))).toMatchObject({ status: 400, unchanged: true });
    }
  });

  it('refuses a registration beyond the product maximum with the spec message, and a deletion frees an access', async () => {
    const max = variants.SMAFA.maxCompanyUsers;
    let { count } = await companyUsers();
    while (count < max) {
      const r = await post('creditor', REGISTER, { name: `Zugang ${count}`, email: `zugang-${count}@example.com`, role: 'creditor-observer' });
      expect(r.status).toBe(200);
      count = (await companyUsers()).count;
    }
    const refused = await refusedUnchanged(t, () => post('management', REGISTER, { name: 'Zu viel', email: 'zu-viel@example.com', role: 'creditor-observer' }));
    expect(refused).toMatchObject({
      status: 409,
      unchanged: true,
      body: { code: 'changesNotSaved', reason: 'settings.maxAccessesReached', message: `Sie haben die maximale Anzahl zusätzlicher Zugänge (${max}) erreicht.` },
    });

    // deleting: gone from the list, status terminated, sessions and invitations ended
    const paula = await userId('paula.pruefer@example.com');
    const deleted = await post('management', DELETE, { identifier: paula });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Der Benutzer wurde gelöscht.' } });
    const list = await companyUsers();
    expect(list.count).toBe(max - 1);
    expect(list.companyUsers.some((u: { identifier: number }) => u.identifier === paula)).toBe(false);
    expect((await t.db.selectFrom('appUser').select('status').where('id', '=', paula).executeTakeFirstOrThrow()).status).toBe('terminated');
    expect(await t.db.selectFrom('companyUserInvitation').select('id').where('userId', '=', paula).execute()).toHaveLength(0);
    expect(await lastAction('company_user_delete')).toMatchObject({ userEmail: 'management@example.com' });
    // deleting again: not found
    expect(await refusedUnchanged(t, () => post('management', DELETE, { identifier: paula }))).toMatchObject({ status: 404, unchanged: true });

    // the freed access: registering the deleted address again gives the same user back, newly invited
    const again = await post('creditor', REGISTER, { name: 'Paula Prüfer', email: 'PAULA.pruefer@example.com', role: 'creditor-management' });
    expect(again).toMatchObject({ status: 200, body: { success: true } });
    expect((await companyUsers()).companyUsers.find((u: { identifier: number }) => u.identifier === paula)).toMatchObject({
      role: 'creditor-management',
      status: 'new',
    });
    expect(await t.db.selectFrom('companyUserInvitation').select('id').where('userId', '=', paula).execute()).toHaveLength(1);
  });

  it('a deleted user can no longer refresh a session', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'observer@example.com', password: 'Demo1234!' } });
    expect(login.statusCode).toBe(200);
    const observer = await userId('observer@example.com');
    expect((await post('creditor', DELETE, { identifier: observer })).status).toBe(200);
    expect(await t.db.selectFrom('refreshToken').select('id').where('userId', '=', observer).execute()).toHaveLength(0);
    const relogin = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'observer@example.com', password: 'Demo1234!' } });
    expect(relogin.statusCode).toBe(401);
  });
});
