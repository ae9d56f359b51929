import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { userRow, withUserChanged } from '../helpers/user-rows';

// The admin creditor list and the action log read the caller's session and stored permissions along
// with their page (issue 32): these tests pin what they answered before — the guards, the product
// scope of each admin on the same compiled statement, and a role, a permission or a session changed
// after the token was issued.

let t: TestApp;
const tokens: Record<string, string> = {};
const SUPER = 'superadmin@example.com';
const TPF = 'productadmin-tpf@example.com';
const SUPPORT = 'support@example.com';

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of [SUPER, TPF, SUPPORT, 'admin@example.com']) tokens[user] = await loginAs(t.app, user);
});
afterAll(() => t.close());

const get = (url: string, user: string) => t.app.inject({ url: `/api${url}`, headers: bearer(tokens[user]) });
const ok = async (url: string, user: string) => {
  const response = await get(url, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const countOf = async (
  table: 'creditor' | 'actionLogEntry' | 'appUser',
  column: 'product' | 'productType',
  product?: string,
) => {
  let query = t.db.selectFrom(table as 'creditor').select((eb) => eb.fn.countAll<number>().as('n'));
  // the user list holds the creditors' users only
  if (table === 'appUser') query = query.where('creditorId' as 'id', 'is not', null);
  if (product) query = query.where(column as 'product', '=', product);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

const LISTS = [
  {
    url: '/creditor/list',
    rows: 'creditors',
    table: 'creditor',
    column: 'product',
    product: (row: any) => row.product,
  },
  {
    url: '/action-log/list',
    rows: 'actionLogs',
    table: 'actionLogEntry',
    column: 'productType',
    product: (row: any) => row.productType,
  },
  {
    url: '/user-management/user/list',
    rows: 'users',
    table: 'appUser',
    column: 'product',
    product: (row: any) => row.product,
  },
] as const;

describe.each(LISTS)('GET /api$url read along', ({ url, rows, table, column, product }) => {
  it('gives admins of different scope their own page from the same compiled statement', async () => {
    for (const query of [
      'rowsPerPage=15',
      'rowsPerPage=15&sortDesc=true',
      'rowsPerPage=100&filters[productType][]=TPF&filters[product][]=TPF',
    ]) {
      const q =
        url === '/action-log/list'
          ? query.replace('&filters[product][]=TPF', '')
          : query.replace('&filters[productType][]=TPF', '');
      const all = await ok(`${url}?${q}`, SUPER);
      const tpf = await ok(`${url}?${q}`, TPF);
      const again = await ok(`${url}?${q}`, SUPER);
      expect(again).toEqual(all);
      expect(tpf[rows].every((row: unknown) => product(row) === 'TPF')).toBe(true);
      expect(tpf.count).toBe(await countOf(table, column, 'TPF'));
      if (!q.includes('TPF')) {
        expect(all.count).toBe(await countOf(table, column));
        expect(all.count).toBeGreaterThan(tpf.count);
      } else expect(all.count).toBe(tpf.count);
    }
    // a page past the end: no rows, the totals still in scope
    expect(await ok(`${url}?page=9999`, TPF)).toEqual({
      [rows]: [],
      count: await countOf(table, column, 'TPF'),
      empty: false,
    });
  });

  it('takes the scope from the roles stored now, not from the token', async () => {
    // the product admin made an admin meanwhile: every product
    await withUserChanged(t.db, TPF, { roles: ['ROLE_PRODUCT_ADMIN', 'ROLE_ADMIN'] }, async () => {
      expect((await ok(`${url}?rowsPerPage=15`, TPF)).count).toBe(await countOf(table, column));
    });
    // an admin made a product admin meanwhile: their product only
    const admin = await userRow(t.db, 'admin@example.com');
    await withUserChanged(t.db, 'admin@example.com', { roles: ['ROLE_PRODUCT_ADMIN'] }, async () => {
      const body = await ok(`${url}?rowsPerPage=100`, 'admin@example.com');
      expect(body.count).toBe(await countOf(table, column, admin.product));
      expect(body[rows].every((row: unknown) => product(row) === admin.product)).toBe(true);
    });
    expect((await ok(`${url}?rowsPerPage=15`, 'admin@example.com')).count).toBe(await countOf(table, column));
  });

  it('refuses with 403 and sends nothing when the admin permission is revoked', async () => {
    const support = await userRow(t.db, SUPPORT);
    const stored = support.permissions as { admin?: string[] };
    // the support admin opens the action log with view_action_log, the creditors with update_user
    const revoked = { ...stored, admin: [] };
    await withUserChanged(t.db, SUPPORT, { permissions: JSON.stringify(revoked) }, async () => {
      for (const query of ['rowsPerPage=15', 'page=9999', 'sortDesc=true']) {
        const refused = await get(`${url}?${query}`, SUPPORT);
        expect(refused.statusCode, query).toBe(403);
        expect(refused.json().code).toBe('forbidden');
        expect(refused.body).not.toContain(`"${rows}"`);
      }
    });
    expect((await ok(`${url}?rowsPerPage=15`, SUPPORT)).count).toBe(await countOf(table, column));
  });

  it('refuses with 401 once the session ended, the empty page as well', async () => {
    const row = await userRow(t.db, TPF);
    await withUserChanged(t.db, TPF, { sessionVersion: row.sessionVersion + 1 }, async () => {
      for (const query of ['rowsPerPage=15', 'page=9999']) {
        const refused = await get(`${url}?${query}`, TPF);
        expect(refused.statusCode, query).toBe(401);
        expect(refused.body).not.toContain(`"${rows}"`);
      }
    });
    await withUserChanged(t.db, TPF, { status: 'blocked' }, async () => {
      expect((await get(`${url}?rowsPerPage=15`, TPF)).statusCode).toBe(401);
    });
    expect((await ok(`${url}?rowsPerPage=15`, TPF)).count).toBe(await countOf(table, column, 'TPF'));
  });
});

describe('a role changed twice while an admin list is read', () => {
  // The first read runs with the token's scope; the stored roles give another, so the list is read
  // once more with the stored scope. When the roles change again between the two reads, the second
  // read's scope no longer matches either: refused (403), nothing sent — never a page of the wrong scope.
  let twice: FastifyInstance;
  let reads = 0;
  let flip: (() => Promise<unknown>) | undefined;
  /** The app's database, which runs `flip` once after a read of the list's statement (its first row carries the reader). */
  const database = () => {
    const db = t.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => args.result,
    });
    const execute = db.executeQuery.bind(db);
    db.executeQuery = (async (
      query: Parameters<typeof execute>[0],
      queryId?: Parameters<typeof execute>[1],
    ) => {
      const result = await execute(query, queryId);
      const first = result.rows[0] as Record<string, unknown> | undefined;
      if (first && 'reader' in first) {
        reads++;
        const change = flip;
        flip = undefined;
        // the connection is released by now (PGlite has one)
        await change?.();
      }
      return result;
    }) as typeof db.executeQuery;
    return db;
  };

  beforeAll(async () => {
    twice = await buildApp({ db: database(), listen: t.handle.listen });
    await twice.ready();
  });
  afterAll(() => twice?.close());

  it.each(LISTS)('GET /api$url refuses with 403 and sends no rows', async ({ url, rows }) => {
    const before = await userRow(t.db, TPF);
    const roles = (value: string[]) =>
      t.db.updateTable('appUser').set({ roles: value }).where('id', '=', before.id).execute();
    try {
      // made an admin of every product after the token was issued …
      await roles(['ROLE_PRODUCT_ADMIN', 'ROLE_ADMIN']);
      // … and a product admin again between the two reads
      flip = () => roles(before.roles as string[]);
      reads = 0;
      const refused = await twice.inject({ url: `/api${url}?rowsPerPage=15`, headers: bearer(tokens[TPF]) });
      expect(reads).toBe(2);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('forbidden');
      expect(refused.body).not.toContain(`"${rows}"`);
      // the role as it is now: the product's page, answered at once
      reads = 0;
      const body = (
        await twice.inject({ url: `/api${url}?rowsPerPage=15`, headers: bearer(tokens[TPF]) })
      ).json();
      expect(reads).toBe(1);
      expect(body.count).toBeGreaterThan(0);
    } finally {
      flip = undefined;
      await roles(before.roles as string[]);
    }
  });
});
