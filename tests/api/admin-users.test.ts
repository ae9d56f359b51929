import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionTables } from '../../generated/permissions';
import { adminsRoutes } from '../../generated/routes/admins';
import { usersRoutes } from '../../generated/routes/users';
import { isSortableAdminColumn, isSortableUserColumn } from '../../src/server/db/repositories/admin-user.repository';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of [
    'superadmin@example.com',
    'admin@example.com',
    'support@example.com',
    'productadmin-tpf@example.com',
    'creditor@example.com',
  ]) {
    tokens[user] = await loginAs(t.app, user);
  }
});
afterAll(() => t.close());

const get = (url: string, user = 'superadmin@example.com') =>
  t.app.inject({ url: `/api${url}`, headers: bearer(tokens[user]) });
const users = async (query = '', user?: string) => {
  const response = await get(`/user-management/user/list${query ? `?${query}` : ''}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const countUsers = async (where: (q: any) => any = (q) => q) =>
  Number(
    (
      await where(t.db.selectFrom('appUser').where('creditorId', 'is not', null))
        .select((eb: any) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /api/user-management/user/list', () => {
  it("lists the creditors' users with the user list item fields", async () => {
    const body = await users();
    expect(body.count).toBe(await countUsers());
    expect(body.users).toHaveLength(15);
    expect(body.empty).toBe(false);
    const creditor = (await users('filters[search][]=creditor@example.com')).users[0];
    expect(creditor).toMatchObject({
      username: 'creditor@example.com',
      email: 'creditor@example.com',
      name: 'Martin Müller',
      roles: ['ROLE_CREDITOR'],
      product: 'SMAFA',
      status: 'active',
      loginAllowed: true,
      sapNumber: '1000001',
      city: 'Köln',
      permissions: expect.any(Object),
    });
    expect(body.users.some((u: any) => u.roles.some((r: string) => permissionTables.roles[r].side === 'admin'))).toBe(false);
  });

  it('pages through every user without overlap', async () => {
    const total = await countUsers();
    const ids = new Set<number>();
    for (let page = 1; page <= Math.ceil(total / 15); page++) {
      for (const u of (await users(`page=${page}`)).users) ids.add(u.id);
    }
    expect(ids.size).toBe(total);
  });

  it('sorts by every sortable column', async () => {
    for (const column of usersRoutes.list.schema.querystring.properties.sortBy.enum) {
      expect(isSortableUserColumn(column), column).toBe(true);
      expect((await users(`sortBy=${column}&sortDesc=true`)).users.length, column).toBe(15);
    }
    const names = (await users('sortBy=name&rowsPerPage=100')).users.map((u: any) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    const allowed = (await users('sortBy=loginAllowed&rowsPerPage=100')).users.map((u: any) => u.loginAllowed);
    expect(allowed.indexOf(true)).toBeGreaterThan(allowed.lastIndexOf(false));
  });

  it('filters by search, status (with its group) and product', async () => {
    expect((await users('filters[search][]=1000001')).count).toBe(4);
    const active = await users('filters[status][]=active&rowsPerPage=100');
    expect(active.count).toBe(
      await countUsers((q) => q.where('status', 'in', ['active', 'password_reset_requested', 'password_reset'])),
    );
    expect(active.users.some((u: any) => u.status === 'password_reset_requested')).toBe(true);
    const blocked = await users('filters[status][]=blocked&filters[status][]=terminated&rowsPerPage=100');
    expect(blocked.users.length).toBeGreaterThan(0);
    expect(blocked.users.every((u: any) => u.loginAllowed === false)).toBe(true);
    const fw = await users('filters[product][]=FW');
    expect(fw.count).toBe(await countUsers((q) => q.where('product', '=', 'FW')));
    expect(await users('filters[search][]=niemand')).toMatchObject({ users: [], count: 0, empty: false });
  });

  it('rejects unknown parameters with 400', async () => {
    for (const query of ['sortBy=password', 'filters[role][]=x', 'filters[status][]=sleeping']) {
      expect((await get(`/user-management/user/list?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('is for admins with a management permission; a product admin sees their product', async () => {
    expect((await get('/user-management/user/list', 'support@example.com')).statusCode).toBe(200);
    expect((await get('/user-management/user/list', 'creditor@example.com')).statusCode).toBe(403);
    const tpf = await users('rowsPerPage=100', 'productadmin-tpf@example.com');
    expect(tpf.count).toBe(await countUsers((q) => q.where('product', '=', 'TPF')));
    expect(tpf.users.every((u: any) => u.product === 'TPF')).toBe(true);
  });
});

describe('GET /api/user-management/user/admin-list', () => {
  const admins = async (query = '') => {
    const response = await get(`/user-management/user/admin-list${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('lists the administrators with role, product and admin permissions', async () => {
    const body = await admins('rowsPerPage=100');
    const staff = await t.db.selectFrom('appUser').select('username').where('creditorId', 'is', null).execute();
    expect(body.count).toBe(staff.length);
    expect(body.admins.map((a: any) => a.username).sort()).toEqual(staff.map((s) => s.username).sort());
    const byName = Object.fromEntries(body.admins.map((a: any) => [a.username, a]));
    expect(byName['superadmin@example.com']).toMatchObject({ role: 'ROLE_SUPER_ADMIN', loginAllowed: true });
    expect(byName['superadmin@example.com'].permissions).toEqual(Object.keys(permissionTables.adminPermissions));
    expect(byName['support@example.com'].permissions).toEqual([
      'update_user',
      'reset_user_password',
      'view_action_log',
      'registration_mail',
    ]);
    expect(byName['productadmin-tpf@example.com']).toMatchObject({ role: 'ROLE_PRODUCT_ADMIN', product: 'TPF' });
    expect(byName['former-admin@example.com'].loginAllowed).toBe(false);
  });

  it('sorts, filters and rejects unknown parameters', async () => {
    for (const column of adminsRoutes.list.schema.querystring.properties.sortBy.enum) {
      expect(isSortableAdminColumn(column), column).toBe(true);
      expect((await admins(`sortBy=${column}&sortDesc=true`)).count, column).toBeGreaterThan(3);
    }
    const names = (await admins('sortBy=username')).admins.map((a: any) => a.username);
    expect(names).toEqual([...names].sort());
    expect((await admins('filters[product][]=TPF')).admins.map((a: any) => a.username)).toEqual([
      'productadmin-tpf@example.com',
    ]);
    expect((await admins('filters[search][]=SUPPORT')).count).toBe(1);
    expect((await get('/user-management/user/admin-list?sortBy=permissions')).statusCode).toBe(400);
  });

  it('is for the super admin only', async () => {
    for (const user of ['admin@example.com', 'support@example.com', 'productadmin-tpf@example.com', 'creditor@example.com']) {
      expect((await get('/user-management/user/admin-list', user)).statusCode, user).toBe(403);
    }
  });
});
