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
    expect(body.creditorLimits).toEqual({ approvedLimit: 25_000_000, availableLimit: expect.any(Number) });
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
        // the terms accepted: a pending opt-in answers nothing but its own calls (issue 26)
        optIn: true,
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

  it('gives each tenant its own page from the same compiled statement, sorted by a column and by an aggregate', async () => {
    for (const query of ['rowsPerPage=15&sortBy=city', 'rowsPerPage=15&sortBy=sumPurchased&sortDesc=true']) {
      const first = (await list(query)).json();
      const second = (await list(query, creditor2Token)).json();
      const again = (await list(query)).json();
      const ownIds = new Set((await t.db.selectFrom('debtor').select('id').where('creditorId', '=', creditorId).execute()).map((d) => d.id));
      expect(first.debtors.every((d: { id: number }) => ownIds.has(d.id))).toBe(true);
      expect(second.debtors.some((d: { id: number }) => ownIds.has(d.id))).toBe(false);
      expect(second.count).toBe(5);
      expect(again).toEqual(first);
    }
  });

  it('reads the permission and the session along with the page: refused without a row when off or ended', async () => {
    const user = await t.db
      .selectFrom('appUser')
      .select(['id', 'permissions', 'sessionVersion'])
      .where('username', '=', 'creditor@example.com')
      .executeTakeFirstOrThrow();
    const stored = (user.permissions ?? {}) as Record<string, unknown>;
    try {
      await t.db
        .updateTable('appUser')
        .set({ permissions: JSON.stringify({ ...stored, navigation: { debtors: false } }) })
        .where('id', '=', user.id)
        .execute();
      const refused = await list('');
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('"debtors"');
      // a page without rows reads them in the totals' own statement: refused as well
      expect((await list('page=9999')).statusCode).toBe(403);
    } finally {
      await t.db.updateTable('appUser').set({ permissions: JSON.stringify(stored) }).where('id', '=', user.id).execute();
    }
    expect((await list('')).statusCode).toBe(200);
    try {
      await t.db.updateTable('appUser').set({ sessionVersion: user.sessionVersion + 1 }).where('id', '=', user.id).execute();
      expect((await list('')).statusCode).toBe(401);
      expect((await list('page=9999')).statusCode).toBe(401);
    } finally {
      await t.db.updateTable('appUser').set({ sessionVersion: user.sessionVersion }).where('id', '=', user.id).execute();
    }
    expect((await list('')).statusCode).toBe(200);
  });

  it("answers 404 (not 403) for another creditor's debtor", async () => {
    const [foreign] = (await list('', creditorToken)).json().debtors;
    expect((await show(foreign.id)).statusCode).toBe(200);
    const response = await show(foreign.id, creditor2Token);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('notFound');
  });
});

