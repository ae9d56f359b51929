import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditorsRoutes } from '../../generated/routes/creditors';
import { isSortableCreditorColumn } from '../../src/server/db/repositories/admin-creditor-list.repository';
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
const list = async (query = '', user?: string) => {
  const response = await get(`/creditor/list${query ? `?${query}` : ''}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const countCreditors = async (where: (q: any) => any = (q) => q) =>
  Number(
    (await where(t.db.selectFrom('creditor')).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
  );
const mainCreditor = () =>
  t.db.selectFrom('creditor').selectAll().where('identifier', '=', 'K-100001').executeTakeFirstOrThrow();

describe('GET /api/creditor/list', () => {
  it('answers the first page with the admin list item fields, count and empty', async () => {
    const body = await list();
    expect(body.count).toBe(await countCreditors());
    expect(body.count).toBeGreaterThanOrEqual(14);
    expect(body.creditors).toHaveLength(Math.min(15, body.count));
    expect(body.empty).toBe(false);
    const main = await mainCreditor();
    const item = (await list(`filters[name][]=${encodeURIComponent(main.name)}`)).creditors[0];
    expect(item).toMatchObject({
      identifier: main.id,
      name: main.name,
      status: 'active',
      sapNumber: '1000001',
      city: 'Köln',
      product: 'SMAFA',
      isSendToSap: true,
      setupFee: main.setupFee,
      isSetupFeeExists: true,
      invoicesEnabled: main.invoicesEnabled,
      documentsEnabled: main.documentsEnabled,
      creationDate: Math.floor(main.createdAt.getTime() / 1000),
      user: { username: 'creditor@example.com', roles: ['ROLE_CREDITOR'], loginAllowed: true },
    });
    expect(item.permission).toEqual({
      directPaymentReporting: true,
      solvencyDetermination: expect.any(Boolean),
      alwaysCheckManually: expect.any(Boolean),
      ePostInvoices: main.invoicesEnabled,
      letterDocuments: main.documentsEnabled,
    });
    for (const key of ['updateDate', 'apiErrorCount', 'email', 'hasOpenCreditorDebitUpdate']) expect(item).toHaveProperty(key);
  });

  it('pages through every creditor without overlap', async () => {
    const total = await countCreditors();
    const ids = new Set<number>();
    for (let page = 1; page <= Math.ceil(total / 15); page++) {
      for (const c of (await list(`page=${page}&rowsPerPage=15`)).creditors) ids.add(c.identifier);
    }
    expect(ids.size).toBe(total);
    expect((await list('page=99')).creditors).toEqual([]);
  });

  it('sorts by every sortable column, both directions', async () => {
    const sortable = creditorsRoutes.list.schema.querystring.properties.sortBy.enum;
    for (const column of sortable) expect(isSortableCreditorColumn(column), column).toBe(true);
    const names = (await list('rowsPerPage=100&sortBy=name')).creditors.map((c: any) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    const created = (await list('rowsPerPage=100&sortBy=creationDate&sortDesc=true')).creditors.map(
      (c: any) => c.creationDate,
    );
    expect(created).toEqual([...created].sort((a, b) => b - a));
    for (const column of sortable) {
      const total = await countCreditors();
      for (const desc of [false, true]) {
        const body = await list(`sortBy=${column}&sortDesc=${desc}&rowsPerPage=25`);
        expect(body.creditors.length, column).toBe(total);
      }
    }
  });

  it('filters by name, user name, SAP number, city, status and product', async () => {
    const main = await mainCreditor();
    const byName = await list(`filters[name][]=${encodeURIComponent(main.name)}&filters[name][]=Unbekannt`);
    expect(byName.creditors.map((c: any) => c.identifier)).toEqual([main.id]);
    const byUser = await list('filters[companyUser][]=OBSERVER@example.com');
    expect(byUser.creditors.map((c: any) => c.identifier)).toEqual([main.id]);
    expect((await list('filters[sapNumber][]=1000001')).creditors.map((c: any) => c.identifier)).toEqual([main.id]);
    const cologne = await list('filters[city][]=K%C3%B6ln&rowsPerPage=100');
    expect(cologne.count).toBe(await countCreditors((q) => q.where('city', '=', 'Köln')));
    const blocked = await list('filters[status][]=blocked&filters[status][]=terminated&rowsPerPage=100');
    expect(blocked.count).toBe(await countCreditors((q) => q.where('status', 'in', ['blocked', 'terminated'])));
    expect(blocked.count).toBeGreaterThanOrEqual(2);
    const tpf = await list('filters[product][]=TPF&rowsPerPage=100');
    expect(tpf.count).toBe(await countCreditors((q) => q.where('product', '=', 'TPF')));
    expect(tpf.creditors.every((c: any) => c.product === 'TPF')).toBe(true);
    const none = await list('filters[name][]=Niemand%20GmbH');
    expect(none).toMatchObject({ creditors: [], count: 0, empty: false });
  });

  it('rejects unknown sort columns, filters and page sizes with 400', async () => {
    for (const query of ['sortBy=webAppKey', 'filters[iban][]=x', 'rowsPerPage=7', 'filters[status][]=sleeping', 'page=0']) {
      expect((await get(`/creditor/list?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('filter options of the creditor list', () => {
  it('lists names, SAP numbers and cities, distinct and sorted', async () => {
    const names = (await get('/creditor/name-list')).json();
    expect(names).toContain('Müller Haustechnik GmbH');
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(await countCreditors());
    const sap = (await get('/creditor/sap-number-list')).json();
    expect(sap).toEqual([...sap].sort());
    expect(sap).toContain('1000001');
    const cities = (await get('/creditor/city-list')).json();
    expect(cities).toContain('Köln');
    expect(new Set(cities).size).toBe(cities.length);
  });

  it('offers the external voucher\'s creditors by name, SAP number and city, the SAP number as the value (issue 28 item 10)', async () => {
    const picker = (await get('/creditor/sap-number-picker')).json() as { value: string; label: string }[];
    const creditors = await t.db.selectFrom('creditor').select(['name', 'sapNumber', 'city']).where('sapNumber', '<>', '').execute();
    expect(picker.map((o) => o.value).sort()).toEqual(creditors.map((c) => c.sapNumber).sort());
    for (const creditor of creditors) {
      const option = picker.find((o) => o.value === creditor.sapNumber)!;
      expect(option.label).toContain(creditor.name);
      expect(option.label).toContain(`SAP ${creditor.sapNumber}`);
    }
    // a product admin chooses among their product's creditors only
    const tpf = (await get('/creditor/sap-number-picker', 'productadmin-tpf@example.com')).json() as { value: string }[];
    const tpfCreditors = await t.db.selectFrom('creditor').select('sapNumber').where('product', '=', 'TPF').where('sapNumber', '<>', '').execute();
    expect(tpf.map((o) => o.value).sort()).toEqual(tpfCreditors.map((c) => c.sapNumber).sort());
    expect((await get('/creditor/sap-number-picker', 'creditor@example.com')).statusCode).toBe(403);
  });

  it('lists user names, narrowed by companyUser', async () => {
    const all = (await get('/creditor/username-list')).json();
    expect(all).toContain('creditor@example.com');
    expect(all).not.toContain('superadmin@example.com');
    const some = (await get('/creditor/username-list?companyUser=OBSERV')).json();
    expect(some.length).toBeGreaterThan(0);
    expect(some.every((name: string) => name.includes('observer'))).toBe(true);
  });
});

describe('GET /api/creditor/{id}/details', () => {
  it('answers the creditor detail with conditions, users, permissions and period', async () => {
    const main = await mainCreditor();
    const response = await get(`/creditor/${main.id}/details`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({
      identifier: main.id,
      name: main.name,
      product: 'SMAFA',
      status: 'active',
      sapNumber: '1000001',
      webAppKey: main.webAppKey,
      contact: { city: 'Köln', zip: '50667', street: 'Hohe Straße 12' },
      contract: { contractNumber: main.contractNumber },
      directDebitMandate: { iban: main.sepaIban },
      isSendToSap: true,
    });
    expect(detail.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(detail.users.map((u: any) => u.username)).toEqual([
      'creditor@example.com',
      'observer@example.com',
      'assistant@example.com',
      'management@example.com',
    ]);
    const conditions = detail.serviceFeeConditions;
    expect(conditions.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < conditions.length - 1; i++) {
      const next = new Date(`${conditions[i + 1].validFromDate}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() - 1);
      expect(conditions[i].validToDate).toBe(next.toISOString().slice(0, 10));
    }
    expect(conditions.at(-1).validToDate).toBeNull();
    expect(conditions.filter((c: any) => c.current)).toHaveLength(1);
    expect(detail.serviceFeeCondition).toEqual(conditions.find((c: any) => c.current));
    expect(detail.serviceFeePeriod).toMatchObject({ start: expect.any(String), end: expect.any(String) });
    expect(detail.permission.directPaymentReporting).toBe(true);
  });

  it('answers 404 for an unknown creditor and 400 for a bad id', async () => {
    expect((await get('/creditor/999999/details')).statusCode).toBe(404);
    expect((await get('/creditor/abc/details')).statusCode).toBe(400);
  });

  it('lists the service-fee conditions on their own call', async () => {
    const main = await mainCreditor();
    const body = (await get(`/creditor-service-fee/creditor-fee-condition/${main.id}/list`)).json();
    const detail = (await get(`/creditor/${main.id}/details`)).json();
    expect(body).toEqual({ creditorFeeConditions: detail.serviceFeeConditions, count: detail.serviceFeeConditions.length });
    expect((await get('/creditor-service-fee/creditor-fee-condition/999999/list')).statusCode).toBe(404);
  });
});

describe('GET /api/creditor-service-fee/sap-matrix/ist', () => {
  it('lists the matrix entries; /list is the same call', async () => {
    const ist = (await get('/creditor-service-fee/sap-matrix/ist')).json();
    const alias = (await get('/creditor-service-fee/sap-matrix/list')).json();
    expect(alias).toEqual(ist);
    expect(ist.length).toBe(24);
    expect(ist[0]).toMatchObject({ identifier: expect.any(Number), name: expect.any(String), isDefault: true });
    expect(ist.filter((e: any) => e.isDefault)).toHaveLength(8);
    const fw = (await get('/creditor-service-fee/sap-matrix/ist?productType=FW')).json();
    expect(fw.map((e: any) => e.productType)).toEqual(['FW', 'FW', 'FW']);
    expect((await get('/creditor-service-fee/sap-matrix/ist?productType=XX')).statusCode).toBe(400);
  });
});

describe('access', () => {
  it('lets admins with a management permission in, creditor users not', async () => {
    expect((await get('/creditor/list', 'admin@example.com')).statusCode).toBe(200);
    // support holds user permissions only — still "any user or creditor management permission"
    expect((await get('/creditor/list', 'support@example.com')).statusCode).toBe(200);
    expect((await get('/creditor/list', 'creditor@example.com')).statusCode).toBe(403);
    expect((await get('/creditor/name-list', 'creditor@example.com')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/creditor/list' })).statusCode).toBe(401);
  });

  it('refuses an admin whose permissions are only screen permissions', async () => {
    const support = await t.db.selectFrom('appUser').select(['id', 'permissions']).where('username', '=', 'support@example.com').executeTakeFirstOrThrow();
    await t.db.updateTable('appUser').set({ permissions: JSON.stringify({ admin: ['view_action_log'] }) }).where('id', '=', support.id).execute();
    try {
      expect((await get('/creditor/list', 'support@example.com')).statusCode).toBe(403);
      expect((await get(`/creditor/1/details`, 'support@example.com')).statusCode).toBe(403);
    } finally {
      await t.db.updateTable('appUser').set({ permissions: JSON.stringify(support.permissions) }).where('id', '=', support.id).execute();
    }
  });

  it('limits a product admin to the creditors of their product', async () => {
    const body = await list('rowsPerPage=100', 'productadmin-tpf@example.com');
    expect(body.count).toBe(await countCreditors((q) => q.where('product', '=', 'TPF')));
    expect(body.creditors.every((c: any) => c.product === 'TPF')).toBe(true);
    const main = await mainCreditor();
    expect((await get(`/creditor/${main.id}/details`, 'productadmin-tpf@example.com')).statusCode).toBe(404);
    const tpf = body.creditors[0];
    expect((await get(`/creditor/${tpf.identifier}/details`, 'productadmin-tpf@example.com')).statusCode).toBe(200);
    const names = (await get('/creditor/name-list', 'productadmin-tpf@example.com')).json();
    expect(names).toEqual(body.creditors.map((c: any) => c.name).sort((a: string, b: string) => a.localeCompare(b, 'de')));
    const matrix = (await get('/creditor-service-fee/sap-matrix/ist', 'productadmin-tpf@example.com')).json();
    expect(new Set(matrix.map((e: any) => e.productType))).toEqual(new Set(['TPF']));
    // filtering for another product cannot widen the scope
    expect((await list('filters[product][]=SMAFA', 'productadmin-tpf@example.com')).creditors).toEqual([]);
  });
});
