import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsRoutes } from '../../generated/routes/requests';
import { isSortableSepaRequestColumn } from '../../src/server/db/repositories/admin-sepa-request.repository';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { todayIso } from '../../src/shared/validation';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

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
    ids[user] = (await t.db.selectFrom('appUser').select('id').where('username', '=', user).executeTakeFirstOrThrow()).id;
  }
});
afterAll(() => t.close());

const get = (url: string, user = 'superadmin@example.com') =>
  t.app.inject({ url: `/api${url}`, headers: bearer(tokens[user]) });
const requests = async (query = '', user?: string) => {
  const response = await get(`/creditor-debit-update/list${query ? `?${query}` : ''}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const allRows = () =>
  t.db
    .selectFrom('sepaUpdateRequest as s')
    .innerJoin('creditor as c', 'c.id', 's.creditorId')
    .select(['s.id', 's.status', 's.creatorUserId', 'c.product', 'c.name'])
    .execute();

describe('GET /api/creditor-debit-update/list', () => {
  it('lists every request newest first, with creditor, debit data and decision', async () => {
    const rows = await allRows();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const body = await requests('rowsPerPage=100');
    expect(body.count).toBe(rows.length);
    expect(body.empty).toBe(false);
    const dates = body.creditorDebitUpdates.map((r: any) => r.creationDate);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const decided = body.creditorDebitUpdates.find((r: any) => r.status !== 'in_review');
    expect(decided).toMatchObject({
      identifier: expect.any(Number),
      creditor: { identifier: expect.any(Number), name: expect.any(String), sapNumber: expect.any(String), product: expect.any(String) },
      debitData: { accountOwner: expect.any(String), iban: expect.stringMatching(/^DE\d{20}$/), startSepaDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      creator: expect.stringContaining('@'),
      decisionDate: expect.any(Number),
      decisionUser: expect.stringContaining('@'),
    });
    expect(decided.decisionUser).not.toBe(decided.creator);
  });

  it('marks the requests the viewing admin created', async () => {
    const rows = await allRows();
    for (const user of ['superadmin@example.com', 'admin@example.com']) {
      const body = await requests('rowsPerPage=100', user);
      const own = body.creditorDebitUpdates.filter((r: any) => r.isOwnRequest).map((r: any) => r.identifier).sort();
      expect(own, user).toEqual(rows.filter((r) => r.creatorUserId === ids[user]).map((r) => r.id).sort());
    }
  });

  it('sorts by every sortable column and filters by status, product and search', async () => {
    for (const column of requestsRoutes.list.schema.querystring.properties.sortBy.enum) {
      expect(isSortableSepaRequestColumn(column), column).toBe(true);
      expect((await requests(`sortBy=${column}&sortDesc=true`)).count, column).toBeGreaterThan(0);
    }
    const names = (await requests('sortBy=creditor.name&rowsPerPage=100')).creditorDebitUpdates.map((r: any) => r.creditor.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    const rows = await allRows();
    const open = await requests('filters[status][]=in_review');
    expect(open.count).toBe(rows.filter((r) => r.status === 'in_review').length);
    expect(open.creditorDebitUpdates.every((r: any) => r.decisionDate === null && r.decisionUser === null)).toBe(true);
    const product = rows[0].product;
    expect((await requests(`filters[product][]=${product}`)).count).toBe(rows.filter((r) => r.product === product).length);
    const byName = await requests(`filters[search][]=${encodeURIComponent(rows[0].name.slice(0, 6))}`);
    expect(byName.creditorDebitUpdates.map((r: any) => r.identifier)).toContain(rows[0].id);
    expect(await requests('filters[search][]=niemand')).toMatchObject({ creditorDebitUpdates: [], count: 0, empty: false });
    expect((await get('/creditor-debit-update/list?filters[status][]=open')).statusCode).toBe(400);
  });

  it('needs approve_sepa_update; a product admin sees their product only', async () => {
    expect((await get('/creditor-debit-update/list', 'support@example.com')).statusCode).toBe(403);
    expect((await get('/creditor-debit-update/export', 'support@example.com')).statusCode).toBe(403);
    expect((await get('/creditor-debit-update/list', 'creditor@example.com')).statusCode).toBe(403);
    expect((await get('/creditor-debit-update/list', 'admin@example.com')).statusCode).toBe(200);
    const tpf = await requests('', 'productadmin-tpf@example.com');
    expect(tpf.count).toBe((await allRows()).filter((r) => r.product === 'TPF').length);
  });
});

describe('GET /api/creditor-debit-update/export', () => {
  it('answers a German CSV with BOM, the list columns and the same filters', async () => {
    const response = await get('/creditor-debit-update/export');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="sepa-anfragen-${todayIso()}.csv"`);
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'KMU;Produkt;Kontoinhaber;IBAN;Gültig ab;Angefragt von;Angelegt am;Status;Entschieden am;Entschieden von;Eigene Anfrage',
    );
    expect(lines).toHaveLength((await allRows()).length + 1);
    const decided = lines.slice(1).find((line) => line.includes(';Angenommen;'));
    expect(decided).toMatch(/;\d{2}\.\d{2}\.\d{4} \d{2}:\d{2};Angenommen;\d{2}\.\d{2}\.\d{4} \d{2}:\d{2};/);
    expect(decided).toMatch(/;\d{2}\.\d{2}\.\d{4};/); // start date of the new debit data
    const open = await get('/creditor-debit-update/export?filters[status][]=in_review');
    const openLines = open.rawPayload.toString('utf8').trimEnd().split('\r\n');
    expect(openLines.length - 1).toBe((await allRows()).filter((r) => r.status === 'in_review').length);
    expect((await get('/creditor-debit-update/export?page=2')).statusCode).toBe(400);
  });
});
