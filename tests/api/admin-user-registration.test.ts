import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';

// The super admin creates administrators and product administrators; the remaining user commands of
// document 2 §7 — the admin's password reset, the registration mail, the creditor's contact
// information (schema/commands/adminUsers.yaml). Each with every guard leaving nothing changed.

let t: TestApp;
const tokens: Record<string, string> = {};
const PASSWORD = 'Admin-Start-9!';
const REGISTER_ADMIN = '/user-management/command/register-administrator';
const REGISTER_PRODUCT_ADMIN = '/user-management/command/register-product-administrator';
const RESET = '/user-management/command/admin-reset-user-password';
const REGISTRATION_MAIL = '/user-management/command/send-creditor-registration-mail';
const CONTACT = '/user-management/command/update-creditor-contact-information';

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['superadmin', 'admin', 'support', 'productadmin', 'productadmin-tpf', 'creditor']) {
    tokens[user] = await loginAs(t.app, `${user}@example.com`);
  }
});
afterAll(() => t.close());

const post = (token: string, path: string, body: unknown) => call(t, path, { token, method: 'POST', body });
const as = (user: string, path: string, body: unknown) => post(tokens[user], path, body);
const userOf = (username: string) =>
  t.db.selectFrom('appUser').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
const lastMailTo = (recipient: string) =>
  t.db
    .selectFrom('mailOutbox')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirst();
const lastLog = (actionType: string) =>
  t.db
    .selectFrom('actionLogEntry')
    .selectAll()
    .where('actionType', '=', actionType)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

/** Sets the password through the link of the user's last set-password mail; answers the new token. */
async function acceptLink(email: string): Promise<string> {
  const mail = await lastMailTo(email);
  const path = String((mail!.params as Record<string, unknown>).setPasswordPath);
  expect(path).toMatch(/^\/set-password\/[\w-]+$/);
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/api/user-management/command/accept-invitation',
    payload: { token: path.slice('/set-password/'.length), password: PASSWORD, passwordRepeat: PASSWORD },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const answer = await login(email, PASSWORD);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().token;
}

const adminBody = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Nina',
  lastName: 'Neu',
  email,
  productAdmin: false,
  ...extra,
});

