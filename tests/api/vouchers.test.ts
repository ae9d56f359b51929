import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../generated/enums';
import { vouchersResource } from '../../generated/resources/vouchers';
import { vouchersRoutes } from '../../generated/routes/vouchers';
import { variants } from '../../generated/variants';
import {
  isKnownTimePeriod,
  isSortableVoucherColumn,
  OPEN_WORK_QUEUE_STATUSES,
} from '../../src/server/db/repositories/voucher-list.repository';
import { voucherCsvStream } from '../../src/server/routes/vouchers/voucher-csv';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { todayIso } from '../../src/shared/validation';

let t: TestApp;
let token: string;
let token2: string;
let creditorId: number;

beforeAll(async () => {
  t = await buildTestApp();
  token = await loginAs(t.app, 'creditor@example.com');
  token2 = await loginAs(t.app, 'creditor2@example.com');
  const user = await t.db
    .selectFrom('appUser')
    .select('creditorId')
    .where('username', '=', 'creditor@example.com')
    .executeTakeFirstOrThrow();
  creditorId = user.creditorId!;
});
afterAll(() => t.close());

const get = (url: string, tok = token) => t.app.inject({ url: `/api${url}`, headers: bearer(tok) });
const list = (query = '', tok = token) => get(`/voucher/list${query ? `?${query}` : ''}`, tok);
const all = async (query: string) => (await list(`rowsPerPage=100&${query}`)).json();

