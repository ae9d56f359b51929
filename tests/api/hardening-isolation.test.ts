import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandRoutes, commands } from '../../generated/commands';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';
import { fingerprint } from '../helpers/commands';
import { type ApiRoute, apiRoutes, fillPath } from '../helpers/route-table';

// Tenant, product and role isolation over the whole route table (routes added later are covered by
// themselves): foreign ids answer no 2xx, lists carry no foreign rows, and every command refuses
// the roles schema/commands does not grant it — with nothing changed in the database.

let t: TestApp;
let routes: ApiRoute[];
const tokens: Record<string, string> = {};
const IDENTITIES = [
  'creditor@example.com', 'creditor2@example.com', 'assistant@example.com', 'observer@example.com', 'management@example.com',
  'admin@example.com', 'support@example.com', 'productadmin-tpf@example.com', 'superadmin@example.com',
];

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of IDENTITIES) tokens[user] = await loginAs(t.app, user);
  routes = apiRoutes(t.app);
}, 120_000);
afterAll(() => t?.close());

// Which table a path parameter names, from the path around it (first match wins).
const PARAM_TABLES: [RegExp, string][] = [
  [/\{debtorId\}/, 'debtor'],
  [/\{locationId\}/, 'location'],
  [/^\/(sap\/)?debtor\/(show\/)?\{id\}/, 'debtor'],
  [/^\/location\/(update\/)?\{id\}/, 'location'],
  [/^\/permanent-debt\/\{id\}/, 'permanentDebt'],
  [/^\/(sap\/)?voucher\/(show\/)?\{id\}|work-queue\/voucher\/\{id\}/, 'voucher'],
  [/work-queue\/show\/\{id\}/, 'workQueueItem'],
  [/^\/creditor\/\{id\}|creditor-fee-condition\/\{id\}/, 'creditor'],
];

const tableOf = (path: string, param: string) =>
  PARAM_TABLES.find(([pattern]) => pattern.test(path) && (param === 'id' || pattern.source.includes(param)))?.[1];

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

describe('tenant isolation: a creditor user never reaches another creditor\'s records', () => {
  it('every route with an id answers no 2xx for a foreign creditor\'s record, and changes nothing', async () => {
    const own = await creditorOf('creditor@example.com');
    const foreign = await idsOf({ creditorId: (await creditorOf('creditor2@example.com')).id });
    const before = await fingerprint(t);
    let probed = 0;
    for (const route of routes.filter((r) => r.params.length)) {
      const ids = route.params.map((p) => foreign[tableOf(route.path, p.name) ?? '']);
      if (ids.some((id) => id === undefined)) continue;
      const url = fillPath(route.path, (name) => String(foreign[tableOf(route.path, name)!]));
      for (const user of ['creditor@example.com', 'management@example.com', 'assistant@example.com', 'observer@example.com']) {
        const response = await get(route, url, tokens[user]);
        expect(response.statusCode, `${user}: ${route.method} ${url} → ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        probed++;
      }
    }
    expect(probed).toBeGreaterThan(40);
    expect(await fingerprint(t)).toEqual(before);
    expect(own.id).not.toBe((await creditorOf('creditor2@example.com')).id);
  }, 120_000);

  it('no list or export of a creditor user carries the other creditor\'s name or number', async () => {
    const other = await t.db.selectFrom('creditor as c').innerJoin('appUser as u', 'u.creditorId', 'c.id').select(['c.name', 'c.identifier']).where('u.username', '=', 'creditor2@example.com').executeTakeFirstOrThrow();
    const otherDebtors = await sql<{ name: string }>`
      select d.name from debtor d join app_user u on u.creditor_id = d.creditor_id
       where u.username = 'creditor2@example.com'
         and d.name not in (select x.name from debtor x join app_user y on y.creditor_id = x.creditor_id where y.username = 'creditor@example.com')
       limit 5`.execute(t.db);
    const markers = [other.name, other.identifier, ...otherDebtors.rows.map((r) => r.name)].filter((m) => m && m.length >= 6);
    expect(markers.length).toBeGreaterThan(1);
    for (const route of routes.filter((r) => r.method === 'GET' && !r.params.length)) {
      const response = await get(route, route.path, tokens['creditor@example.com']);
      for (const marker of markers) expect(response.body.includes(marker), `${route.path} shows "${marker}"`).toBe(false);
    }
  }, 120_000);
});

describe('product isolation: a product admin sees their product only', () => {
  it('every route with an id answers no 2xx to the TPF product admin for a record of another product', async () => {
    const foreign = await idsOf({ notProduct: 'TPF' });
    const own = await idsOf({ creditorId: (await creditorOf('creditor-tpf@example.com')).id });
    let probed = 0;
    let ownReadable = 0;
    for (const route of routes.filter((r) => r.params.length && r.method === 'GET')) {
      if (route.params.some((p) => !tableOf(route.path, p.name))) continue;
      const url = fillPath(route.path, (name) => String(foreign[tableOf(route.path, name)!]));
      const response = await get(route, url, tokens['productadmin-tpf@example.com']);
      expect(response.statusCode, `GET ${url} → ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      probed++;
      if (route.params.every((p) => own[tableOf(route.path, p.name)!] !== undefined)) {
        const mine = await get(route, fillPath(route.path, (name) => String(own[tableOf(route.path, name)!])), tokens['productadmin-tpf@example.com']);
        if (mine.statusCode < 300) ownReadable++;
      }
    }
    expect(probed).toBeGreaterThan(10);
    // the admin views of the own product do answer (the refusals above are not a blanket 403)
    expect(ownReadable).toBeGreaterThan(0);
  }, 120_000);

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

  it('no admin list of the TPF product admin carries a creditor of another product', async () => {
    const others = await t.db.selectFrom('creditor').select(['name', 'identifier']).where('product', '<>', 'TPF').execute();
    const tpfNames = new Set((await t.db.selectFrom('creditor').select('name').where('product', '=', 'TPF').execute()).map((r) => r.name));
    const markers = others.flatMap((c) => [c.identifier, c.name]).filter((m) => m && m.length >= 6 && ![...tpfNames].some((n) => n.includes(m)));
    for (const route of routes.filter((r) => r.method === 'GET' && !r.params.length)) {
      const response = await get(route, route.path, tokens['productadmin-tpf@example.com']);
      if (response.statusCode >= 300) continue;
      for (const marker of markers) expect(response.body.includes(marker), `${route.path} shows "${marker}"`).toBe(false);
    }
  }, 120_000);
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

  it('every command refuses each identity whose role schema/commands does not grant, with nothing changed', async () => {
    const roleOf: Record<string, string[]> = {};
    for (const user of IDENTITIES) {
      const me = await t.app.inject({ url: '/api/user-management/user/current', headers: bearer(tokens[user]) });
      roleOf[user] = me.json().roles;
    }
    const before = await fingerprint(t);
    let refused = 0;
    for (const route of commandRoutes) {
      const grantedRoles = new Set(route.commands.flatMap((name) => commands[name].roles));
      if (route.commands.every((name) => commands[name].public)) continue;
      for (const user of IDENTITIES) {
        if (roleOf[user].some((role) => grantedRoles.has(role))) continue;
        const url = `/api${route.url.replace(/:(\w+)/g, '1')}`;
        const response = await t.app.inject({ method: route.method as 'POST', url, headers: bearer(tokens[user]), ...(route.method === 'GET' ? {} : { payload: {} }) });
        expect(response.statusCode, `${user} ${route.method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(20);
    expect(await fingerprint(t)).toEqual(before);
  }, 120_000);
});
