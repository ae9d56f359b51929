import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementCache } from '../../src/server/db/statement-cache';
import { bearer, buildTestApp, creditorIdOfUser, loginAs, type TestApp } from '../helpers/app';

// What migration 0087 keeps beside the vouchers for large tenants (issue 13): the tally the list's
// count sums, and the debtor's and location's names as sort keys. Both must stay exact through
// every kind of write, or counts and orders would silently drift.

let t: TestApp;
let token: string;
let creditorId: number;

beforeAll(async () => {
  t = await buildTestApp();
  token = await loginAs(t.app, 'creditor@example.com');
  creditorId = await creditorIdOfUser(t.db, 'creditor@example.com');
});
afterAll(() => t.close());

const list = (query: string) => t.app.inject({ url: `/api/voucher/list?${query}`, headers: bearer(token) });

/** The tally as it should be: the vouchers grouped, zero rows left out. */
async function tallyDrift() {
  const { rows } = await sql<{ difference: number }>`
    select count(*)::int as difference from (
      (select creditor_id, status, sub_status, type, purchase_status, source, count(*) as n
         from voucher group by 1, 2, 3, 4, 5, 6
       except
       select creditor_id, status, sub_status, type, purchase_status, source, vouchers
         from voucher_tally where vouchers <> 0)
      union all
      (select creditor_id, status, sub_status, type, purchase_status, source, vouchers
         from voucher_tally where vouchers <> 0
       except
       select creditor_id, status, sub_status, type, purchase_status, source, count(*)
         from voucher group by 1, 2, 3, 4, 5, 6)
    ) drift`.execute(t.db);
  return rows[0].difference;
}

