import { isValidIBAN } from 'ibantools';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASED_STATUSES } from '../../src/server/services/status-groups';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

let t: TestApp;
let creditorToken: string;
let creditor2Token: string;
let creditorId: number;

beforeAll(async () => {
  t = await buildTestApp();
  creditorToken = await loginAs(t.app, 'creditor@example.com');
  creditor2Token = await loginAs(t.app, 'creditor2@example.com');
  const user = await t.db
    .selectFrom('appUser')
    .select('creditorId')
    .where('username', '=', 'creditor@example.com')
    .executeTakeFirstOrThrow();
  creditorId = user.creditorId!;
});
afterAll(() => t.close());

const list = (query: string, token = creditorToken) =>
  t.app.inject({ url: `/api/debtor/list${query ? `?${query}` : ''}`, headers: bearer(token) });
const show = (id: number | string, token = creditorToken) =>
  t.app.inject({ url: `/api/debtor/show/${id}`, headers: bearer(token) });

async function countDebtors(where: (q: any) => any = (q) => q) {
  const row = await where(t.db.selectFrom('debtor').where('creditorId', '=', creditorId))
    .select((eb: any) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /api/debtor/list', () => {
  it('returns the first 15 debtors with count, empty flag and creditor limits', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(await countDebtors());
    expect(body.count).toBeGreaterThanOrEqual(30);
    expect(body.debtors).toHaveLength(15);
    expect(body.empty).toBe(false);
    expect(body.creditorLimits).toEqual({ approvedLimit: 15_000_000, availableLimit: expect.any(Number) });
    const item = body.debtors[0];
    for (const key of [
      'id',
      'identifier',
      'name',
      'city',
      'debtorType',
      'status',
      'approvedLimit',
      'availableLimit',
      'sumPurchased',
      'openAmount',
      'locationCount',
      'hasActivePermanentDebts',
      'limitExpired',
    ]) {
      expect(item, key).toHaveProperty(key);
    }
  });

  it('pages through all debtors without overlap', async () => {
    const total = await countDebtors();
    const ids = new Set<number>();
    for (let page = 1; page <= Math.ceil(total / 15); page++) {
      const body = (await list(`page=${page}&rowsPerPage=15`)).json();
      expect(body.count).toBe(total);
      for (const debtor of body.debtors) ids.add(debtor.id);
    }
    expect(ids.size).toBe(total);
    expect((await list('page=99')).json().debtors).toEqual([]);
  });

  it.each([25, 50, 100])('accepts rowsPerPage=%i', async (rows) => {
    const body = (await list(`rowsPerPage=${rows}`)).json();
    expect(body.debtors.length).toBe(Math.min(rows, body.count));
  });

  it.each([
    ['rowsPerPage=7'],
    ['sortBy=password'],
    ['sortBy=sapNumber%3Bdrop'],
    ['page=0'],
    ['filters[status][]=deleted'],
    ['filters[unknown][]=x'],
  ])('answers 400 validationError for %s', async (query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, code: 'validationError' });
    expect(body.field).toMatch(/^querystring\//);
    expect(body.message).not.toMatch(/must be/); // German text of the shared catalogue, not ajv's
  });

  it('sorts by sum of purchased invoices, descending', async () => {
    const body = (await list('sortBy=sumPurchased&sortDesc=true&rowsPerPage=100')).json();
    const sums = body.debtors.map((d: { sumPurchased: number }) => d.sumPurchased);
    expect(sums).toEqual([...sums].sort((a, b) => b - a));
    expect(sums[0]).toBeGreaterThan(0);
  });

  it('sorts by approved limit ascending and by name in natural order', async () => {
    const byLimit = (await list('sortBy=approvedLimit&sortDesc=false&rowsPerPage=100')).json().debtors;
    const limits = byLimit.map((d: { approvedLimit: number }) => d.approvedLimit);
    expect(limits).toEqual([...limits].sort((a, b) => a - b));
    const byName = (await list('sortBy=name&rowsPerPage=100'))
      .json()
      .debtors.map((d: { name: string }) => d.name);
    const collator = new Intl.Collator('und');
    expect(byName).toEqual([...byName].sort(collator.compare));
    const byNameDesc = (await list('sortBy=name&sortDesc=true&rowsPerPage=100'))
      .json()
      .debtors.map((d: { name: string }) => d.name);
    expect(byNameDesc[0]).toBe(byName[byName.length - 1]);
  });

  it('computes the sum of purchased invoices and the open amount from the vouchers', async () => {
    const body = (await list('sortBy=sumPurchased&sortDesc=true')).json();
    const top = body.debtors[0];
    const row = await t.db
      .selectFrom('voucher')
      .where('debtorId', '=', top.id)
      .where('type', '=', 'invoice')
      .select([
        sql<number>`coalesce(sum(amount) filter (where purchase_status in (${sql.join(PURCHASED_STATUSES)})), 0)`.as(
          'purchased',
        ),
      ])
      .executeTakeFirstOrThrow();
    // permanent-debt invoices count as invoices too, so the list value is at least the plain invoices' sum
    expect(top.sumPurchased).toBeGreaterThanOrEqual(row.purchased);
    const detail = (await show(top.id)).json();
    expect(detail.invoiceVolume.purchased).toBe(top.sumPurchased);
    expect(detail.invoiceVolume.open).toBe(top.openAmount);
    expect(detail.locations).toHaveLength(top.locationCount);
  });

  it('filters by status (active includes reactivated), type, payment method and limit', async () => {
    const inactive = (await list('filters[status][]=inactive&rowsPerPage=100')).json();
    expect(inactive.count).toBe(await countDebtors((q) => q.where('status', '=', 'inactive')));
    expect(inactive.count).toBeGreaterThan(0);
    expect(inactive.debtors.every((d: { status: string }) => d.status === 'inactive')).toBe(true);

    const active = (await list('filters[status][]=active&rowsPerPage=100')).json();
    expect(new Set(active.debtors.map((d: { status: string }) => d.status))).toEqual(
      new Set(['active', 'reactivated']),
    );
    expect(active.count + inactive.count).toBe(await countDebtors());

    const customers = (await list('filters[debtorType][]=customer&rowsPerPage=100')).json();
    expect(customers.count).toBe(await countDebtors((q) => q.where('debtorType', '=', 'customer')));
    expect(customers.debtors.every((d: { debtorType: string }) => d.debtorType === 'customer')).toBe(true);

    const sepa = (await list('filters[paymentMethod][]=direct_debit_mandate&rowsPerPage=100')).json();
    expect(sepa.count).toBeGreaterThan(0);
    expect(
      sepa.debtors.every((d: { paymentMethod: string }) => d.paymentMethod === 'direct_debit_mandate'),
    ).toBe(true);

    const noLimit = (await list('filters[limit][]=zero&rowsPerPage=100')).json();
    expect(noLimit.count).toBeGreaterThan(0);
    expect(noLimit.debtors.every((d: { approvedLimit: number }) => d.approvedLimit === 0)).toBe(true);
    const big = (await list('filters[limit][]=at_least_25000&rowsPerPage=100')).json();
    expect(big.count).toBe(await countDebtors((q) => q.where('approvedLimit', '>=', 2_500_000)));
  });

  it('searches name, city and identifier; no match is not "empty"', async () => {
    const [first] = (await list('')).json().debtors;
    const byIdentifier = (await list(`filters[search][]=${encodeURIComponent(first.identifier)}`)).json();
    expect(byIdentifier.debtors.map((d: { id: number }) => d.id)).toContain(first.id);
    const none = (await list('filters[search][]=zzzz-kein-treffer')).json();
    expect(none).toMatchObject({ debtors: [], count: 0, empty: false });
    const wildcard = (await list('filters[search][]=%25')).json();
    expect(wildcard.count).toBe(0);
  });

  it('reports empty=true for a creditor without any debtor', async () => {
    const { passwordHash } = await t.db
      .selectFrom('appUser')
      .select('passwordHash')
      .where('username', '=', 'creditor@example.com')
      .executeTakeFirstOrThrow();
    const { id } = await t.db
      .insertInto('creditor')
      .values({
        identifier: 'K-EMPTY',
        name: 'Leer GmbH',
        product: 'SMAFA',
        approvedLimit: 0,
        availableLimit: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('appUser')
      .values({
        username: 'empty@example.com',
        email: 'empty@example.com',
        name: 'Leer',
        passwordHash,
        roles: ['ROLE_CREDITOR'],
        product: 'SMAFA',
        creditorId: id,
        status: 'active',
      })
      .execute();
    const body = (await list('', await loginAs(t.app, 'empty@example.com'))).json();
    expect(body).toEqual({
      debtors: [],
      count: 0,
      empty: true,
      creditorLimits: { approvedLimit: 0, availableLimit: 0 },
    });
  });

  it('is open to company users and closed to admins (403) and anonymous callers (401)', async () => {
    expect((await list('', await loginAs(t.app, 'observer@example.com'))).statusCode).toBe(200);
    const admin = await list('', await loginAs(t.app, 'admin@example.com'));
    expect(admin.statusCode).toBe(403);
    expect(admin.json().code).toBe('forbidden');
    expect((await t.app.inject({ url: '/api/debtor/list' })).statusCode).toBe(401);
  });
});

