import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { userRow, withUserChanged } from '../helpers/user-rows';

// GET /api/permanent-debt/list reads the caller's session and stored permissions in its own statement
// (issue 32, as the debtor list and the admin lists do). These tests pin its refusals: a permission
// switched off or a session ended after the token was issued answers 403 / 401 with no rows, the
// empty page (whose totals come from a statement of their own) as well; a creditor sees only their
// own permanent debts; `empty` tells a creditor without any from a filter that matches none. Every
// refusal changes nothing in the database.

let t: TestApp;
const tokens: Record<string, string> = {};
const CREDITOR = 'creditor@example.com';
const OTHER = 'creditor2@example.com';

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of [CREDITOR, OTHER, 'admin@example.com']) tokens[user] = await loginAs(t.app, user);
});
afterAll(() => t.close());

const list = (query: string, user = CREDITOR) =>
  t.app.inject({ url: `/api/permanent-debt/list${query ? `?${query}` : ''}`, headers: bearer(tokens[user]) });

/** The permanent-debt table and the user rows, to show that a refusal changed nothing. */
const snapshot = async () => ({
  debts: await t.db.selectFrom('permanentDebt').selectAll().orderBy('id').execute(),
  users: await t.db
    .selectFrom('appUser')
    .select(['id', 'permissions', 'sessionVersion', 'status'])
    .orderBy('id')
    .execute(),
});

const ownCount = async (username: string) => {
  const { creditorId } = await userRow(t.db, username);
  const row = await t.db
    .selectFrom('permanentDebt')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('creditorId', '=', creditorId!)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe('GET /api/permanent-debt/list read along', () => {
  it('refuses with 403 and sends no rows once the permission is switched off', async () => {
    const stored = ((await userRow(t.db, CREDITOR)).permissions ?? {}) as Record<string, unknown>;
    const navigation = (stored.navigation ?? {}) as Record<string, unknown>;
    await withUserChanged(
      t.db,
      CREDITOR,
      { permissions: JSON.stringify({ ...stored, navigation: { ...navigation, permanentDebts: false } }) },
      async () => {
        const before = await snapshot();
        for (const query of ['', 'page=9999', 'filters[status][]=created', 'sortBy=subject&sortDesc=true']) {
          const refused = await list(query);
          expect(refused.statusCode, query).toBe(403);
          expect(refused.json().code).toBe('forbidden');
          expect(refused.body).not.toContain('"vouchers"');
        }
        expect(await snapshot()).toEqual({ ...before, users: before.users });
      },
    );
    expect((await list('')).statusCode).toBe(200);
  });

  it('refuses with 401 and sends no rows once the session ended, the empty page as well', async () => {
    const { sessionVersion } = await userRow(t.db, CREDITOR);
    await withUserChanged(t.db, CREDITOR, { sessionVersion: sessionVersion + 1 }, async () => {
      const before = await snapshot();
      for (const query of ['', 'page=9999']) {
        const refused = await list(query);
        expect(refused.statusCode, query).toBe(401);
        expect(refused.body).not.toContain('"vouchers"');
      }
      expect(await snapshot()).toEqual(before);
    });
    await withUserChanged(t.db, CREDITOR, { status: 'blocked' }, async () => {
      expect((await list('')).statusCode).toBe(401);
    });
    // logged out: the server no longer takes the token
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: CREDITOR, password: 'Demo1234!' },
    });
    const { token, refresh_token } = login.json();
    expect((await t.app.inject({ url: '/api/permanent-debt/list', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', payload: { refresh_token } });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/permanent-debt/list', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.body).not.toContain('"vouchers"');
    tokens[CREDITOR] = await loginAs(t.app, CREDITOR);
    expect((await list('')).json().count).toBe(await ownCount(CREDITOR));
  });

  it('shows each creditor only their own permanent debts, from the same compiled statement', async () => {
    const own = (await list('filters[status][]=created&sortBy=subject&sortDesc=false')).json();
    const other = (await list('filters[status][]=created&sortBy=subject&sortDesc=false', OTHER)).json();
    const again = (await list('filters[status][]=created&sortBy=subject&sortDesc=false')).json();
    expect(again).toEqual(own);
    const ids = async (username: string) => {
      const { creditorId } = await userRow(t.db, username);
      return new Set(
        (
          await t.db.selectFrom('permanentDebt').select('id').where('creditorId', '=', creditorId!).execute()
        ).map((r) => r.id),
      );
    };
    const [ownIds, otherIds] = [await ids(CREDITOR), await ids(OTHER)];
    expect(own.vouchers.every((row: { id: number }) => ownIds.has(row.id))).toBe(true);
    expect(other.vouchers.every((row: { id: number }) => otherIds.has(row.id))).toBe(true);
    expect((await list('rowsPerPage=100')).json().count).toBe(await ownCount(CREDITOR));
    expect((await list('rowsPerPage=100', OTHER)).json().count).toBe(await ownCount(OTHER));
    // an admin is no creditor user: refused, nothing sent
    const admin = await list('', 'admin@example.com');
    expect(admin.statusCode).toBe(403);
    expect(admin.body).not.toContain('"vouchers"');
  });

  it('tells a creditor without permanent debts (empty) from a filter that matches none', async () => {
    // a filter matching none of the creditor's: no rows, not empty
    const none = (await list('filters[customNumber][]=NO-SUCH-NUMBER')).json();
    expect(none).toEqual({ vouchers: [], count: 0, empty: false });
    // past the last page: no rows, the count still given
    const past = (await list('page=9999')).json();
    expect(past).toEqual({ vouchers: [], count: await ownCount(CREDITOR), empty: false });
    // a creditor without any permanent debt (the demo gives every creditor of a product with them
    // some): the other creditor's taken away for the test and put back after it
    const { creditorId } = await userRow(t.db, OTHER);
    const debts = await t.db
      .selectFrom('permanentDebt')
      .selectAll()
      .where('creditorId', '=', creditorId!)
      .execute();
    const links = await t.db
      .selectFrom('voucher')
      .select(['id', 'permanentDebtId'])
      .where('creditorId', '=', creditorId!)
      .where('permanentDebtId', 'is not', null)
      .execute();
    expect(debts.length).toBeGreaterThan(0);
    try {
      await t.db
        .updateTable('voucher')
        .set({ permanentDebtId: null })
        .where('id', 'in', links.length ? links.map((l) => l.id) : [-1])
        .execute();
      await t.db.deleteFrom('permanentDebt').where('creditorId', '=', creditorId!).execute();
      expect(await ownCount(OTHER)).toBe(0);
      for (const query of ['', 'filters[status][]=created', 'page=3'])
        expect((await list(query, OTHER)).json(), query).toEqual({ vouchers: [], count: 0, empty: true });
    } finally {
      if (debts.length) await t.db.insertInto('permanentDebt').values(debts).execute();
      for (const link of links)
        await t.db
          .updateTable('voucher')
          .set({ permanentDebtId: link.permanentDebtId })
          .where('id', '=', link.id)
          .execute();
    }
    expect((await list('rowsPerPage=100', OTHER)).json().count).toBe(debts.length);
  });
});
