import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';

// The administration's user commands (schema/commands/adminUsers.yaml): update, disable, enable and
// the administrators' permissions.

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['superadmin', 'admin', 'support', 'productadmin-tpf', 'creditor', 'observer']) {
    tokens[user] = await loginAs(t.app, `${user}@example.com`);
  }
});
afterAll(() => t.close());

const post = (user: string, path: string, body: unknown) => call(t, path, { token: tokens[user], method: 'POST', body });
const userOf = (username: string) => t.db.selectFrom('appUser').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
const tryLogin = (username: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'Demo1234!' } });

describe('disable and enable a user', () => {
  it('disables (login refused, sessions ended, logged) and enables again', async () => {
    const observer = await userOf('observer@example.com');
    const answer = await post('support', '/user-management/command/user/disable', { userIdentifier: observer.id });
    expect(answer.status).toBe(403); // support lacks disable_user
    const disabled = await post('admin', '/user-management/command/user/disable', { userIdentifier: observer.id });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect((await userOf('observer@example.com')).status).toBe('blocked');
    expect((await tryLogin('observer@example.com')).statusCode).toBe(401);
    expect(await t.db.selectFrom('refreshToken').select('id').where('userId', '=', observer.id).where('revokedAt', 'is', null).execute()).toHaveLength(0);
    const log = await t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', 'user_disable').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ adminEmail: 'admin@example.com', creditorId: observer.creditorId });
    const again = await refusedUnchanged(t, () => post('admin', '/user-management/command/user/disable', { userIdentifier: observer.id }));
    expect(again).toMatchObject({ status: 409, unchanged: true, body: { reason: 'commands.wrongState' } });
    const enabled = await post('admin', '/user-management/command/user/enable', { userIdentifier: observer.id });
    expect(enabled.status).toBe(200);
    expect((await tryLogin('observer@example.com')).statusCode).toBe(200);
  });

  it('guards: creditor users, another product, administrators for non-super admins, unknown — nothing changed', async () => {
    const creditor = await userOf('creditor@example.com');
    const support = await userOf('support@example.com');
    const cases: [string, number, number][] = [
      ['creditor', creditor.id, 403],
      ['productadmin-tpf', creditor.id, 404],
      ['admin', support.id, 404],
      ['admin', 999999, 404],
    ];
    for (const [user, id, status] of cases) {
      const refused = await refusedUnchanged(t, () => post(user, '/user-management/command/user/disable', { userIdentifier: id }));
      expect(refused, `${user} ${id}`).toMatchObject({ status, unchanged: true });
    }
    const invalid = await refusedUnchanged(t, () => post('admin', '/user-management/command/user/disable', {}));
    expect(invalid).toMatchObject({ status: 400, unchanged: true });
  });
});

describe('update a user', () => {
  it('changes name, user name and e-mail; a taken one is refused', async () => {
    const observer = await userOf('observer@example.com');
    const taken = await refusedUnchanged(t, () =>
      post('admin', '/user-management/command/user/update', { userIdentifier: observer.id, name: 'Olga', username: 'creditor@example.com', email: 'olga@example.com' }),
    );
    expect(taken).toMatchObject({ status: 409, unchanged: true, body: { reason: 'adminCommands.userTaken' } });
    const denied = await refusedUnchanged(t, () =>
      post('productadmin-tpf', '/user-management/command/user/update', { userIdentifier: observer.id, name: 'X', username: 'x@example.com', email: 'x@example.com' }),
    );
    expect(denied).toMatchObject({ status: 404, unchanged: true });
    const saved = await post('support', '/user-management/command/user/update', {
      userIdentifier: observer.id,
      name: 'Olga Beobachterin',
      username: 'observer@example.com',
      email: 'olga.observer@example.com',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await userOf('observer@example.com')).toMatchObject({ name: 'Olga Beobachterin', email: 'olga.observer@example.com' });
  });
});

describe('administrator permissions', () => {
  it('the super admin adds and removes a permission; it gates the admin commands at once', async () => {
    const support = await userOf('support@example.com');
    const creditor = await userOf('creditor2@example.com');
    const body = { userIdentifier: support.id, permission: 'block_creditor' };
    for (const user of ['admin', 'support']) {
      const refused = await refusedUnchanged(t, () => post(user, '/user-management/command/administrator/add-permission', body));
      expect(refused, user).toMatchObject({ status: 403, unchanged: true });
    }
    const unknown = await refusedUnchanged(t, () => post('superadmin', '/user-management/command/administrator/add-permission', { ...body, permission: 'everything' }));
    expect(unknown).toMatchObject({ status: 422, unchanged: true });
    const notAdmin = await refusedUnchanged(t, () => post('superadmin', '/user-management/command/administrator/add-permission', { ...body, userIdentifier: creditor.id }));
    expect(notAdmin).toMatchObject({ status: 409, unchanged: true });
    const blockBody = { reason: 'Test' };
    expect((await post('support', `/creditor/${creditor.creditorId}/block`, blockBody)).status).toBe(403);
    expect((await post('superadmin', '/user-management/command/administrator/add-permission', body)).status).toBe(200);
    expect(((await userOf('support@example.com')).permissions as any).admin).toContain('block_creditor');
    const twice = await refusedUnchanged(t, () => post('superadmin', '/user-management/command/administrator/add-permission', body));
    expect(twice).toMatchObject({ status: 409, unchanged: true });
    // the same token now may block
    expect((await post('support', `/creditor/${creditor.creditorId}/block`, blockBody)).status).toBe(200);
    expect((await post('superadmin', '/user-management/command/administrator/remove-permission', body)).status).toBe(200);
    expect(((await userOf('support@example.com')).permissions as any).admin).not.toContain('block_creditor');
    expect((await post('support', `/creditor/${creditor.creditorId}/disable-block`, {})).status).toBe(403);
  });
});
