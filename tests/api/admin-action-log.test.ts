import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../generated/i18n/de.json';
import { actionLogRoutes } from '../../generated/routes/action-log';
import { isSortableActionLogColumn } from '../../src/server/db/repositories/admin-action-log.repository';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['superadmin@example.com', 'support@example.com', 'productadmin-tpf@example.com', 'creditor@example.com']) {
    tokens[user] = await loginAs(t.app, user);
  }
});
afterAll(() => t.close());

const get = (url: string, user = 'superadmin@example.com') =>
  t.app.inject({ url: `/api${url}`, headers: bearer(tokens[user]) });
const log = async (query = '', user?: string) => {
  const response = await get(`/action-log/list${query ? `?${query}` : ''}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const count = async (where: (q: any) => any = (q) => q) =>
  Number(
    (await where(t.db.selectFrom('actionLogEntry')).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
  );

describe('GET /api/action-log/list', () => {
  it('lists the entries newest first with the entry fields', async () => {
    const body = await log();
    expect(body.count).toBe(await count());
    expect(body.actionLogs).toHaveLength(15);
    const dates = body.actionLogs.map((e: any) => e.creationDate);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(body.actionLogs[0]).toMatchObject({
      identifier: expect.any(Number),
      actionType: expect.any(String),
      productType: expect.any(String),
      extra: { userEmail: expect.any(String) },
      additionalFilterInformation: { creditorSapNumber: expect.any(String) },
      transactionKey: expect.any(String),
    });
    expect(() => JSON.parse(body.actionLogs[0].payload)).not.toThrow();
  });

  it('sorts by every sortable column', async () => {
    for (const column of actionLogRoutes.list.schema.querystring.properties.sortBy.enum) {
      expect(isSortableActionLogColumn(column), column).toBe(true);
      expect((await log(`sortBy=${column}`)).actionLogs, column).toHaveLength(15);
    }
    const types = (await log('sortBy=actionType&rowsPerPage=100')).actionLogs.map((e: any) => e.actionType);
    expect(types).toEqual([...types].sort());
  });

  it('filters by action type, product, creditor, e-mail and date range', async () => {
    const logins = await log('filters[actionType][]=login&filters[actionType][]=csv_export');
    expect(logins.count).toBe(await count((q) => q.where('actionType', 'in', ['login', 'csv_export'])));
    expect((await log('filters[productType][]=TPF')).count).toBe(await count((q) => q.where('productType', '=', 'TPF')));
    const creditor = await log('filters[creditor][]=1000001&rowsPerPage=100');
    expect(creditor.count).toBe(await count((q) => q.where('creditorSapNumber', '=', '1000001')));
    const admin = await log('filters[email][]=superadmin@');
    expect(admin.count).toBeGreaterThan(0);
    expect(admin.actionLogs.every((e: any) => `${e.extra.adminEmail}${e.extra.userEmail}`.includes('superadmin@'))).toBe(true);
    const newest = new Date((await log()).actionLogs[0].creationDate * 1000);
    const day = newest.toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
    const oneDay = await log(`filters[creationDate][]=${day}&filters[creationDate][]=${day}&rowsPerPage=100`);
    expect(oneDay.count).toBeGreaterThan(0);
    for (const e of oneDay.actionLogs) {
      expect(new Date(e.creationDate * 1000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' })).toBe(day);
    }
    const from = await log(`filters[creationDate][]=${day}&filters[creationDate][]=`);
    expect(from.count).toBeGreaterThanOrEqual(oneDay.count);
    // an unreadable date is ignored rather than rejected
    expect((await log('filters[creationDate][]=morgen')).count).toBe(await count());
    expect(await log('filters[voucher][]=niemand')).toMatchObject({ actionLogs: [], count: 0, empty: false });
  });

  it('rejects unknown parameters with 400', async () => {
    for (const query of ['sortBy=payload', 'filters[payload][]=x', 'filters[productType][]=XYZ']) {
      expect((await get(`/action-log/list?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('the other action-log calls', () => {
  it('GET /api/action-type/list lists the action types in the log', async () => {
    const types = (await get('/action-type/list')).json();
    const rows = await t.db.selectFrom('actionLogEntry').select('actionType').distinct().execute();
    expect(types).toEqual(rows.map((r) => r.actionType).sort());
    expect(types).toContain('login');
  });

  it('GET /api/action-log/{id} answers one entry', async () => {
    const first = (await log()).actionLogs[0];
    const response = await get(`/action-log/${first.identifier}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(first);
    expect((await get('/action-log/999999999')).statusCode).toBe(404);
  });

  it('GET /api/action-log/export answers a German CSV with the filters applied', async () => {
    const response = await get('/action-log/export?filters[actionType][]=login');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0].split(';')[0]).toBe('Angelegt am');
    expect(lines).toHaveLength((await count((q) => q.where('actionType', '=', 'login'))) + 1);
    // the action type by its label, as the screen shows it (issue 28 item 10: it was `login`)
    expect(lines[1]).toMatch(new RegExp(`^\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2};${de.actionTypes.login};`));
  });

  it('GET /api/action-log/export names every action type by its German label, none in snake_case', async () => {
    const text = (await get('/action-log/export')).rawPayload.toString('utf8');
    const rows = text.slice(1).trimEnd().split('\r\n').slice(1).map((line) => line.split(';'));
    expect(rows.length).toBeGreaterThan(10);
    const labels = new Set(Object.values(de.actionTypes));
    const shown = new Set(rows.map((row) => row[1]));
    expect([...shown].filter((type) => !labels.has(type))).toEqual([]);
    expect([...shown].filter((type) => /^[a-z]+(_[a-z]+)+$/.test(type))).toEqual([]);
  });

  it('needs view_action_log; a product admin sees their product only', async () => {
    expect((await get('/action-log/list', 'support@example.com')).statusCode).toBe(200);
    expect((await get('/action-log/list', 'creditor@example.com')).statusCode).toBe(403);
    expect((await get('/action-type/list', 'creditor@example.com')).statusCode).toBe(403);
    const tpf = await log('rowsPerPage=100', 'productadmin-tpf@example.com');
    expect(tpf.count).toBe(await count((q) => q.where('productType', '=', 'TPF')));
    const smafa = (await log('filters[productType][]=SMAFA')).actionLogs[0];
    expect((await get(`/action-log/${smafa.identifier}`, 'productadmin-tpf@example.com')).statusCode).toBe(404);
  });
});
