import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignDebtorsRoutes } from '../../generated/routes/assign-debtors';
import { isSortableAssignmentColumn } from '../../src/server/db/repositories/admin-assignment.repository';
import { expandStatusFilter } from '../../src/server/services/status-groups';
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
const cases = async (query = '', user?: string) => {
  const response = await get(`/debtor-assignment-list${query ? `?${query}` : ''}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const allRows = () =>
  t.db
    .selectFrom('debtorAssignment as a')
    .innerJoin('creditor as c', 'c.id', 'a.creditorId')
    .select(['a.id', 'a.status', 'a.creditorId', 'a.assignedDebtorId', 'c.product'])
    .execute();

describe('GET /api/debtor-assignment-list', () => {
  it('lists the cases newest first with creditor, voucher and addresses', async () => {
    const rows = await allRows();
    const body = await cases('rowsPerPage=100');
    expect(body.count).toBe(rows.length);
    expect(body.count).toBeGreaterThan(15);
    expect(body.empty).toBe(false);
    const dates = body.debtorAssignments.map((a: any) => a.creationDate);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const item = body.debtorAssignments[0];
    expect(item).toMatchObject({
      identifier: expect.any(Number),
      status: expect.any(String),
      creditor: { identifier: expect.any(Number), name: expect.any(String), product: expect.any(String) },
    });
    // vouchers whose debtor could not be identified may lack a custom number, never both references
    expect(item.voucher.customNumber ?? item.voucher.bnetIdentifier).toEqual(expect.any(String));
    expect(item.addresses.length).toBeGreaterThanOrEqual(1);
    expect(item.addresses[0]).toMatchObject({ zip: expect.stringMatching(/^\d{5}$/), city: expect.any(String) });
  });

  it('pages, sorts by every sortable column and filters', async () => {
    const total = (await allRows()).length;
    const seen = new Set<number>();
    for (let page = 1; page <= Math.ceil(total / 15); page++) {
      for (const a of (await cases(`page=${page}`)).debtorAssignments) seen.add(a.identifier);
    }
    expect(seen.size).toBe(total);
    for (const column of assignDebtorsRoutes.list.schema.querystring.properties.sortBy.enum) {
      expect(isSortableAssignmentColumn(column), column).toBe(true);
      expect((await cases(`sortBy=${column}&sortDesc=true`)).count, column).toBe(total);
    }
    const rows = await allRows();
    // `open` is also the name of the group of every status that still needs an admin
    const open = await cases('filters[status][]=open&rowsPerPage=100');
    const openStatuses = expandStatusFilter('debtorAssignmentStatus', ['open']);
    expect(openStatuses).toEqual(['in_review', 'open', 'progress']);
    expect(open.count).toBe(rows.filter((r) => openStatuses.includes(r.status)).length);
    const done = await cases('filters[status][]=done');
    expect(done.count).toBe(rows.filter((r) => r.status === 'done').length);
    expect((await cases('filters[product][]=FW')).count).toBe(rows.filter((r) => r.product === 'FW').length);
    expect(await cases('filters[search][]=niemand')).toMatchObject({ debtorAssignments: [], count: 0, empty: false });
    expect((await get('/debtor-assignment-list?filters[status][]=closed')).statusCode).toBe(400);
  });
});

describe('GET /api/debtor-assignment-details/{id}', () => {
  it('answers the case with voucher, creditor contact, addresses and candidate debtors', async () => {
    const row = (await allRows()).find((r) => r.assignedDebtorId !== null)!;
    const response = await get(`/debtor-assignment-details/${row.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const details = response.json();
    expect(details).toMatchObject({
      identifier: row.id,
      status: row.status,
      manualDecisionReason: expect.any(String),
      debtorRequest: { requestDate: expect.any(Number) },
      creditorContact: { contactPersonLastName: expect.any(String), email: expect.any(String) },
      contractStart: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      normalizedAddress: { zip: expect.any(String) },
      voucher: { type: expect.any(String), amount: expect.any(Number), uploaded: expect.any(Number) },
    });
    // the assigned debtor is the first candidate; every candidate is the creditor's
    expect(details.debtors[0].identifier).toBe(row.assignedDebtorId);
    const own = await t.db.selectFrom('debtor').select('id').where('creditorId', '=', row.creditorId).execute();
    const ownIds = new Set(own.map((d) => d.id));
    expect(details.debtors.every((d: any) => ownIds.has(d.identifier))).toBe(true);
    expect(details.debtors[0].locations.length).toBeGreaterThan(0);
    expect(details.debtors[0]).toMatchObject({ invoiceCount: expect.any(Number), openInvoiceCount: expect.any(Number) });
  });

  it('answers 404 for unknown cases and other products, 403 without assign_debtor', async () => {
    expect((await get('/debtor-assignment-details/999999')).statusCode).toBe(404);
    const smafa = (await allRows()).find((r) => r.product === 'SMAFA')!;
    expect((await get(`/debtor-assignment-details/${smafa.id}`, 'productadmin-tpf@example.com')).statusCode).toBe(404);
    expect((await get(`/debtor-assignment-details/${smafa.id}`, 'support@example.com')).statusCode).toBe(403);
    expect((await get('/debtor-assignment-list', 'support@example.com')).statusCode).toBe(403);
    expect((await get('/debtor-assignment-list', 'creditor@example.com')).statusCode).toBe(403);
    const tpf = await cases('rowsPerPage=100', 'productadmin-tpf@example.com');
    expect(tpf.debtorAssignments.every((a: any) => a.creditor.product === 'TPF')).toBe(true);
    expect(tpf.count).toBe((await allRows()).filter((r) => r.product === 'TPF').length);
  });
});
