import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

let t: TestApp;
let creditorToken: string;
let creditor2Token: string;
let creditorId: number;

beforeAll(async () => {
  t = await buildTestApp();
  creditorToken = await loginAs(t.app, 'creditor@example.com');
  creditor2Token = await loginAs(t.app, 'creditor2@example.com');
  creditorId = await creditorOf('creditor@example.com');
});
afterAll(() => t.close());

const get = (path: string, token = creditorToken) =>
  t.app.inject({ url: `/api${path}`, headers: bearer(token) });
type Row = Record<string, any>;

async function creditorOf(username: string) {
  const user = await t.db
    .selectFrom('appUser')
    .select('creditorId')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return user.creditorId!;
}

/** The first debtor of the demo creditor matching `where` (a Kysely where on `d`). */
async function debtorWhere(where: (q: any) => any, owner = creditorId): Promise<number> {
  const row = await where(t.db.selectFrom('debtor as d').select('d.id').where('d.creditorId', '=', owner))
    .orderBy('d.id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const activePermanentDebt = (eb: any) =>
  eb.exists(
    eb
      .selectFrom('permanentDebt as p')
      .select('p.id')
      .whereRef('p.debtorId', '=', 'd.id')
      .where('p.status', '=', 'active'),
  );

const DEBTOR_KEYS = [
  'activate_debtor',
  'add_address',
  'debtor_limit_increase',
  'debtor_limit_refresh',
  'debtor_solvency_request',
  'determine_solvency',
  'invoice_direct_payment',
  'remove_sepa_mandate',
  'update_debtor_data',
  'update_payment_data',
  'verity_risk_manual_check_mandatory',
];
const LOCATION_KEYS = [
  'activate_location',
  'add_permanent_debt',
  'add_post_address',
  'add_voucher',
  'delete_post_address',
  'update_location_data',
];

describe('GET /api/debtor/{id}/history/list', () => {
  it("lists the debtor's history newest first", async () => {
    const id = await debtorWhere((q) =>
      q.where((eb: any) =>
        eb.exists(eb.selectFrom('debtorHistory as h').select('h.id').whereRef('h.debtorId', '=', 'd.id')),
      ),
    );
    const response = await get(`/debtor/${id}/history/list`);
    expect(response.statusCode).toBe(200);
    const entries = response.json();
    const stored = await t.db.selectFrom('debtorHistory').select('id').where('debtorId', '=', id).execute();
    expect(entries).toHaveLength(stored.length);
    expect(entries[0]).toMatchObject({
      id: expect.any(Number),
      created: expect.any(Number),
      title: expect.any(String),
    });
    const created = entries.map((e: Row) => e.created);
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it("answers 404 for another creditor's debtor and 400 for a non-numeric id", async () => {
    const id = await debtorWhere((q) => q);
    expect((await get(`/debtor/${id}/history/list`, creditor2Token)).statusCode).toBe(404);
    expect((await get('/debtor/abc/history/list')).statusCode).toBe(400);
  });
});

describe('GET /api/debtor/{id}/permissions', () => {
  it('answers the server names; deactivation and SEPA removal are blocked by active permanent debts', async () => {
    const id = await debtorWhere((q) => q.where('d.status', '=', 'active').where(activePermanentDebt));
    const body = (await get(`/debtor/${id}/permissions`)).json();
    expect(Object.keys(body).sort()).toEqual(DEBTOR_KEYS);
    expect(body).toMatchObject({
      update_debtor_data: true,
      add_address: true,
      activate_debtor: false,
      remove_sepa_mandate: false,
    });
  });

  it('allows deactivation of an active debtor without permanent debts or SEPA mandate', async () => {
    const id = await debtorWhere((q) =>
      q
        .where('d.status', '=', 'active')
        .where('d.sepaIban', 'is', null)
        .where((eb: any) => eb.not(activePermanentDebt(eb))),
    );
    expect((await get(`/debtor/${id}/permissions`)).json().activate_debtor).toBe(true);
    const withMandate = await debtorWhere((q) =>
      q
        .where('d.status', '=', 'active')
        .where('d.sepaIban', 'is not', null)
        .where((eb: any) => eb.not(activePermanentDebt(eb))),
    );
    expect((await get(`/debtor/${withMandate}/permissions`)).json()).toMatchObject({
      activate_debtor: false,
      remove_sepa_mandate: true,
    });
  });

  it('offers nothing on an inactive debtor and no action to an observer', async () => {
    const inactive = await debtorWhere((q) => q.where('d.status', '=', 'inactive'));
    const body = (await get(`/debtor/${inactive}/permissions`)).json();
    for (const key of ['add_address', 'update_debtor_data', 'debtor_limit_increase', 'activate_debtor'])
      expect(body[key], key).toBe(false);
    const active = await debtorWhere((q) => q.where('d.status', '=', 'active'));
    const observer = (
      await get(`/debtor/${active}/permissions`, await loginAs(t.app, 'observer@example.com'))
    ).json();
    expect(Object.keys(observer).sort()).toEqual(DEBTOR_KEYS);
    for (const key of [
      'add_address',
      'update_debtor_data',
      'update_payment_data',
      'debtor_limit_increase',
      'activate_debtor',
    ])
      expect(observer[key], key).toBe(false);
  });

  it('switches limit increase off for billing products and solvency on with the creditor flag', async () => {
    const apl = await creditorOf('creditor-apl@example.com');
    const aplDebtor = await debtorWhere(
      (q) => q.where('d.status', '=', 'active').where('d.limitRequestActive', '=', false),
      apl,
    );
    const aplBody = (
      await get(`/debtor/${aplDebtor}/permissions`, await loginAs(t.app, 'creditor-apl@example.com'))
    ).json();
    expect(aplBody.debtor_limit_increase).toBe(false);

    const id = await debtorWhere((q) =>
      q.where('d.status', '=', 'active').where('d.limitRequestActive', '=', false),
    );
    // the demo grants the flag to this creditor: take it away to see it switch
    await t.db
      .updateTable('appUser')
      .set({ permissions: JSON.stringify({}) })
      .where('username', '=', 'creditor@example.com')
      .execute();
    const before = (await get(`/debtor/${id}/permissions`)).json();
    expect(before).toMatchObject({
      debtor_limit_increase: true,
      debtor_solvency_request: false,
      determine_solvency: false,
    });
    await t.db
      .updateTable('appUser')
      .set({ permissions: JSON.stringify({ creditorPermissions: { solvencyDetermination: true } }) })
      .where('username', '=', 'creditor@example.com')
      .execute();
    // the flag sits on the main user and holds for company users too
    const management = (
      await get(`/debtor/${id}/permissions`, await loginAs(t.app, 'management@example.com'))
    ).json();
    expect(management).toMatchObject({ debtor_solvency_request: true, determine_solvency: true });
  });

  it('lets a blocked creditor neither edit debtors nor add locations', async () => {
    const blocked = await creditorOf('blocked@example.com');
    const id = await debtorWhere((q) => q.where('d.status', '=', 'active'), blocked);
    const body = (await get(`/debtor/${id}/permissions`, await loginAs(t.app, 'blocked@example.com'))).json();
    expect(body).toMatchObject({
      update_debtor_data: false,
      add_address: false,
      debtor_limit_increase: false,
    });
  });

  it("answers 404 for another creditor's debtor", async () => {
    const id = await debtorWhere((q) => q);
    expect((await get(`/debtor/${id}/permissions`, creditor2Token)).statusCode).toBe(404);
  });
});

describe('GET /api/debtor/{id}/process-log/list (admin view)', () => {
  it('lists the log for admins and refuses creditor users', async () => {
    const id = await debtorWhere((q) => q);
    const admin = await get(`/debtor/${id}/process-log/list`, await loginAs(t.app, 'admin@example.com'));
    expect(admin.statusCode).toBe(200);
    const entries = admin.json();
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({
      identifier: expect.any(Number),
      creationDate: expect.any(Number),
      message: expect.any(String),
    });
    expect(JSON.parse(entries[0].context)).toHaveProperty('step');
    expect((await get(`/debtor/${id}/process-log/list`)).statusCode).toBe(403);
    expect(
      (await get('/debtor/999999/process-log/list', await loginAs(t.app, 'admin@example.com'))).statusCode,
    ).toBe(404);
  });
});

describe('locations', () => {
  it('GET /debtor/{debtorId}/location/{locationId} returns the location as the debtor detail shows it', async () => {
    const id = await debtorWhere((q) => q);
    const debtor = (await get(`/debtor/show/${id}`)).json();
    const [first] = debtor.locations;
    const response = await get(`/debtor/${id}/location/${first.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(first);
    expect((await get(`/debtor/${id}/location/${first.id}`, creditor2Token)).statusCode).toBe(404);
    const other = await debtorWhere((q) => q.where('d.id', '<>', id));
    expect((await get(`/debtor/${other}/location/${first.id}`)).statusCode).toBe(404);
  });

  it('GET /location/{id}/permissions: a location with active permanent debts cannot be deactivated', async () => {
    const row = await t.db
      .selectFrom('permanentDebt as p')
      .innerJoin('location as l', 'l.id', 'p.locationId')
      .innerJoin('debtor as d', 'd.id', 'p.debtorId')
      .select('l.id')
      .where('p.creditorId', '=', creditorId)
      .where('p.status', '=', 'active')
      .where('l.status', '=', 'active')
      .where('d.status', '=', 'active')
      .executeTakeFirstOrThrow();
    const body = (await get(`/location/${row.id}/permissions`)).json();
    expect(Object.keys(body).sort()).toEqual(LOCATION_KEYS);
    expect(body).toMatchObject({
      activate_location: false,
      add_voucher: true,
      add_permanent_debt: true,
      update_location_data: true,
    });
    expect((await get(`/location/${row.id}/permissions`, creditor2Token)).statusCode).toBe(404);
  });

  it('GET /location/{id}/permanent-debt-vouchers lists the vouchers of its permanent debts', async () => {
    const row = await t.db
      .selectFrom('voucher')
      .select('locationId')
      .where('creditorId', '=', creditorId)
      .where('permanentDebtId', 'is not', null)
      .executeTakeFirstOrThrow();
    const vouchers = (await get(`/location/${row.locationId}/permanent-debt-vouchers`)).json();
    expect(vouchers.length).toBeGreaterThan(0);
    expect(vouchers.every((v: Row) => v.type === 'permanent_debt')).toBe(true);
    expect(
      (await get(`/location/${row.locationId}/permanent-debt-vouchers`, creditor2Token)).statusCode,
    ).toBe(404);
    const daa = await loginAs(t.app, 'creditor-daa@example.com');
    expect((await get(`/location/${row.locationId}/permanent-debt-vouchers`, daa)).statusCode).toBe(403);
  });
});

describe('filter options and pending decisions', () => {
  it('GET /debtor/names/list and /debtor/customer-number/list list the creditor’s own values, sorted', async () => {
    const names: string[] = (await get('/debtor/names/list')).json();
    const stored = await t.db
      .selectFrom('debtor')
      .select('name')
      .distinct()
      .where('creditorId', '=', creditorId)
      .execute();
    expect(names).toHaveLength(stored.length);
    expect(names).toEqual([...names].sort(new Intl.Collator('de', { numeric: true }).compare));
    const numbers: string[] = (await get('/debtor/customer-number/list')).json();
    expect(numbers.length).toBeGreaterThan(0);
    const others: string[] = (await get('/debtor/names/list', creditor2Token)).json();
    expect(others.some((name) => names.includes(name))).toBe(false);
  });

  it('GET /open-debtor-decisions-debtor → {items, count} of the unresolved decisions', async () => {
    const body = (await get('/open-debtor-decisions-debtor')).json();
    const open = await t.db
      .selectFrom('pendingDebtorDecision')
      .select('id')
      .where('creditorId', '=', creditorId)
      .where('resolvedAt', 'is', null)
      .execute();
    expect(body.count).toBe(open.length);
    expect(body.items.map((i: Row) => i.id).sort()).toEqual(open.map((o) => o.id).sort());
    const known = body.items.find((i: Row) => i.debtor);
    expect(known.debtor).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      address: expect.any(Object),
    });
    expect(body.items[0].requestData).toMatchObject({
      name: expect.any(String),
      isBusiness: expect.any(Boolean),
    });
    expect(Array.isArray(body.items[0].reasonCodes)).toBe(true);
    expect(
      (await get('/open-debtor-decisions-debtor', await loginAs(t.app, 'admin@example.com'))).statusCode,
    ).toBe(403);
  });
});