async function sortNameDrift() {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from voucher v
      left join debtor d on d.id = v.debtor_id
      left join location l on l.id = v.location_id
    where v.debtor_sort_name is distinct from d.name or v.location_sort_name is distinct from l.name`.execute(
    t.db,
  );
  return rows[0].n;
}

describe('voucher tally (count of the list)', () => {
  it('matches the vouchers after the seed', async () => {
    expect(await tallyDrift()).toBe(0);
    const tallied = await t.db
      .selectFrom('voucherTally')
      .select(sql<number>`sum(vouchers)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(tallied.n)).toBeGreaterThan(100);
  });

  it('follows inserts, updates of tallied and other columns, moves between groups and deletes', async () => {
    const template = await t.db
      .selectFrom('voucher')
      .select(['creditorId', 'type', 'amount', 'leftoverAmount'])
      .where('creditorId', '=', creditorId)
      .executeTakeFirstOrThrow();
    const inserted = await t.db
      .insertInto('voucher')
      .values([1, 2, 3].map((i) => ({ ...template, customNumber: `TALLY-${i}`, uploadedAt: new Date() })))
      .returning('id')
      .execute();
    expect(await tallyDrift()).toBe(0);
    const ids = inserted.map((row) => row.id);
    await t.db
      .updateTable('voucher')
      .set({ status: 'closed', subStatus: 'counted_back' })
      .where('id', 'in', ids.slice(0, 2))
      .execute();
    expect(await tallyDrift()).toBe(0);
    // an update of no tallied column, and one that moves some rows and leaves others
    await t.db.updateTable('voucher').set({ comment: 'x' }).where('id', 'in', ids).execute();
    await t.db
      .updateTable('voucher')
      .set({ source: 'document_guide_epost' })
      .where('creditorId', '=', creditorId)
      .where('status', '=', 'closed')
      .execute();
    expect(await tallyDrift()).toBe(0);
    await t.db.deleteFrom('voucher').where('id', 'in', ids).execute();
    expect(await tallyDrift()).toBe(0);
  });

  it('changes nothing when the writing transaction rolls back', async () => {
    const before = await t.db
      .selectFrom('voucherTally')
      .selectAll()
      .orderBy(['creditorId', 'status', 'subStatus', 'type', 'purchaseStatus', 'source'])
      .execute();
    await expect(
      t.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('voucher')
          .set({ source: 'document_guide_epost' })
          .where('creditorId', '=', creditorId)
          .execute();
        const moved = await tx
          .selectFrom('voucherTally')
          .select('source')
          .where('creditorId', '=', creditorId)
          .where('vouchers', '>', 0)
          .distinct()
          .execute();
        expect(moved).toEqual([{ source: 'document_guide_epost' }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await t.db
      .selectFrom('voucherTally')
      .selectAll()
      .orderBy(['creditorId', 'status', 'subStatus', 'type', 'purchaseStatus', 'source'])
      .execute();
    expect(after).toEqual(before);
  });

  it.each([
    ['no filter', ''],
    ['status', 'filters[status][]=open'],
    [
      'two statuses and a type group',
      'filters[status][]=open&filters[status][]=closed&filters[typeGroup][]=invoiceGroup',
    ],
    ['sub-status group', 'filters[subStatusGroup][]=dunning'],
    [
      'purchase status group and source',
      'filters[purchaseStatusGroup][]=purchased&filters[source][]=portal_upload',
    ],
    [
      'a group with a counted filter beside it (counts rows)',
      'filters[subStatusGroup][]=dunning&filters[number][]=1',
    ],
  ])('answers the same count as counting the rows: %s', async (_label, query) => {
    const tallied = (await list(`page=1&rowsPerPage=15&${query}`)).json();
    // the same filters once more through the CSV export, which counts nothing: one line per row
    const csv = await t.app.inject({ url: `/api/voucher/csv?${query}`, headers: bearer(token) });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\n').filter((line) => line.trim() !== '');
    expect(tallied.count).toBe(lines.length - 1);
  });
});

describe('sort names of debtor and location', () => {
  it('are the names after the seed and follow a rename and a change of debtor', async () => {
    expect(await sortNameDrift()).toBe(0);
    const voucher = await t.db
      .selectFrom('voucher')
      .select(['id', 'debtorId', 'locationId'])
      .where('creditorId', '=', creditorId)
      .where('debtorId', 'is not', null)
      .where('locationId', 'is not', null)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('debtor')
      .set({ name: 'Aaaa Umbenannt GmbH' })
      .where('id', '=', voucher.debtorId!)
      .execute();
    await t.db
      .updateTable('location')
      .set({ name: 'Aaaa Standort' })
      .where('id', '=', voucher.locationId!)
      .execute();
    expect(await sortNameDrift()).toBe(0);
    const other = await t.db
      .selectFrom('location')
      .select(['id', 'debtorId'])
      .where('creditorId', '=', creditorId)
      .where('debtorId', '<>', voucher.debtorId!)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('voucher')
      .set({ debtorId: other.debtorId, locationId: other.id })
      .where('id', '=', voucher.id)
      .execute();
    expect(await sortNameDrift()).toBe(0);
  });

  it.each(['debtor.name', 'location.name'])(
    'orders the list by %s as the joined names would',
    async (column) => {
      for (const desc of [false, true]) {
        const page = (await list(`page=1&rowsPerPage=50&sortBy=${column}&sortDesc=${desc}`)).json();
        const names = page.vouchers.map(
          (v: { debtor: { name: string } | null; location: { name: string } | null }) =>
            column === 'debtor.name' ? v.debtor?.name : v.location?.name,
        );
        const joined = column === 'debtor.name' ? sql`d.name` : sql`l.name`;
        const { rows } = await sql<{ name: string | null }>`
        select ${joined} as name from voucher v
          left join debtor d on d.id = v.debtor_id left join location l on l.id = v.location_id
        where v.creditor_id = ${creditorId}
        order by ${joined} collate "und-x-icu" ${desc ? sql`desc` : sql`asc`} nulls last, v.id ${desc ? sql`desc` : sql`asc`}
        limit 50`.execute(t.db);
        expect(names).toEqual(rows.map((row) => row.name ?? undefined));
      }
    },
  );
});

describe('the list read alongside the permission (permissionReadAlong)', () => {
  it('answers 403 without a row when the permission is off, and the list again once it is on', async () => {
    const user = await t.db
      .selectFrom('appUser')
      .select(['id', 'permissions'])
      .where('username', '=', 'creditor@example.com')
      .executeTakeFirstOrThrow();
    const stored = (user.permissions ?? {}) as Record<string, unknown>;
    try {
      await t.db
        .updateTable('appUser')
        .set({ permissions: JSON.stringify({ ...stored, navigation: { vouchers: false } }) })
        .where('id', '=', user.id)
        .execute();
      const refused = await list('page=1&rowsPerPage=15');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden' });
      expect(refused.body).not.toContain('"vouchers"');
      // a page without rows reads the permission in the totals' own statement: refused as well
      expect((await list('page=9999&rowsPerPage=15')).statusCode).toBe(403);
      // a filter the product does not offer is still a 403 first: nothing about the caller's data
      expect((await list('page=1&rowsPerPage=15&filters[bnetId][]=x')).statusCode).toBe(403);
    } finally {
      await t.db
        .updateTable('appUser')
        .set({ permissions: JSON.stringify(stored) })
        .where('id', '=', user.id)
        .execute();
    }
    // a change applies at once: the permission is read per request
    expect((await list('page=1&rowsPerPage=15')).statusCode).toBe(200);
  });
});

describe('statements compiled once per shape (StatementCache)', () => {
  it('gives each tenant its own rows from the same compiled list statement', async () => {
    const other = await loginAs(t.app, 'creditor2@example.com');
    const query = 'page=1&rowsPerPage=15&sortBy=amount&sortDesc=true&filters[status][]=open';
    const ownIds = async (bearerToken: string, username: string) => {
      const own = await creditorIdOfUser(t.db, username);
      const response = await t.app.inject({ url: `/api/voucher/list?${query}`, headers: bearer(bearerToken) });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { vouchers: { id: number; amount: number }[]; count: number };
      const expected = await t.db
        .selectFrom('voucher')
        .select(['id'])
        .where('creditorId', '=', own)
        .where('status', '=', 'open')
        .orderBy('amount', 'desc')
        .orderBy('id', 'desc')
        .limit(15)
        .execute();
      const { n } = await t.db
        .selectFrom('voucher')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('creditorId', '=', own)
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow();
      expect(body.vouchers.map((v) => v.id)).toEqual(expected.map((v) => v.id));
      expect(body.count).toBe(Number(n));
      return body.vouchers.map((v) => v.id);
    };
    // the same shape, asked by one tenant, then the other, then the first again
    const first = await ownIds(token, 'creditor@example.com');
    const second = await ownIds(other, 'creditor2@example.com');
    expect(await ownIds(token, 'creditor@example.com')).toEqual(first);
    expect(first.length).toBeGreaterThan(0);
    expect(second.some((id) => first.includes(id))).toBe(false);
  });

  it('runs a kept statement with each call\'s values, keeps at most its size, and refuses a slot that is not a parameter', async () => {
    const cache = new StatementCache(2);
    const name = (id: number) =>
      cache.rows(t.db, 'creditor name', { id }, (slot) => t.db.selectFrom('creditor').select('name').where('id', '=', slot.id));
    const [a, b] = await t.db.selectFrom('creditor').select(['id', 'name']).orderBy('id').limit(2).execute();
    expect(await name(a.id)).toEqual([{ name: a.name }]);
    expect(await name(b.id)).toEqual([{ name: b.name }]);
    expect(cache.shapes).toBe(1);
    for (const key of ['x', 'y', 'z']) {
      await cache.rows(t.db, key, { id: a.id }, (slot) => t.db.selectFrom('creditor').select('id').where('id', '=', slot.id));
    }
    expect(cache.shapes).toBe(2);
    // a slot the builder computed with instead of passing it on would run every call with the first value
    await expect(
      cache.rows(t.db, 'computed', { id: a.id }, () => t.db.selectFrom('creditor').select('id').where('id', '=', a.id)),
    ).rejects.toThrow(/not used as parameters: id/);
    expect(cache.shapes).toBe(2);
  });
});