async function countVouchers(where: (q: any) => any = (q) => q) {
  const row = await where(t.db.selectFrom('voucher').where('creditorId', '=', creditorId))
    .select((eb: any) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /api/voucher/list', () => {
  it('returns the newest uploads first with count, empty flag and creditor limits', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['count', 'creditorLimits', 'empty', 'vouchers']);
    expect(body.count).toBe(await countVouchers());
    expect(body.count).toBeGreaterThan(100);
    expect(body.vouchers).toHaveLength(15);
    expect(body.empty).toBe(false);
    expect(body.creditorLimits).toEqual({ approvedLimit: expect.any(Number), availableLimit: expect.any(Number) });
    const uploaded = body.vouchers.map((v: { uploaded: number }) => v.uploaded);
    expect(uploaded).toEqual([...uploaded].sort((a, b) => b - a));
    const processed = body.vouchers.find((v: { officialVoucherNumber: string | null }) => v.officialVoucherNumber);
    const item = processed ?? (await all('filters[status][]=closed')).vouchers[0];
    expect(item).toMatchObject({
      id: expect.any(Number),
      numberToShow: item.officialVoucherNumber,
      statusToShow: item.status,
      subStatus: expect.any(String),
      amount: expect.any(Number),
      leftoverAmount: expect.any(Number),
      type: expect.any(String),
      uploaded: expect.any(Number),
      voucherDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      isInvoice: expect.any(Boolean),
      hasWorkQueue: expect.any(Boolean),
      debtor: { id: expect.any(Number), name: expect.any(String) },
      location: { id: expect.any(Number), name: expect.any(String) },
      requiresProcessing: false,
      children: expect.any(Array),
    });
  });

  it('pages without overlap and accepts every page size', async () => {
    const first = (await list('page=1')).json().vouchers.map((v: { id: number }) => v.id);
    const second = (await list('page=2')).json().vouchers.map((v: { id: number }) => v.id);
    expect(first.filter((id: number) => second.includes(id))).toEqual([]);
    for (const rows of [25, 50, 100]) expect((await list(`rowsPerPage=${rows}`)).json().vouchers).toHaveLength(rows);
    expect((await list('page=9999')).json().vouchers).toEqual([]);
  });

  it('answers count and limits beyond the last page as on the first (they ride on the page rows otherwise)', async () => {
    const first = (await list('filters[status][]=open')).json();
    const beyond = (await list('filters[status][]=open&page=9999')).json();
    expect(beyond.vouchers).toEqual([]);
    expect(beyond.count).toBe(await countVouchers((q) => q.where('status', '=', 'open')));
    expect(beyond.count).toBe(first.count);
    expect(beyond.creditorLimits).toEqual(first.creditorLimits);
    expect(beyond.empty).toBe(false);
    const { approvedLimit, availableLimit } = await t.db
      .selectFrom('creditor')
      .select(['approvedLimit', 'availableLimit'])
      .where('id', '=', creditorId)
      .executeTakeFirstOrThrow();
    expect(first.creditorLimits).toEqual({ approvedLimit, availableLimit });
  });

  it("gives every row its debtor, location, parent and open work-queue entry as they are stored", async () => {
    // the newest, a page with the newest child voucher (it has a parent), those with open work
    const pages = [(await all('sortBy=uploaded&sortDesc=true')).vouchers];
    const child = await t.db
      .selectFrom('voucher')
      .select('uploadedAt')
      .where('creditorId', '=', creditorId)
      .where('parentId', 'is not', null)
      .orderBy('uploadedAt', 'desc')
      .executeTakeFirstOrThrow();
    const newer = await countVouchers((q) => q.where('uploadedAt', '>', child.uploadedAt));
    pages.push((await all(`sortBy=uploaded&sortDesc=true&page=${Math.floor(newer / 100) + 1}`)).vouchers);
    pages.push((await all('filters[hasWorkQueue][]=true')).vouchers);
    type Item = {
      id: number;
      hasWorkQueue: boolean;
      debtor: { id: number; name: string } | null;
      location: { id: number; name: string; customNumber: string | null } | null;
      parent: { id: number; numberToShow: string | null } | null;
    };
    const items: Item[] = pages.flat();
    // the test database's plugins answer the columns in camelCase
    const stored = await sql<{
      id: number;
      debtorId: number | null;
      debtorName: string | null;
      locationId: number | null;
      locationName: string | null;
      locationNumber: string | null;
      parentId: number | null;
      parentNumber: string | null;
      openWork: boolean;
    }>`select v.id, d.id as debtor_id, d.name as debtor_name, l.id as location_id, l.name as location_name,
        l.custom_debtor_number as location_number, p.id as parent_id,
        coalesce(p.official_voucher_number, p.custom_number) as parent_number,
        exists (select 1 from work_queue_voucher wv join work_queue_item w on w.id = wv.work_queue_item_id
                where wv.voucher_id = v.id and w.status in (${sql.join(OPEN_WORK_QUEUE_STATUSES)})) as open_work
      from voucher v left join debtor d on d.id = v.debtor_id left join location l on l.id = v.location_id
        left join voucher p on p.id = v.parent_id
      where v.id in (${sql.join(items.map((item) => item.id))})`.execute(t.db);
    const byId = new Map(stored.rows.map((row) => [row.id, row]));
    for (const item of items) {
      const row = byId.get(item.id)!;
      expect(item.debtor).toEqual(row.debtorId == null ? null : { id: row.debtorId, name: row.debtorName });
      expect(item.location).toEqual(
        row.locationId == null ? null : { id: row.locationId, name: row.locationName, customNumber: row.locationNumber },
      );
      expect(item.parent).toEqual(row.parentId == null ? null : { id: row.parentId, numberToShow: row.parentNumber });
      expect(item.hasWorkQueue).toBe(row.openWork);
    }
    // the rows compared hold every kind: with and without parent, location and open work
    expect(items.some((item) => item.parent)).toBe(true);
    expect(items.some((item) => item.location?.customNumber)).toBe(true);
    expect(items.some((item) => item.hasWorkQueue)).toBe(true);
    expect(items.some((item) => !item.hasWorkQueue)).toBe(true);
  });

  it.each([
    ['rowsPerPage=10'],
    ['sortBy=bnetId'],
    ['page=0'],
    ['filters[status][]=deleted'],
    ['filters[nope][]=x'],
    ['filters[purchaseStatusGroup][]=notPurchasedMappingB'],
    ['filters[purchaseStatusGroup][]=nope'],
    ['filters[typeGroup][]=invoiceLike'],
    ['filters[status][]=tpf_in_review'],
    ['filters[voucherDate][]=01.02.2024'],
    ['filters[amount][]=12,50'],
    ['filters[debtor][]=abc'],
  ])('answers 400 validationError for %s', async (query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'validationError' });
  });

  it('sorts by every sortable column the generated schema allows', async () => {
    const sortable = vouchersRoutes.list.schema.querystring.properties.sortBy.enum;
    expect(sortable.filter((column) => !isSortableVoucherColumn(column))).toEqual([]);
    for (const column of sortable) {
      const response = await list(`sortBy=${encodeURIComponent(column)}&sortDesc=true`);
      expect(response.statusCode, column).toBe(200);
    }
    const amounts = (await all('sortBy=amount&sortDesc=true')).vouchers.map((v: { amount: number }) => v.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const deadlines = (await all('sortBy=paymentDeadline'))
      .vouchers.map((v: { paymentDeadline: string | null }) => v.paymentDeadline)
      .filter(Boolean);
    expect(deadlines).toEqual([...deadlines].sort());
    const names = (await all('sortBy=debtor.name'))
      .vouchers.map((v: { debtor: { name: string } | null }) => v.debtor?.name)
      .filter(Boolean);
    expect(names).toEqual([...names].sort(new Intl.Collator('und').compare));
  });

  it('filters by status, sub-status, type and source values', async () => {
    const closed = await all('filters[status][]=closed');
    expect(closed.count).toBe(await countVouchers((q) => q.where('status', '=', 'closed')));
    expect(closed.vouchers.every((v: { status: string }) => v.status === 'closed')).toBe(true);
    const halt = await all('filters[subStatus][]=halt');
    expect(halt.count).toBe(await countVouchers((q) => q.where('subStatus', '=', 'halt')));
    const deposits = await all('filters[type][]=deposit&filters[type][]=credit_advice');
    expect(deposits.count).toBe(await countVouchers((q) => q.where('type', 'in', ['deposit', 'credit_advice'])));
    const datev = await all('filters[source][]=datev');
    expect(datev.vouchers.every((v: { source: string }) => v.source === 'datev')).toBe(true);
  });

  it('filters by the groups the product offers (purchase status, dunning and dispute, voucher types)', async () => {
    const groups = variants.SMAFA.statusGroups;
    expect(groups.purchaseStatus).toContain('purchased');
    const purchased = await all('filters[purchaseStatusGroup][]=purchased');
    const purchasedValues = enums.purchaseStatus.groups.purchased.values.map(String);
    expect(purchased.count).toBe(await countVouchers((q) => q.where('purchaseStatus', 'in', purchasedValues)));
    expect(purchased.vouchers.every((v: { purchaseStatus: string }) => purchasedValues.includes(v.purchaseStatus))).toBe(true);

    const dunning = await all('filters[subStatusGroup][]=dunning');
    const dunningValues = enums.voucherSubStatus.groups.dunning.values.map(String);
    expect(dunning.count).toBe(await countVouchers((q) => q.where('subStatus', 'in', dunningValues)));
    expect(dunning.count).toBeGreaterThan(0);

    const deposits = await all('filters[typeGroup][]=depositGroup');
    const depositTypes = enums.voucherType.groups.depositGroup.values.map(String);
    expect(deposits.count).toBe(await countVouchers((q) => q.where('type', 'in', depositTypes)));

    // the choices come from the generated configs (vouchers.yaml `groups: true`), not from calls
    for (const url of ['/voucher/purchase-status-group/list', '/voucher/sub-status-group/list', '/voucher/type-group/list']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it("offers the freight product's groups and tpf_* states to a TPF user only", async () => {
    const status = vouchersResource.list.filters.find((f) => f.key === 'status')!;
    const purchaseGroups = vouchersResource.list.filters.find((f) => f.key === 'purchaseStatusGroup')!;
    expect(status).toMatchObject({ enum: 'voucherStatus', productGroupsOnly: true });
    expect(purchaseGroups).toMatchObject({ enum: 'purchaseStatus', groups: true });
    const tpfStates = enums.voucherStatus.groups.tpf.values.map(String);
    expect(variants.TPF.statusGroups.voucherStatus).toContain('tpf');
    expect(variants.SMAFA.statusGroups.voucherStatus).not.toContain('tpf');
    expect(variants.TPF.statusGroups.voucherType).toEqual(variants.TPF.voucherTypeGroups);

    const tpf = await loginAs(t.app, 'creditor-tpf@example.com');
    const tpfQuery = (query: string) => list(`rowsPerPage=100&${query}`, tpf);
    const inReview = await tpfQuery(`filters[status][]=${tpfStates[0]}`);
    expect(inReview.statusCode).toBe(200);
    expect(inReview.json().count).toBeGreaterThan(0);
    expect(inReview.json().vouchers.every((v: { status: string }) => v.status === tpfStates[0])).toBe(true);
    // TPF's second purchase-status mapping is open to TPF, SMAFA's first one is not
    expect((await tpfQuery('filters[purchaseStatusGroup][]=notPurchasedMappingB')).statusCode).toBe(200);
    const foreign = await tpfQuery('filters[purchaseStatusGroup][]=notPurchasedMappingA');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'validationError' });
    expect((await tpfQuery('filters[typeGroup][]=impersonalAccountGroup')).statusCode).toBe(400);
    // the CSV export checks the same filters
    expect((await get(`/voucher/csv?filters[status][]=${tpfStates[0]}`)).statusCode).toBe(400);
  });

  it('filters by time period, date ranges, amount, debtor, location and number', async () => {
    expect(enums.timePeriodFilter.values.every((v) => isKnownTimePeriod(String(v.value)))).toBe(true);
    const year = await all('filters[timePeriod][]=last_year');
    const since = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    expect(year.vouchers.every((v: { voucherDate: string }) => v.voucherDate >= since)).toBe(true);
    expect(year.count).toBeLessThanOrEqual(await countVouchers());

    const range = await all('filters[voucherDate][]=2020-01-01&filters[voucherDate][]=2099-12-31');
    expect(range.count).toBe(await countVouchers((q) => q.where('voucherDate', 'is not', null)));
    const openEnded = await all('filters[paymentDeadline][]=&filters[paymentDeadline][]=2000-01-01');
    expect(openEnded.count).toBe(0);

    const sample = (await all('filters[status][]=open')).vouchers[0];
    const byAmount = await all(`filters[amount][]=${sample.amount}`);
    expect(byAmount.vouchers.every((v: { amount: number }) => v.amount === sample.amount)).toBe(true);
    const byDebtor = await all(`filters[debtor][]=${sample.debtor.id}`);
    expect(byDebtor.count).toBe(await countVouchers((q) => q.where('debtorId', '=', sample.debtor.id)));
    const byLocation = await all(`filters[location][]=${sample.location.id}`);
    expect(byLocation.vouchers.every((v: { location: { id: number } }) => v.location.id === sample.location.id)).toBe(true);
    const byNumber = await all(`filters[number][]=${encodeURIComponent(sample.numberToShow.slice(-5))}`);
    expect(byNumber.vouchers.map((v: { id: number }) => v.id)).toContain(sample.id);
    expect((await all('filters[number][]=%25')).count).toBe(0);
  });

  it('filters by open work-queue entries, bnet id and encashment file number', async () => {
    const withQueue = await all('filters[hasWorkQueue][]=true');
    expect(withQueue.count).toBeGreaterThan(0);
    expect(withQueue.vouchers.every((v: { hasWorkQueue: boolean }) => v.hasWorkQueue)).toBe(true);
    const without = await all('filters[hasWorkQueue][]=false');
    expect(withQueue.count + without.count).toBe(await countVouchers());

    const [bnetId] = (await get('/voucher/bnet-identifier/list')).json();
    expect((await all(`filters[bnetId][]=${bnetId}`)).count).toBe(1);
    const [fileNumber] = (await get('/voucher/encashment-file-number/list')).json();
    const encashment = await all(`filters[encashmentFileNumber][]=${fileNumber}`);
    expect(encashment.count).toBeGreaterThan(0);
  });

  it('reports no matches as empty=false and a creditor without vouchers as empty=true', async () => {
    expect((await list('filters[number][]=kein-treffer-xyz')).json()).toMatchObject({ vouchers: [], count: 0, empty: false });
    const { passwordHash } = await t.db
      .selectFrom('appUser')
      .select('passwordHash')
      .where('username', '=', 'creditor@example.com')
      .executeTakeFirstOrThrow();
    const { id } = await t.db
      .insertInto('creditor')
      .values({ identifier: 'K-VEMPTY', name: 'Ohne Belege GmbH', product: 'SMAFA', approvedLimit: 0, availableLimit: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('appUser')
      .values({
        username: 'novouchers@example.com',
        email: 'novouchers@example.com',
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
    const empty = await loginAs(t.app, 'novouchers@example.com');
    expect((await list('', empty)).json()).toEqual({
      vouchers: [],
      count: 0,
      empty: true,
      creditorLimits: { approvedLimit: 0, availableLimit: 0 },
    });
    expect((await list('filters[status][]=open', empty)).json().empty).toBe(true);
  });

  it('is open to company users and closed to admins (403) and anonymous callers (401)', async () => {
    expect((await list('', await loginAs(t.app, 'observer@example.com'))).statusCode).toBe(200);
    expect((await list('', await loginAs(t.app, 'admin@example.com'))).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/voucher/list' })).statusCode).toBe(401);
  });
});

describe('tenant isolation', () => {
  it("lists only the caller's vouchers and answers 404 for another creditor's voucher", async () => {
    const own = (await all('')).vouchers.map((v: { id: number }) => v.id);
    const other = await all('');
    const foreign = (await list('rowsPerPage=100', token2)).json().vouchers.map((v: { id: number }) => v.id);
    expect(other.count).toBeGreaterThan(0);
    expect(foreign.filter((id: number) => own.includes(id))).toEqual([]);
    for (const path of [
      `/voucher/show/${own[0]}`,
      `/voucher/${own[0]}/history/list`,
      `/voucher/${own[0]}/permissions`,
      `/voucher/${own[0]}/bnet-status`,
      `/voucher/${own[0]}/list-balanced-vouchers`,
      `/user-information/work-queue/voucher/${own[0]}/list`,
    ]) {
      expect((await get(path)).statusCode, path).toBe(200);
      const response = await get(path, token2);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().code).toBe('notFound');
    }
    const locations = (await get('/voucher/location/list', token2)).json().map((l: { id: number }) => l.id);
    const ownLocations = await t.db.selectFrom('location').select('id').where('creditorId', '=', creditorId).execute();
    expect(locations.some((id: number) => ownLocations.some((l) => l.id === id))).toBe(false);
  });
});

// Voucher shapes the other tests pick from the demo data.
async function voucherWhere(where: (q: any) => any) {
  const row = await where(t.db.selectFrom('voucher as v').select('v.id').where('v.creditorId', '=', creditorId))
    .orderBy('v.id')
    .executeTakeFirstOrThrow();
  return row.id as number;
}

describe('GET /api/voucher/show/:id and the detail calls', () => {
  it('returns the detail with children sorted by upload date, history, balancing and permissions', async () => {
    const parentId = await voucherWhere((q) =>
      q.where((eb: any) =>
        eb.exists(
          eb
            .selectFrom('voucherBalancing as b')
            .innerJoin('voucher as c', 'c.id', 'b.balancingVoucherId')
            .select('c.id')
            .whereRef('c.parentId', '=', 'v.id')
            .whereRef('b.balancedVoucherId', '=', 'v.id'),
        ),
      ),
    );
    const response = await get(`/voucher/show/${parentId}`);
    expect(response.statusCode).toBe(200);
    const voucher = response.json();
    expect(voucher.children.length).toBeGreaterThan(0);
    const uploads = voucher.children.map((c: { uploaded: number }) => c.uploaded);
    expect(uploads).toEqual([...uploads].sort((a, b) => a - b));
    expect(voucher.history.length).toBeGreaterThan(0);
    expect(voucher.history[0]).toMatchObject({ type: expect.any(String), created: expect.any(Number) });
    expect(voucher.serviceFee).toEqual({ condition: expect.any(Number), amount: expect.any(Number) });
    expect(voucher.permissions).toMatchObject({ comment: true, cancel: false });
    expect(voucher.balancingVouchers.length).toBeGreaterThan(0);
    expect(voucher.balancingVouchers[0]).toMatchObject({
      balancedAmount: expect.any(Number),
      balancedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    const history = (await get(`/voucher/${parentId}/history/list`)).json();
    expect(history.count).toBe(voucher.history.length);
    expect(history.entries).toEqual(voucher.history);
    const balanced = (await get(`/voucher/${parentId}/list-balanced-vouchers`)).json();
    expect(balanced).toEqual({ balancedVouchers: voucher.balancedVouchers, balancingVouchers: voucher.balancingVouchers });
    const permissions = (await get(`/voucher/${parentId}/permissions`)).json();
    expect(permissions).toEqual(voucher.permissions);
  });

  it('lists the open work-queue entries of a voucher', async () => {
    const id = await voucherWhere((q) =>
      q.where((eb: any) =>
        eb.exists(
          eb
            .selectFrom('workQueueVoucher as wv')
            .innerJoin('workQueueItem as w', 'w.id', 'wv.workQueueItemId')
            .select('wv.voucherId')
            .whereRef('wv.voucherId', '=', 'v.id')
            .where('w.status', 'in', OPEN_WORK_QUEUE_STATUSES),
        ),
      ),
    );
    const body = (await get(`/user-information/work-queue/voucher/${id}/list`)).json();
    expect(body.count).toBeGreaterThan(0);
    expect(body.entries[0]).toEqual({ id: expect.any(Number), title: expect.any(String), updated: expect.any(Number) });
    expect((await get(`/voucher/show/${id}`)).json().workQueueEntries).toEqual(body.entries);
  });

  it('grants actions by the voucher state: a halted invoice can have its dunning block cancelled', async () => {
    const id = await voucherWhere((q) => q.where('v.subStatus', '=', 'halt').where('v.status', '=', 'open'));
    const permissions = (await get(`/voucher/${id}/permissions`)).json();
    expect(permissions).toMatchObject({ cancelDunningBlock: true, setDunningBlock: false, cancel: false });
    // an observer reads everything but may do nothing (roles.yaml through the one evaluator)
    const observer = await loginAs(t.app, 'observer@example.com');
    const { showBalancingSummary, ...actions } = (await get(`/voucher/${id}/permissions`, observer)).json();
    expect(showBalancingSummary).toBe(true);
    expect(Object.values(actions).every((flag) => flag === false)).toBe(true);
  });

  it('reports the processing state with its error flag', async () => {
    const errorCodes = enums.processingCode.values.filter((v) => v.color === 'error').map((v) => Number(v.value));
    const failed = await voucherWhere((q) => q.where('v.status', '=', 'failed').where('v.bnetStatus', 'in', errorCodes));
    const body = (await get(`/voucher/${failed}/bnet-status`)).json();
    expect(body).toMatchObject({ id: failed, isError: true, bnetStatus: expect.any(Number) });
    expect(body.events.every((e: { type: string }) => e.type.startsWith('bnet_'))).toBe(true);
  });

  it('serves the process log to admins only', async () => {
    const id = await voucherWhere((q) =>
      q.where((eb: any) => eb.exists(eb.selectFrom('logItem as li').select('li.id').whereRef('li.voucherId', '=', 'v.id'))),
    );
    expect((await get(`/voucher/${id}/process-log/list`)).statusCode).toBe(403);
    const admin = await loginAs(t.app, 'admin@example.com');
    const body = (await get(`/voucher/${id}/process-log/list`, admin)).json();
    expect(body.count).toBeGreaterThan(0);
    expect(body.entries[0]).toMatchObject({ identifier: expect.any(Number), message: expect.any(String), creationDate: expect.any(Number) });
    expect((await get('/voucher/999999999/process-log/list', admin)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    expect((await get('/voucher/show/999999999')).statusCode).toBe(404);
    expect((await get('/voucher/show/abc')).statusCode).toBe(400);
  });
});

describe('filter option lists', () => {
  it('answers the creditor locations, numbers and amounts; narrows by search', async () => {
    const locations = (await get('/voucher/location/list')).json();
    expect(locations.length).toBeGreaterThan(0);
    expect(locations[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), label: expect.any(String) });
    const numbers = (await get('/voucher/number/list')).json();
    expect(numbers.length).toBeGreaterThan(10);
    const narrowed = (await get(`/voucher/number/list?search=${encodeURIComponent(numbers[3])}`)).json();
    expect(narrowed).toContain(numbers[3]);
    const amounts = (await get('/voucher/amount-list')).json();
    expect(amounts[0]).toEqual({ value: expect.any(Number), label: expect.stringMatching(/^\d{1,3}(\.\d{3})*,\d{2} €$/) });
    const values = amounts.map((a: { value: number }) => a.value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });
});

describe('GET /api/voucher/csv', () => {
  it('exports the filtered list for German Excel: BOM, semicolons, German numbers and dates', async () => {
    const response = await get('/voucher/csv?filters[status][]=closed&sortBy=amount&sortDesc=true');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="belege-${todayIso()}.csv"`);
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0].split(';')).toEqual(expect.arrayContaining(['Belegnummer', 'Kunde', 'Betrag', 'Belegdatum', 'Status']));
    const closed = await countVouchers((q) => q.where('status', '=', 'closed'));
    expect(lines).toHaveLength(closed + 1);
    const header = lines[0].split(';');
    const first = lines[1].split(';');
    expect(first[header.indexOf('Betrag')]).toMatch(/^-?\d{1,3}(\.\d{3})*,\d{2}$/);
    expect(first[header.indexOf('Belegdatum')]).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(first[header.indexOf('Status')]).toBe('Erledigt');
  });

  it('streams every batch of the list, the same as one pass', async () => {
    const total = await countVouchers();
    const response = await get('/voucher/csv');
    expect(response.body.trimEnd().split('\r\n')).toHaveLength(total + 1);
    let streamed = '';
    for await (const chunk of await voucherCsvStream(t.db, creditorId, vouchersResource.list.columns, { sortDesc: false }, 50))
      streamed += chunk;
    expect(streamed).toBe(response.body);
    const max = await t.db
      .selectFrom('voucher')
      .select(sql<number>`max(amount)`.as('max'))
      .where('creditorId', '=', creditorId)
      .executeTakeFirstOrThrow();
    expect(response.body).toContain(
      new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(Number(max.max) / 100),
    );
  });
});
