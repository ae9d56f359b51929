import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-accounts';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { userRow, withUserChanged } from '../helpers/user-rows';

// The SEPA requests, the debtor assignments, the product requests and the administrators read the
// caller's session and stored permissions along with their page (issue 32), as the admin creditor
// list and the action log do (admin-list-read-along.test.ts). These tests pin what the four lists
// answered before: each product admin's scope on the same compiled statement, and a refused request
// (session ended, logged out, permission or role revoked since the token was issued) that answers
// the spec's error key, sends no rows and changes nothing.

let t: TestApp;
const tokens: Record<string, string> = {};
const SUPER = 'superadmin@example.com';
const ADMIN = 'admin@example.com';
const TPF = 'productadmin-tpf@example.com';

const countWhere = async (from: string, product: string | undefined) =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from ${sql.raw(from)} ${product ? sql`where p = ${product}` : sql``}`.execute(
        t.db,
      )
    ).rows[0].n,
  );

const LISTS = [
  {
    url: '/creditor-debit-update/list',
    rows: 'creditorDebitUpdates',
    product: (row: any) => row.creditor.product,
    count: (product?: string) =>
      countWhere(
        '(select c.product as p from sepa_update_request s join creditor c on c.id = s.creditor_id) x',
        product,
      ),
  },
  {
    url: '/debtor-assignment-list',
    rows: 'debtorAssignments',
    product: (row: any) => row.creditor.product,
    count: (product?: string) =>
      countWhere(
        '(select c.product as p from debtor_assignment a join creditor c on c.id = a.creditor_id) x',
        product,
      ),
  },
  {
    url: '/onboarding/claim/list',
    rows: 'claims',
    product: (row: any) => row.productType,
    count: (product?: string) => countWhere('(select product_type as p from onboarding_claim) x', product),
  },
] as const;

const get = (url: string, token: string) => t.app.inject({ url: `/api${url}`, headers: bearer(token) });
const ok = async (url: string, user: string) => {
  const response = await get(url, tokens[user]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
/** A refusal: the status, the spec's error key and none of the list's rows. */
const refused = async (url: string, token: string, status: number, code: string, rows: string) => {
  const response = await get(url, token);
  expect(response.statusCode, url).toBe(status);
  expect(response.json().code).toBe(code);
  expect(response.body).not.toContain(`"${rows}"`);
};
/** Everything a refused request could have changed: the action log and the users' rows. */
const state = async () => ({
  log: Number((await sql<{ n: string }>`select count(*) as n from action_log_entry`.execute(t.db)).rows[0].n),
  users: (
    await sql`select id, status, session_version, roles, permissions from app_user order by id`.execute(t.db)
  ).rows,
});

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of [SUPER, ADMIN, TPF]) tokens[user] = await loginAs(t.app, user);
  // product requests of two products, a SEPA request of a TPF creditor (the seed has none of either)
  const claim = {
    legalForm: 'GMBH',
    salutation: 'Frau',
    firstName: 'Max',
    lastName: 'Muster',
    phone: '0301234',
    zip: '10115',
    city: 'Berlin',
  };
  await t.db
    .insertInto('onboardingClaim')
    .values([
      { ...claim, productType: 'TPF', companyName: 'Tee GmbH', email: 'tee@example.net' },
      { ...claim, productType: 'TPF', companyName: 'Tafel GmbH', email: 'tafel@example.net' },
      { ...claim, productType: 'SMAFA', companyName: 'Smaf AG', email: 'smaf@example.net' },
    ])
    .execute();
  const tpfCreditor = await t.db
    .selectFrom('creditor')
    .select('id')
    .where('product', '=', 'TPF')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const creator = await userRow(t.db, ADMIN);
  await t.db
    .insertInto('sepaUpdateRequest')
    .values({
      creditorId: tpfCreditor.id,
      accountOwner: 'Tee GmbH',
      iban: 'DE89370400440532013000',
      creatorUserId: creator.id,
    })
    .execute();
});
afterAll(() => t.close());

describe.each(LISTS)('GET /api$url read along', ({ url, rows, product, count }) => {
  it("gives each admin their product's page from the same compiled statement", async () => {
    for (const query of [
      'rowsPerPage=15',
      'rowsPerPage=15&sortDesc=true&sortBy=creationDate',
      'rowsPerPage=100&page=1',
    ]) {
      const all = await ok(`${url}?${query}`, SUPER);
      const tpf = await ok(`${url}?${query}`, TPF);
      expect(await ok(`${url}?${query}`, SUPER)).toEqual(all);
      expect(tpf[rows].length).toBeGreaterThan(0);
      expect(tpf[rows].every((row: unknown) => product(row) === 'TPF')).toBe(true);
      expect(tpf.count).toBe(await count('TPF'));
      expect(all.count).toBe(await count());
      expect(all.count).toBeGreaterThan(tpf.count);
    }
    expect(await ok(`${url}?page=9999`, TPF)).toEqual({
      [rows]: [],
      count: await count('TPF'),
      empty: false,
    });
  });

  it('refuses with 403 forbidden, no rows and nothing changed when the permission is revoked', async () => {
    const admin = await userRow(t.db, ADMIN);
    await withUserChanged(
      t.db,
      ADMIN,
      { permissions: JSON.stringify({ ...(admin.permissions as object), admin: [] }) },
      async () => {
        const before = await state();
        for (const query of ['rowsPerPage=15', 'page=9999', 'sortDesc=true&filters[search][]=a'])
          await refused(`${url}?${query}`, tokens[ADMIN], 403, 'forbidden', rows);
        expect(await state()).toEqual(before);
      },
    );
    expect((await ok(`${url}?rowsPerPage=15`, ADMIN)).count).toBe(await count());
  });

  it('refuses with 401 unauthorized, no rows and nothing changed once the session ended or after logout', async () => {
    const row = await userRow(t.db, TPF);
    await withUserChanged(t.db, TPF, { sessionVersion: row.sessionVersion + 1 }, async () => {
      const before = await state();
      for (const query of ['rowsPerPage=15', 'page=9999'])
        await refused(`${url}?${query}`, tokens[TPF], 401, 'unauthorized', rows);
      expect(await state()).toEqual(before);
    });
    // logged out: the token of that login is refused
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: TPF, password: DEMO_PASSWORD },
    });
    expect((await get(`${url}?rowsPerPage=15`, login.json().token)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(login.json().token),
      payload: { refresh_token: login.json().refresh_token },
    });
    const before = await state();
    await refused(`${url}?rowsPerPage=15`, login.json().token, 401, 'unauthorized', rows);
    expect(await state()).toEqual(before);
    tokens[TPF] = await loginAs(t.app, TPF);
    expect((await ok(`${url}?rowsPerPage=15`, TPF)).count).toBe(await count('TPF'));
  });
});

describe('GET /api/user-management/user/admin-list read along', () => {
  const url = '/user-management/user/admin-list';
  it('answers the super admin only, as the roles are stored now', async () => {
    const all = await ok(`${url}?rowsPerPage=100`, SUPER);
    expect(all.count).toBe(all.admins.length);
    expect(all.admins.some((admin: { username: string }) => admin.username === SUPER)).toBe(true);
    // an admin or a product admin: 403, the same statement compiled for a product scope or not
    for (const user of [ADMIN, TPF])
      await refused(`${url}?rowsPerPage=100`, tokens[user], 403, 'forbidden', 'admins');
    // the super admin made an admin since the token was issued: 403, nothing sent, nothing changed
    await withUserChanged(t.db, SUPER, { roles: ['ROLE_ADMIN'] }, async () => {
      const before = await state();
      await refused(`${url}?rowsPerPage=100`, tokens[SUPER], 403, 'forbidden', 'admins');
      expect(await state()).toEqual(before);
    });
    // filters without matches: not empty (the caller is an administrator)
    expect(await ok(`${url}?filters[search][]=zzzz-no-match`, SUPER)).toEqual({
      admins: [],
      count: 0,
      empty: false,
    });
    expect(await ok(`${url}?rowsPerPage=100`, SUPER)).toEqual(all);
  });

  it('refuses with 401 unauthorized once the session ended', async () => {
    const row = await userRow(t.db, SUPER);
    await withUserChanged(t.db, SUPER, { sessionVersion: row.sessionVersion + 1 }, async () => {
      const before = await state();
      for (const query of ['rowsPerPage=15', 'page=9999'])
        await refused(`${url}?${query}`, tokens[SUPER], 401, 'unauthorized', 'admins');
      expect(await state()).toEqual(before);
    });
  });
});
