import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';
import { type ApiRoute, apiRoutes, fillPath } from '../helpers/route-table';

// Isolation below the route level. Which identity reaches which route, with own and foreign ids,
// and which refused write leaves the database unchanged is the authorization matrix
// (hardening-matrix.test.ts, every route × ten identities, derived from the YAML); here: what one
// route withholds inside an answer (the assistant's contract fields), and a product admin's and an
// admin's process logs with permissions the demo identities do not have.

let t: TestApp;
let routes: ApiRoute[];
const tokens: Record<string, string> = {};
const IDENTITIES = ['creditor@example.com', 'assistant@example.com', 'admin@example.com', 'support@example.com', 'productadmin-tpf@example.com'];

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of IDENTITIES) tokens[user] = await loginAs(t.app, user);
  routes = apiRoutes(t.app);
}, 120_000);
afterAll(() => t?.close());

async function creditorOf(username: string): Promise<{ id: number; product: string }> {
  const row = await t.db.selectFrom('appUser as u').innerJoin('creditor as c', 'c.id', 'u.creditorId').select(['c.id', 'c.product']).where('u.username', '=', username).executeTakeFirstOrThrow();
  return row;
}

/** One id per table of a record that belongs to the creditor (or to any creditor of another product). */
async function idsOf(where: { creditorId?: number; notProduct?: string }): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['debtor', 'location', 'permanentDebt', 'voucher', 'workQueueItem', 'creditor']) {
    const column = table === 'creditor' ? 'id' : 'creditorId';
    const { rows } = await sql<{ id: number }>`
      select r.id from ${sql.table(table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))} r
        join creditor c on c.id = r.${sql.ref(column === 'id' ? 'id' : 'creditor_id')}
       where ${where.creditorId !== undefined ? sql`c.id = ${where.creditorId}` : sql`c.product <> ${where.notProduct}`}
       order by r.id limit 1`.execute(t.db);
    if (rows[0]) out[table] = Number(rows[0].id);
  }
  return out;
}

async function get(route: ApiRoute, url: string, token: string) {
  return t.app.inject({ method: route.method as 'GET', url: `/api${url}`, headers: bearer(token), ...(route.method === 'GET' ? {} : { payload: {} }) });
}

describe('product isolation: a product admin sees their product only', () => {
  it('the process logs answer the TPF product admin for TPF records and 404 for others; an admin without a creditor permission gets 403', async () => {
    const foreign = await idsOf({ notProduct: 'TPF' });
    const own = await idsOf({ creditorId: (await creditorOf('creditor-tpf@example.com')).id });
    for (const [path, table] of [['/debtor/{id}/process-log/list', 'debtor'], ['/voucher/{id}/process-log/list', 'voucher']] as const) {
      const route = routes.find((r) => r.path === path)!;
      expect((await get(route, fillPath(path, String(foreign[table])), tokens['productadmin-tpf@example.com'])).statusCode).toBe(404);
      if (own[table]) expect((await get(route, fillPath(path, String(own[table])), tokens['productadmin-tpf@example.com'])).statusCode).toBe(200);
      expect((await get(route, fillPath(path, String(foreign[table])), tokens['admin@example.com'])).statusCode).toBe(200);
    }
    // an admin holding only the action-log permission
    await t.db.updateTable('appUser').set({ permissions: JSON.stringify({ admin: ['view_action_log'] }) as never }).where('username', '=', 'support@example.com').execute();
    try {
      for (const path of ['/debtor/{id}/process-log/list', '/voucher/{id}/process-log/list'])
        expect((await get(routes.find((r) => r.path === path)!, fillPath(path, String(foreign[path.startsWith('/debtor') ? 'debtor' : 'voucher'])), tokens['support@example.com'])).statusCode).toBe(403);
    } finally {
      await t.db.updateTable('appUser').set({ permissions: JSON.stringify({ admin: ['update_user', 'reset_user_password', 'view_action_log', 'registration_mail'] }) as never }).where('username', '=', 'support@example.com').execute();
    }
  });
});

describe('role isolation', () => {
  it('the assistant reads neither the contract nor the contract date nor the contract history (document 1 §6)', async () => {
    const assistant = (await t.app.inject({ url: '/api/creditor/show', headers: bearer(tokens['assistant@example.com']) })).json();
    const main = (await t.app.inject({ url: '/api/creditor/show', headers: bearer(tokens['creditor@example.com']) })).json();
    expect(main.contract?.contractNumber).toEqual(expect.any(String));
    expect(assistant.contract).toBeNull();
    expect(assistant.contractDate).toBeNull();
    expect(assistant.serviceFeeCondition).toBeNull();
    const history = (user: string) => t.app.inject({ url: '/api/creditor/history/list?rowsPerPage=100', headers: bearer(tokens[user]) }).then((r) => r.json());
    const mainTypes = (await history('creditor@example.com')).entries.map((e: { type: string }) => e.type);
    expect(mainTypes).toContain('serviceFeeCondition');
    const assistantTypes = (await history('assistant@example.com')).entries.map((e: { type: string }) => e.type);
    for (const type of ['contractStart', 'serviceFeeCondition', 'serviceFeePeriod']) expect(assistantTypes).not.toContain(type);
  });
});