describe('creating administrators (super admin only)', () => {
  it('creates an administrator: in the admins list without permissions, invited by mail, logged', async () => {
    const created = await as('superadmin', REGISTER_ADMIN, adminBody('nina.neu@example.com'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      success: true,
      message: expect.stringMatching(/angelegt/),
      identifier: expect.any(Number),
    });
    const list = await call(t, '/user-management/user/admin-list?filters[search][]=nina.neu', {
      token: tokens.superadmin,
    });
    expect(list.body.admins).toEqual([
      expect.objectContaining({
        id: created.body.identifier,
        username: 'nina.neu@example.com',
        role: 'ROLE_ADMIN',
        product: 'SMAFA',
        permissions: [],
      }),
    ]);
    expect(await userOf('nina.neu@example.com')).toMatchObject({
      status: 'new',
      name: 'Nina Neu',
      creditorId: null,
      optIn: true,
    });
    const mail = await lastMailTo('nina.neu@example.com');
    expect(mail).toMatchObject({ template: 'adminInvitation', productType: 'SMAFA', creditorId: null });
    expect(mail!.params).toMatchObject({ roleLabel: 'Administrator', validDays: 7 });
    expect(await lastLog('admin_register')).toMatchObject({
      adminEmail: 'superadmin@example.com',
      creditorId: null,
    });
    // no login before the password is set; then the admin logs in, still without any admin screen
    expect((await login('nina.neu@example.com', PASSWORD)).statusCode).toBe(401);
    const token = await acceptLink('nina.neu@example.com');
    expect((await call(t, '/creditor/list', { token })).status).toBe(403);
  });

  it('creates a product administrator bound to its product', async () => {
    const created = await as(
      'superadmin',
      REGISTER_PRODUCT_ADMIN,
      adminBody('paul.tpf@example.com', { productAdmin: true, product: 'TPF' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await userOf('paul.tpf@example.com')).toMatchObject({
      roles: ['ROLE_PRODUCT_ADMIN'],
      product: 'TPF',
      status: 'new',
    });
    expect(await lastMailTo('paul.tpf@example.com')).toMatchObject({
      template: 'adminInvitation',
      productType: 'TPF',
    });
    expect((await lastMailTo('paul.tpf@example.com'))!.params).toMatchObject({
      roleLabel: 'Produkt-Administrator',
    });
    expect(await lastLog('product_admin_register')).toMatchObject({ adminEmail: 'superadmin@example.com' });
    const token = await acceptLink('paul.tpf@example.com');
    // granted a permission, the product admin acts on the own product's users only
    const paul = await userOf('paul.tpf@example.com');
    expect(
      (
        await as('superadmin', '/user-management/command/administrator/add-permission', {
          userIdentifier: paul.id,
          permission: 'update_user',
        })
      ).status,
    ).toBe(200);
    const tpfUser = await userOf('observer-tpf@example.com');
    const smafaUser = await userOf('observer@example.com');
    const own = await post(token, '/user-management/command/user/update', {
      userIdentifier: tpfUser.id,
      name: 'Theo TPF',
      username: tpfUser.username,
      email: tpfUser.email,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const other = await refusedUnchanged(t, () =>
      post(token, '/user-management/command/user/update', {
        userIdentifier: smafaUser.id,
        name: 'X',
        username: smafaUser.username,
        email: smafaUser.email,
      }),
    );
    expect(other).toMatchObject({ status: 404, unchanged: true });
    const creditors = await call(t, '/creditor/list?rowsPerPage=100', { token });
    expect(creditors.body.creditors.length).toBeGreaterThan(0);
    expect(creditors.body.creditors.every((c: any) => c.product === 'TPF')).toBe(true);
  });

  it('guards: other admins, a taken e-mail, the wrong call, invalid input — nothing changed', async () => {
    const cases: [string, string, unknown, number, string?][] = [
      ['admin', REGISTER_ADMIN, adminBody('a1@example.com'), 403],
      [
        'productadmin',
        REGISTER_PRODUCT_ADMIN,
        adminBody('a2@example.com', { productAdmin: true, product: 'SMAFA' }),
        403,
      ],
      ['support', REGISTER_ADMIN, adminBody('a3@example.com'), 403],
      ['creditor', REGISTER_ADMIN, adminBody('a4@example.com'), 403],
      ['superadmin', REGISTER_ADMIN, adminBody('Creditor@Example.com'), 409, 'validation.emailTaken'],
      [
        'superadmin',
        REGISTER_PRODUCT_ADMIN,
        adminBody('support@example.com', { productAdmin: true, product: 'TPF' }),
        409,
        'validation.emailTaken',
      ],
      [
        'superadmin',
        REGISTER_ADMIN,
        adminBody('a5@example.com', { productAdmin: true, product: 'TPF' }),
        400,
        'adminCommands.adminCallMismatch',
      ],
      [
        'superadmin',
        REGISTER_PRODUCT_ADMIN,
        adminBody('a6@example.com'),
        400,
        'adminCommands.adminCallMismatch',
      ],
      ['superadmin', REGISTER_PRODUCT_ADMIN, adminBody('a7@example.com', { productAdmin: true }), 400],
      [
        'superadmin',
        REGISTER_PRODUCT_ADMIN,
        adminBody('a8@example.com', { productAdmin: true, product: 'NOPE' }),
        400,
      ],
      ['superadmin', REGISTER_ADMIN, adminBody('kein-mail'), 400],
      ['superadmin', REGISTER_ADMIN, { firstName: 'Nur', email: 'a9@example.com' }, 400],
    ];
    for (const [user, path, body, status, reason] of cases) {
      const refused = await refusedUnchanged(t, () => as(user, path, body));
      expect(refused, `${user} ${path} ${JSON.stringify(body)}`).toMatchObject({
        status,
        unchanged: true,
        ...(reason ? { body: { reason } } : {}),
      });
    }
  });
});

describe('the admin resets a password', () => {
  it('mails the reset link, marks the user, keeps the old password until the link is used', async () => {
    const observer = await userOf('observer@example.com');
    const answer = await as('support', RESET, {
      userIdentifier: observer.id,
      email: observer.email,
      confirmReset: true,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await userOf('observer@example.com')).status).toBe('password_reset_requested');
    const mail = await lastMailTo(observer.email);
    expect(mail).toMatchObject({ template: 'passwordReset', creditorId: observer.creditorId });
    expect(await lastLog('user_password_reset')).toMatchObject({
      adminEmail: 'support@example.com',
      creditorId: observer.creditorId,
    });
    // the list shows the user as active (password_reset_requested belongs to the active group)
    const listed = await call(t, '/user-management/user/list?filters[search][]=observer@example.com', {
      token: tokens.support,
    });
    expect(listed.body.users[0]).toMatchObject({ status: 'password_reset_requested', loginAllowed: true });
    expect((await login('observer@example.com', 'Demo1234!')).statusCode).toBe(200);
    const resetPath = String((mail!.params as Record<string, unknown>).resetPath);
    const [, userId, requestId] = /^\/login\/(\d+)\/reset-password\/([\w-]+)$/.exec(resetPath)!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/user-management/command/password-reset',
      payload: {
        userIdentifier: Number(userId),
        requestIdentifier: requestId,
        password: PASSWORD,
        passwordRepeat: PASSWORD,
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await userOf('observer@example.com')).status).toBe('password_reset');
    expect((await login('observer@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('guards: permission, product, state, administrators, creditor users — nothing changed', async () => {
    const observer = await userOf('observer-fw@example.com');
    const invited = await userOf('assistant-apl@example.com');
    const blocked = await userOf('assistant-daa@example.com');
    const support = await userOf('support@example.com');
    const body = (u: { id: number; email: string }) => ({
      userIdentifier: u.id,
      email: u.email,
      confirmReset: true,
    });
    const cases: [string, unknown, number, string?][] = [
      ['creditor', body(observer), 403],
      ['productadmin-tpf', body(observer), 404],
      ['support', body(invited), 409, 'commands.wrongState'],
      ['support', body(blocked), 409, 'commands.wrongState'],
      ['admin', body(support), 404],
      ['support', body({ id: 999999, email: 'x@example.com' }), 404],
      ['support', { userIdentifier: observer.id, email: observer.email }, 400],
    ];
    for (const [user, input, status, reason] of cases) {
      const refused = await refusedUnchanged(t, () => as(user, RESET, input));
      expect(refused, `${user} ${JSON.stringify(input)}`).toMatchObject({
        status,
        unchanged: true,
        ...(reason ? { body: { reason } } : {}),
      });
    }
    // an administrator without reset_user_password (created above without permissions)
    const nina = await loginAs(t.app, 'nina.neu@example.com', PASSWORD);
    const denied = await refusedUnchanged(t, () => post(nina, RESET, body(observer)));
    expect(denied).toMatchObject({ status: 403, unchanged: true });
  });
});

describe('the registration mail', () => {
  it('sends a user in status new a new set-password link; the old one ends', async () => {
    const invited = await userOf('assistant-apl@example.com');
    const first = await as('support', REGISTRATION_MAIL, {
      userIdentifier: invited.id,
      email: invited.email,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstMail = await lastMailTo(invited.email);
    expect(firstMail).toMatchObject({
      template: 'companyUserInvitation',
      productType: 'APL',
      creditorId: invited.creditorId,
    });
    expect(firstMail!.params).toMatchObject({
      roleLabel: expect.any(String),
      creditorName: expect.any(String),
    });
    expect(await lastLog('user_registration_mail')).toMatchObject({
      adminEmail: 'support@example.com',
      creditorId: invited.creditorId,
    });
    expect(
      (await as('admin', REGISTRATION_MAIL, { userIdentifier: invited.id, email: invited.email })).status,
    ).toBe(200);
    const open = await t.db
      .selectFrom('companyUserInvitation')
      .select('id')
      .where('userId', '=', invited.id)
      .where('usedAt', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
    const stale = String((firstMail!.params as Record<string, unknown>).setPasswordPath).slice(
      '/set-password/'.length,
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user-management/command/accept-invitation',
      payload: { token: stale, password: PASSWORD, passwordRepeat: PASSWORD },
    });
    expect(refused.statusCode).toBe(410);
    await acceptLink(invited.email);
    expect((await userOf(invited.email)).status).toBe('active');
  });

  it('a main user in status new gets the registration mail, an administrator the invitation (super admin)', async () => {
    const created = await as('superadmin', REGISTER_ADMIN, adminBody('olaf.offen@example.com'));
    expect(created.status).toBe(200);
    const resent = await as('superadmin', REGISTRATION_MAIL, {
      userIdentifier: created.body.identifier,
      email: 'olaf.offen@example.com',
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(
      await t.db
        .selectFrom('mailOutbox')
        .select('id')
        .where('recipient', '=', 'olaf.offen@example.com')
        .execute(),
    ).toHaveLength(2);
    // a non-super admin does not reach an administrator
    const hidden = await refusedUnchanged(t, () =>
      as('admin', REGISTRATION_MAIL, {
        userIdentifier: created.body.identifier,
        email: 'olaf.offen@example.com',
      }),
    );
    expect(hidden).toMatchObject({ status: 404, unchanged: true });
    // a main user put back to new (never set a password) gets the creditor's registration mail
    const main = await userOf('creditor-vhv@example.com');
    await t.db.updateTable('appUser').set({ status: 'new' }).where('id', '=', main.id).execute();
    expect(
      (await as('admin', REGISTRATION_MAIL, { userIdentifier: main.id, email: main.email })).status,
    ).toBe(200);
    expect(await lastMailTo(main.email)).toMatchObject({
      template: 'creditorRegistration',
      productType: 'VHV',
    });
  });

  it('guards: state, permission, product — nothing changed', async () => {
    const active = await userOf('creditor@example.com');
    const tpfNew = await userOf('creditor-tpf@example.com');
    await t.db.updateTable('appUser').set({ status: 'new' }).where('id', '=', tpfNew.id).execute();
    const smafaNew = await userOf('creditor2@example.com');
    await t.db.updateTable('appUser').set({ status: 'new' }).where('id', '=', smafaNew.id).execute();
    const nina = await loginAs(t.app, 'nina.neu@example.com', PASSWORD);
    const cases: [string, { id: number; email: string }, number, string?][] = [
      [tokens.support, active, 409, 'commands.wrongState'],
      [tokens['productadmin-tpf'], smafaNew, 404],
      [tokens.creditor, smafaNew, 403],
      [nina, smafaNew, 403],
    ];
    for (const [token, user, status, reason] of cases) {
      const refused = await refusedUnchanged(t, () =>
        post(token, REGISTRATION_MAIL, { userIdentifier: user.id, email: user.email }),
      );
      expect(refused, `${user.email}`).toMatchObject({
        status,
        unchanged: true,
        ...(reason ? { body: { reason } } : {}),
      });
    }
  });
});

describe("the creditor's contact information", () => {
  const contact = {
    salutation: 'Frau',
    contactName: 'Carla Kontakt',
    street: 'Neue Straße 5',
    zip: '50667',
    city: 'Köln',
    phone: '0221 123456',
    mobileNumber: '0170 1234567',
    email: 'kontakt@example.com',
  };

  it('changes the contact of the user’s creditor; the details and the user list show it', async () => {
    const main = await userOf('creditor@example.com');
    const listed = await call(t, '/user-management/user/list?filters[search][]=creditor@example.com', {
      token: tokens.support,
    });
    expect(listed.body.users[0].contact).toMatchObject({
      contactName: expect.any(String),
      email: expect.any(String),
    });
    const answer = await as('support', CONTACT, { userIdentifier: main.id, ...contact });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const details = await call(t, `/creditor/${main.creditorId}/details`, { token: tokens.superadmin });
    expect(details.body.contact).toMatchObject(contact);
    const again = await call(t, '/user-management/user/list?filters[search][]=creditor@example.com', {
      token: tokens.support,
    });
    expect(again.body.users[0].contact).toMatchObject(contact);
    expect(await lastLog('creditor_contact_update')).toMatchObject({
      adminEmail: 'support@example.com',
      creditorId: main.creditorId,
    });
  });

  it('guards: permission, product, administrators, invalid input — nothing changed', async () => {
    const main = await userOf('creditor2@example.com');
    const support = await userOf('support@example.com');
    const nina = await loginAs(t.app, 'nina.neu@example.com', PASSWORD);
    const cases: [string, unknown, number, string?][] = [
      [tokens['productadmin-tpf'], { userIdentifier: main.id, ...contact }, 404],
      [tokens.creditor, { userIdentifier: main.id, ...contact }, 403],
      [nina, { userIdentifier: main.id, ...contact }, 403],
      [
        tokens.superadmin,
        { userIdentifier: support.id, ...contact },
        409,
        'adminCommands.userWithoutCreditor',
      ],
      [tokens.support, { userIdentifier: main.id, ...contact, zip: '123' }, 400],
      [tokens.support, { userIdentifier: main.id, ...contact, email: 'kein-mail' }, 400],
    ];
    for (const [token, body, status, reason] of cases) {
      const refused = await refusedUnchanged(t, () => post(token, CONTACT, body));
      expect(refused, JSON.stringify(body)).toMatchObject({
        status,
        unchanged: true,
        ...(reason ? { body: { reason } } : {}),
      });
    }
  });
});

describe('registering a further main user of a creditor', () => {
  const REGISTER_CREDITOR_USER = '/user-management/command/register-creditor';
  const body = (creditorIdentifier: number, email: string, extra: Record<string, unknown> = {}) => ({
    creditorIdentifier,
    firstName: 'Mara',
    lastName: 'Main',
    email,
    sendRegistrationMail: true,
    ...extra,
  });

  it('creates a main user in status new with the terms to accept and the registration mail; it logs in after the link', async () => {
    const main = await userOf('creditor@example.com');
    const created = await as(
      'admin',
      REGISTER_CREDITOR_USER,
      body(main.creditorId!, 'mara.main@example.com'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await userOf('mara.main@example.com')).toMatchObject({
      id: created.body.identifier,
      roles: ['ROLE_CREDITOR'],
      status: 'new',
      creditorId: main.creditorId,
      product: 'SMAFA',
      optIn: false,
    });
    expect(await lastMailTo('mara.main@example.com')).toMatchObject({
      template: 'creditorRegistration',
      creditorId: main.creditorId,
    });
    expect(await lastLog('creditor_user_register')).toMatchObject({
      adminEmail: 'admin@example.com',
      creditorId: main.creditorId,
    });
    const details = await call(t, `/creditor/${main.creditorId}/details`, { token: tokens.admin });
    expect(details.body.users.map((u: any) => u.username)).toContain('mara.main@example.com');
    const token = await acceptLink('mara.main@example.com');
    const terms = await call(t, '/user-management/list-unaccepted-terms-and-conditions', { token });
    expect(terms.status).toBe(200);
    expect(JSON.stringify(terms.body)).toMatch(/termsAndConditions/);
    // unticked: no mail; the registration mail can follow later
    const quiet = await as(
      'admin',
      REGISTER_CREDITOR_USER,
      body(main.creditorId!, 'stille.post@example.com', { sendRegistrationMail: false }),
    );
    expect(quiet.status).toBe(200);
    expect(await lastMailTo('stille.post@example.com')).toBeUndefined();
    expect(
      (
        await as('support', REGISTRATION_MAIL, {
          userIdentifier: quiet.body.identifier,
          email: 'stille.post@example.com',
        })
      ).status,
    ).toBe(200);
    expect(await lastMailTo('stille.post@example.com')).toMatchObject({ template: 'creditorRegistration' });
  });

  it('guards: permission, product, terminated creditor, taken e-mail, unknown creditor — nothing changed', async () => {
    const smafa = await userOf('creditor2@example.com');
    const terminated = await userOf('terminated@example.com');
    const cases: [string, unknown, number, string?][] = [
      ['support', body(smafa.creditorId!, 'x1@example.com'), 403],
      ['creditor', body(smafa.creditorId!, 'x2@example.com'), 403],
      ['productadmin-tpf', body(smafa.creditorId!, 'x3@example.com'), 404],
      ['admin', body(terminated.creditorId!, 'x4@example.com'), 403, 'creditorStatus.actionNotAllowed'],
      ['admin', body(smafa.creditorId!, 'OBSERVER@example.com'), 409, 'validation.emailTaken'],
      ['admin', body(999999, 'x5@example.com'), 404],
      ['admin', { creditorIdentifier: smafa.creditorId, email: 'x6@example.com' }, 400],
    ];
    for (const [user, input, status, reason] of cases) {
      const refused = await refusedUnchanged(t, () => as(user, REGISTER_CREDITOR_USER, input));
      expect(refused, `${user} ${JSON.stringify(input)}`).toMatchObject({
        status,
        unchanged: true,
        ...(reason ? { body: { reason } } : {}),
      });
    }
  });
});
