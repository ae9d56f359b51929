import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../generated/i18n/de.json' with { type: 'json' };
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

describe('POST /api/login', () => {
  it('returns an access and a refresh token for the demo creditor', async () => {
    const response = await login('creditor@example.com', 'Demo1234!');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThan(30);
  });

  it('treats the e-mail address case-insensitively', async () => {
    expect((await login('  Creditor@Example.COM', 'Demo1234!')).statusCode).toBe(200);
  });

  it.each([
    ['wrong password', 'creditor@example.com', 'demo1234!'],
    ['unknown user', 'nobody@example.com', 'Demo1234!'],
  ])('answers 401 badCredentials with the German text for a %s', async (_case, username, password) => {
    const response = await login(username, password);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      code: 'badCredentials',
      message: de.messages.badCredentials,
    });
    expect(response.json().message).toMatch(/Benutzername oder Passwort/);
  });

  it('rejects a disabled user with the same 401', async () => {
    await t.db
      .updateTable('appUser')
      .set({ status: 'blocked' })
      .where('username', '=', 'assistant@example.com')
      .execute();
    try {
      expect((await login('assistant@example.com', 'Demo1234!')).json().code).toBe('badCredentials');
    } finally {
      await t.db
        .updateTable('appUser')
        .set({ status: 'active' })
        .where('username', '=', 'assistant@example.com')
        .execute();
    }
  });

  it('answers 400 validationError for a body without password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'x@example.com' },
    });
    expect(response.statusCode).toBe(400);
    // The shared validation's key and German text, pointing at the missing field.
    expect(response.json()).toMatchObject({
      statusCode: 400,
      code: 'validationError',
      messageKey: 'validation.required',
      message: 'Dieses Feld ist ein Pflichtfeld.',
      field: 'body/password',
    });
  });

  it('stores passwords as Argon2id hashes', async () => {
    const row = await t.db
      .selectFrom('appUser')
      .select('passwordHash')
      .where('username', '=', 'admin@example.com')
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('POST /api/token/refresh', () => {
  it('rotates the refresh token: the new pair works; reusing the spent one revokes the family', async () => {
    const first = (await login('observer@example.com', 'Demo1234!')).json();
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/token/refresh',
        payload: { refresh_token: token, product: 'SMAFA' },
      });

    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    const me = await t.app.inject({ url: '/api/user-management/user/current', headers: bearer(pair.token) });
    expect(me.json().username).toBe('observer@example.com');

    const reused = await refresh(first.refresh_token);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('invalidRefreshToken');
    // a spent token shown again means a copy is around: the whole family (the login) is revoked
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
  });

  it('rejects an unknown refresh token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: 'nope' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('rejects an expired refresh token', async () => {
    const { refresh_token } = (await login('management@example.com', 'Demo1234!')).json();
    await t.db
      .updateTable('refreshToken')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('usedAt', 'is', null)
      .execute();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/user-management/user/current', () => {
  it.each([
    ['superadmin@example.com', ['ROLE_SUPER_ADMIN'], null],
    ['admin@example.com', ['ROLE_ADMIN'], null],
    ['productadmin@example.com', ['ROLE_PRODUCT_ADMIN'], null],
    ['creditor@example.com', ['ROLE_CREDITOR'], 'active'],
    ['observer@example.com', ['ROLE_CREDITOR-OBSERVER'], 'active'],
    ['assistant@example.com', ['ROLE_CREDITOR-ASSISTANT'], 'active'],
    ['management@example.com', ['ROLE_CREDITOR-MANAGEMENT'], 'active'],
  ])('describes %s', async (email, roles, creditorStatus) => {
    const token = await loginAs(t.app, email);
    const response = await t.app.inject({ url: '/api/user-management/user/current', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({ username: email, email, roles, product: 'SMAFA', creditorStatus });
    expect(Object.keys(user).sort()).toEqual(
      [
        'id',
        'username',
        'name',
        'email',
        'roles',
        'product',
        'permissions',
        'optIn',
        'passwordUpdateRequired',
        'askForContactInformationChanges',
        'creditorStatus',
        'sapNumber',
        'impersonated',
      ].sort(),
    );
    // only an impersonation token (admin-impersonation.test.ts) is an impersonation
    expect(user.impersonated).toBe(false);
    expect(typeof user.id).toBe('number');
    expect(typeof user.optIn).toBe('boolean');
    expect(user.sapNumber === null).toBe(creditorStatus === null);
  });

  it('carries the admin permission list of an administrator', async () => {
    const token = await loginAs(t.app, 'admin@example.com');
    const user = (
      await t.app.inject({ url: '/api/user-management/user/current', headers: bearer(token) })
    ).json();
    expect(user.permissions.admin).toEqual(
      expect.arrayContaining(['creditor_registration', 'block_creditor']),
    );
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'Bearer not-a-jwt'],
    ['a token signed with another secret', `Bearer ${'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'}`],
  ])('answers 401 with %s', async (_case, authorization) => {
    const response = await t.app.inject({
      url: '/api/user-management/user/current',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, code: 'unauthorized' });
  });
});
