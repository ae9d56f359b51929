import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../generated/enums';
import { permanentDebtsRoutes } from '../../generated/routes/permanent-debts';
import { isSortablePermanentDebtColumn } from '../../src/server/db/repositories/permanent-debt-list.repository';
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

const get = (path: string, token = creditorToken) =>
  t.app.inject({ url: `/api${path}`, headers: bearer(token) });
const list = (query: string, token = creditorToken) =>
  get(`/permanent-debt/list${query ? `?${query}` : ''}`, token);

async function countOwn(where: (q: any) => any = (q) => q) {
  const row = await where(t.db.selectFrom('permanentDebt').where('creditorId', '=', creditorId))
    .select((eb: any) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type Row = Record<string, any>;

describe('GET /api/permanent-debt/list', () => {
  it('answers {vouchers, count, empty} with the list fields of document 1 §3', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['count', 'empty', 'vouchers']);
    expect(body.count).toBe(await countOwn());
    expect(body.count).toBeGreaterThanOrEqual(4);
    expect(body.empty).toBe(false);
    const item = body.vouchers[0];
    expect(item).toEqual({
      id: expect.any(Number),
      status: expect.any(String),
      created: expect.any(Number),
      customNumber: expect.any(String),
      startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      endDate: expect.toBeOneOf([null, expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]),
      nextExecutionDate: expect.toBeOneOf([null, expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]),
      subject: expect.any(String),
      grossAmount: expect.any(Number),
      period: expect.any(String),
      debtor: { id: expect.any(Number), name: expect.any(String) },
      location: {
        id: expect.any(Number),
        name: expect.any(String),
        customNumber: expect.toBeOneOf([null, expect.any(String)]),
      },
    });
    // newest first without a sort
    const created = body.vouchers.map((v: Row) => v.created);
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('pages without overlap and accepts every page size', async () => {
    const total = await countOwn();
    const first = (await list('rowsPerPage=15&page=1&sortBy=customNumber')).json();
    expect(first.vouchers).toHaveLength(Math.min(15, total));
    const ids = new Set<number>();
    for (let page = 1; page <= Math.ceil(total / 15); page++)
      for (const row of (await list(`page=${page}&sortBy=customNumber`)).json().vouchers) ids.add(row.id);
    expect(ids.size).toBe(total);
    expect((await list('page=99')).json().vouchers).toEqual([]);
    for (const rows of [25, 50, 100]) expect((await list(`rowsPerPage=${rows}`)).statusCode).toBe(200);
  });

  it('can sort by every sortable column of the resource', async () => {
    const sortable = permanentDebtsRoutes.list.schema.querystring.properties.sortBy.enum;
    for (const column of sortable) {
      expect(isSortablePermanentDebtColumn(column), column).toBe(true);
      expect((await list(`sortBy=${encodeURIComponent(column)}&sortDesc=true`)).statusCode, column).toBe(200);
    }
  });

  it('sorts by gross amount, by debtor name and by start date', async () => {
    const amounts = (await list('sortBy=grossAmount&sortDesc=true&rowsPerPage=100'))
      .json()
      .vouchers.map((v: Row) => v.grossAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const names = (await list('sortBy=debtor.name&rowsPerPage=100'))
      .json()
      .vouchers.map((v: Row) => v.debtor.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('und').compare));
    const starts = (await list('sortBy=startDate&rowsPerPage=100'))
      .json()
      .vouchers.map((v: Row) => v.startDate);
    expect(starts).toEqual([...starts].sort());
  });

  it('filters by status group: ended is stopped plus expired', async () => {
    const ended = enums.permanentDebtStatus.groups.ended.values.map(String);
    const body = (await list('filters[status][]=ended&rowsPerPage=100')).json();
    expect(body.count).toBe(await countOwn((q) => q.where('status', 'in', ended)));
    expect(body.count).toBeGreaterThan(0);
    expect(body.vouchers.every((v: Row) => ended.includes(v.status))).toBe(true);
    const active = (await list('filters[status][]=active&filters[status][]=created&rowsPerPage=100')).json();
    expect(active.count + body.count).toBe(await countOwn());
  });

  it('filters by debtor, location, item and custom number through the option lists', async () => {
    const [debtor] = (await get('/permanent-debt/debtors')).json();
    const byDebtor = (await list(`filters[debtor][]=${debtor.id}&rowsPerPage=100`)).json();
    expect(byDebtor.count).toBe(await countOwn((q) => q.where('debtorId', '=', debtor.id)));
    expect(byDebtor.vouchers.every((v: Row) => v.debtor.id === debtor.id)).toBe(true);

    const [location] = (await get('/permanent-debt/location-list')).json();
    const byLocation = (await list(`filters[location][]=${location.id}`)).json();
    expect(byLocation.count).toBeGreaterThan(0);
    expect(byLocation.vouchers.every((v: Row) => v.location.id === location.id)).toBe(true);

    const items: string[] = (await get('/permanent-debt/item-list')).json();
    const byItem = (await list(`filters[item][]=${encodeURIComponent(items[0])}&rowsPerPage=100`)).json();
    expect(byItem.count).toBe(await countOwn((q) => q.where('subject', '=', items[0])));

    const numbers: string[] = (await get('/permanent-debt/custom-number-list')).json();
    expect(numbers).toHaveLength(await countOwn());
    const byNumber = (await list(`filters[customNumber][]=${encodeURIComponent(numbers[0])}`)).json();
    expect(byNumber.vouchers.map((v: Row) => v.customNumber)).toEqual([numbers[0]]);

    expect((await list('filters[debtor][]=keine-id')).json()).toEqual({
      vouchers: [],
      count: 0,
      empty: false,
    });
  });

  it.each([
    ['rowsPerPage=7'],
    ['sortBy=password'],
    ['filters[status][]=deleted'],
    ['filters[unknown][]=x'],
    ['page=0'],
  ])('answers 400 validationError for %s', async (query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'validationError' });
  });

  it('is 403 for products without permanent debts (cash and freight variants) and admins, 401 without token', async () => {
    for (const user of ['creditor-daa@example.com', 'creditor-dab@example.com', 'creditor-tpf@example.com']) {
      const token = await loginAs(t.app, user);
      expect((await list('', token)).statusCode, user).toBe(403);
      expect((await get('/permanent-debt/item-list', token)).statusCode, user).toBe(403);
    }
    expect((await list('', await loginAs(t.app, 'admin@example.com'))).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/permanent-debt/list' })).statusCode).toBe(401);
    for (const user of ['observer@example.com', 'assistant@example.com', 'creditor-vhv@example.com'])
      expect((await list('', await loginAs(t.app, user))).statusCode, user).toBe(200);
  });
});

describe('GET /api/permanent-debt/{id}/show', () => {
  it('returns the detail with SEPA account, invoices and the stop', async () => {
    const withVouchers = await t.db
      .selectFrom('permanentDebt as p')
      .select('p.id')
      .where('p.creditorId', '=', creditorId)
      .where((eb) =>
        eb.exists(eb.selectFrom('voucher as v').select('v.id').whereRef('v.permanentDebtId', '=', 'p.id')),
      )
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const detail = (await get(`/permanent-debt/${withVouchers.id}/show`)).json();
    expect(detail).toMatchObject({
      id: withVouchers.id,
      vat: expect.any(Number),
      netAmount: expect.any(Number),
    });
    expect(detail.performanceDateIndex).toBeGreaterThanOrEqual(0);
    expect(detail.sepa).toEqual({
      accountOwner: expect.any(String),
      iban: expect.stringMatching(/^DE\d{20}$/),
    });
    expect(detail.vouchers.length).toBeGreaterThan(0);
    expect(detail.vouchers[0]).toEqual({
      id: expect.any(Number),
      numberToShow: expect.any(String),
      officialVoucherNumber: expect.toBeOneOf([null, expect.any(String)]),
      amount: expect.any(Number),
      type: 'permanent_debt',
      created: expect.any(Number),
    });

    const stopped = await t.db
      .selectFrom('permanentDebt')
      .select('id')
      .where('creditorId', '=', creditorId)
      .where('status', '=', 'stopped')
      .executeTakeFirstOrThrow();
    const stoppedDetail = (await get(`/permanent-debt/${stopped.id}/show`)).json();
    expect(stoppedDetail.stop).toEqual({
      officialVoucherSource: expect.stringMatching(/\.pdf$/),
      created: expect.any(Number),
    });
  });

  it("answers 404 for an unknown or another creditor's id, 400 for a non-numeric one", async () => {
    const [own] = (await list('')).json().vouchers;
    expect((await get(`/permanent-debt/${own.id}/show`)).statusCode).toBe(200);
    expect((await get(`/permanent-debt/${own.id}/show`, creditor2Token)).statusCode).toBe(404);
    expect((await get('/permanent-debt/999999/show')).statusCode).toBe(404);
    expect((await get('/permanent-debt/abc/show')).statusCode).toBe(400);
  });
});

describe('tenant isolation and option lists', () => {
  it("never lists another creditor's permanent debts or options", async () => {
    const other = (await list('rowsPerPage=100', creditor2Token)).json();
    const own = new Set((await list('rowsPerPage=100')).json().vouchers.map((v: Row) => v.id));
    expect(other.count).toBeGreaterThan(0);
    expect(other.vouchers.some((v: Row) => own.has(v.id))).toBe(false);
    const otherDebtors = (await get('/permanent-debt/debtors', creditor2Token)).json().map((d: Row) => d.id);
    const ownDebtors = new Set((await get('/permanent-debt/debtors')).json().map((d: Row) => d.id));
    expect(otherDebtors.some((id: number) => ownDebtors.has(id))).toBe(false);
  });

  it('reports empty=true for a creditor without permanent debts', async () => {
    const { creditorId: id } = await t.db
      .selectFrom('appUser')
      .select('creditorId')
      .where('username', '=', 'creditor2@example.com')
      .executeTakeFirstOrThrow();
    // the vouchers stay; only their link to the permanent debts goes
    await t.db.updateTable('voucher').set({ permanentDebtId: null }).where('creditorId', '=', id!).execute();
    await t.db.deleteFrom('permanentDebt').where('creditorId', '=', id!).execute();
    const body = (await list('', creditor2Token)).json();
    expect(body).toEqual({ vouchers: [], count: 0, empty: true });
    expect((await list('filters[status][]=active', creditor2Token)).json().empty).toBe(true);
    expect((await get('/permanent-debt/custom-number-list', creditor2Token)).json()).toEqual([]);
  });
});