describe('open insurable invoices (protection variant)', () => {
  let vhvToken: string;
  beforeAll(async () => {
    vhvToken = await loginAs(t.app, 'creditor-vhv@example.com');
  });

  const vhvDebtor = async (offset: number) => {
    const { creditorId: vhv } = await t.db
      .selectFrom('appUser')
      .select('creditorId')
      .where('username', '=', 'creditor-vhv@example.com')
      .executeTakeFirstOrThrow();
    return t.db
      .selectFrom('location')
      .select(['debtorId', 'id as locationId', 'creditorId'])
      .where('creditorId', '=', vhv!)
      .orderBy('debtorId')
      .orderBy('id')
      .offset(offset)
      .executeTakeFirstOrThrow();
  };
  // An open, processed invoice handed over at noon on its voucher date, due 30 days later.
  const insert = async (
    at: { debtorId: number; locationId: number; creditorId: number },
    number: string,
    date: string,
    patch: Record<string, unknown> = {},
  ) => {
    const due = new Date(`${date}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 30);
    const row = await t.db
      .insertInto('voucher')
      .values({
        ...at,
        type: 'invoice',
        customNumber: number,
        voucherDate: date,
        performanceDate: date,
        paymentDeadline: due.toISOString().slice(0, 10),
        amount: 10_000,
        leftoverAmount: 10_000,
        status: 'open',
        uploadedAt: `${date}T12:00:00Z`,
        ...patch,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const listed = async (debtorId: number, token = vhvToken) =>
    (await show(debtorId, token)).json().openInsurableInvoices as { id: number; voucherDate: string }[];

  it('shows at most the 15 latest, newest first', async () => {
    const at = await vhvDebtor(0);
    const ids: number[] = [];
    for (let day = 1; day <= 20; day++)
      ids.push(await insert(at, `T-15-${day}`, `2031-01-${String(day).padStart(2, '0')}`));
    const invoices = await listed(at.debtorId);
    expect(invoices.map((i) => i.id)).toEqual(ids.slice(5).reverse());
    expect(invoices[0]).toMatchObject({
      numberToShow: 'T-15-20',
      voucherDate: '2031-01-20',
      leftoverAmount: 10_000,
    });
  });

  it('leaves out every not-insurable case and keeps the borderline ones', async () => {
    const at = await vhvDebtor(1);
    const d = '2032-03-10';
    const keep = [
      await insert(at, 'OK-1', d),
      await insert(at, 'OK-TERM-90', d, { paymentDeadline: '2032-06-08' }),
      await insert(at, 'OK-DUE-3', d, { paymentDeadline: '2032-03-13' }),
      await insert(at, 'OK-PERF-30', d, { performanceDate: '2032-02-09' }),
      await insert(at, 'DUP-1', '2032-03-01'),
    ];
    const drop = [
      await insert(at, 'X-NO-DUE', d, { paymentDeadline: null }),
      await insert(at, 'X-ZERO', d, { amount: 0 }),
      await insert(at, 'X-DUE-2', d, { paymentDeadline: '2032-03-12' }),
      await insert(at, 'X-DUE-PAST', d, { paymentDeadline: '2032-03-01' }),
      await insert(at, 'X-TERM-91', d, { paymentDeadline: '2032-06-09' }),
      await insert(at, 'X-PERF-31', d, { performanceDate: '2032-02-08' }),
      await insert(at, 'X-PERF-LATER', d, { performanceDate: '2032-03-11' }),
      await insert(at, 'X-DATED-LATER', d, {
        uploadedAt: '2032-03-09T12:00:00Z',
        performanceDate: '2032-03-09',
      }),
      await insert(at, 'DUP-1', d),
      await insert(at, 'X-PROCESSING', d, { requiresProcessing: true }),
      await insert(at, 'X-PENDING', d, {
        status: 'pending',
        pendingStatus: 'insurance_service_date_too_old',
      }),
      await insert(at, 'X-CLOSED', d, { status: 'closed' }),
      await insert(at, 'X-PAID', d, { leftoverAmount: 0 }),
      await insert(at, 'X-CREDIT', d, { type: 'credit_advice' }),
    ];
    const ids = (await listed(at.debtorId)).map((i) => i.id);
    for (const id of keep) expect(ids).toContain(id);
    for (const id of drop) expect(ids).not.toContain(id);
  });

  it("lists fewer than the demo debtor's open invoices where the demo breaks the rules", async () => {
    const open = await t.db
      .selectFrom('voucher as v')
      .innerJoin('creditor as c', 'c.id', 'v.creditorId')
      .select(['v.debtorId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('c.product', '=', 'VHV')
      .where('v.status', '=', 'open')
      .where('v.leftoverAmount', '>', 0)
      .where('v.requiresProcessing', '=', false)
      .where('v.type', '=', 'invoice')
      .groupBy('v.debtorId')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const invoices = await listed(open.debtorId!);
    expect(invoices.length).toBeGreaterThan(0);
    expect(invoices.length).toBeLessThan(Number(open.n));
  });

  it('withholds the field without the permission', async () => {
    const [smafa] = (await list('')).json().debtors;
    expect((await show(smafa.id)).json()).not.toHaveProperty('openInsurableInvoices');
    const at = await vhvDebtor(0);
    expect(await listed(at.debtorId)).toEqual(expect.any(Array));
    await t.db
      .updateTable('appUser')
      .set({ permissions: JSON.stringify({ debtorDetails: { tabs: { openInsurableInvoices: false } } }) })
      .where('username', '=', 'creditor-vhv@example.com')
      .execute();
    expect((await show(at.debtorId, vhvToken)).json()).not.toHaveProperty('openInsurableInvoices');
  });
});

describe('demo: solvency determination', () => {
  it("is granted to the SMAFA main user's creditor, so solvency checks are allowed", async () => {
    expect(
      (await t.app.inject({ url: '/api/creditor/permissions', headers: bearer(creditorToken) })).json(),
    ).toMatchObject({ solvencyDetermination: true });
    const active = await t.db
      .selectFrom('debtor')
      .select('id')
      .where('creditorId', '=', creditorId)
      .where('status', '=', 'active')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({
      url: `/api/debtor/${active.id}/permissions`,
      headers: bearer(creditorToken),
    });
    expect(response.json()).toMatchObject({ debtor_solvency_request: true, determine_solvency: true });
  });
});