describe('GET /api/debtor/show/:id', () => {
  it('returns the detail with locations, volumes, last invoices, SEPA mandate and permanent debts', async () => {
    const withSepa = await t.db
      .selectFrom('debtor')
      .select('id')
      .where('creditorId', '=', creditorId)
      .where('paymentMethod', '=', 'direct_debit_mandate')
      .where((eb) =>
        eb.exists(
          eb.selectFrom('permanentDebt').select('id').whereRef('permanentDebt.debtorId', '=', 'debtor.id'),
        ),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const response = await show(withSepa.id);
    expect(response.statusCode).toBe(200);
    const debtor = response.json();
    expect(debtor).toMatchObject({ id: withSepa.id, paymentMethod: 'direct_debit_mandate' });
    expect(isValidIBAN(debtor.sepaMandate.iban)).toBe(true);
    expect(debtor.sepaMandate.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(debtor.permanentDebts.length).toBeGreaterThan(0);
    expect(debtor.permanentDebts[0]).toEqual({
      id: expect.any(Number),
      customNumber: expect.any(String),
      subject: expect.any(String),
      grossAmount: expect.any(Number),
      period: expect.any(String),
      status: expect.any(String),
      nextExecutionDate: expect.toBeOneOf([null, expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]),
    });
    expect(debtor.locations.length).toBeGreaterThan(0);
    expect(debtor.locations[0].address).toMatchObject({
      street: expect.any(String),
      zip: expect.stringMatching(/^\d{5}$/),
      city: expect.any(String),
    });
    expect(typeof debtor.locations[0].creationDate).toBe('number');
    const volume = debtor.invoiceVolume;
    expect(volume.total).toBe(volume.purchased + volume.notPurchased);
    expect(volume.open).toBe(volume.openPurchased + volume.openNotPurchased);
    expect(debtor.businessRelationship).toHaveProperty('isOnBlackList');
  });

  it('lists at most the 15 latest invoices, newest first', async () => {
    const busiest = await t.db
      .selectFrom('voucher')
      .select(['debtorId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('creditorId', '=', creditorId)
      .where('debtorId', 'is not', null)
      .groupBy('debtorId')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(busiest.n)).toBeGreaterThan(15);
    const invoices = (await show(busiest.debtorId!)).json().lastInvoices;
    expect(invoices).toHaveLength(15);
    const dates = invoices.map((i: { voucherDate: string }) => i.voucherDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('answers 404 for an unknown id and 400 for a non-numeric id', async () => {
    const missing = await show(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, code: 'notFound' });
    expect((await show('abc')).statusCode).toBe(400);
  });
});

describe('tenant isolation', () => {
  it('shows a creditor only its own debtors in the list', async () => {
    const body = (await list('rowsPerPage=100', creditor2Token)).json();
    expect(body.count).toBe(5);
    const own = await t.db.selectFrom('debtor').select('id').where('creditorId', '=', creditorId).execute();
    const ownIds = new Set(own.map((d) => d.id));
    expect(body.debtors.some((d: { id: number }) => ownIds.has(d.id))).toBe(false);
    expect(body.creditorLimits.approvedLimit).toBe(5_000_000);
  });

  it("answers 404 (not 403) for another creditor's debtor", async () => {
    const [foreign] = (await list('', creditorToken)).json().debtors;
    expect((await show(foreign.id)).statusCode).toBe(200);
    const response = await show(foreign.id, creditor2Token);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('notFound');
  });
});
