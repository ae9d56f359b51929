import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vouchersResource } from '../../generated/resources/vouchers';
import {
  type VoucherListQuery,
  type VoucherListSeek,
  voucherRowsAfter,
  voucherRowsQuery,
} from '../../src/server/db/repositories/voucher-list.repository';
import { voucherCsvStream } from '../../src/server/routes/vouchers/voucher-csv';
import { buildTestApp, creditorIdOfUser, type TestApp } from '../helpers/app';

// Keyset paging of the CSV export (issue 13): reading the list in small batches, each after the
// previous batch's last row, gives exactly the rows of one unpaged query in the same order — for
// nullable sorts (nulls last), collated text sorts, and sorts with many ties.

type SortQuery = Omit<VoucherListQuery, 'page' | 'rowsPerPage'>;

let t: TestApp;
let creditorId: number;
const BATCH = 3;

beforeAll(async () => {
  t = await buildTestApp();
  creditorId = await creditorIdOfUser(t.db, 'creditor@example.com');
  // ties and nulls the demo data may not have: uploads (no official number yet) may lack number,
  // debtor, location and date; several share one number, one upload time (with microseconds),
  // one deadline; debtors share names that differ only in case and accents, locations one name
  const uploads = await t.db
    .selectFrom('voucher')
    .select('id')
    .where('creditorId', '=', creditorId)
    .where('officialVoucherNumber', 'is', null)
    .orderBy('id')
    .execute();
  expect(uploads.length).toBeGreaterThanOrEqual(12);
  const ids = uploads.map((u) => u.id);
  await t.db.updateTable('voucher').set({ customNumber: null }).where('id', 'in', ids.slice(0, 4)).execute();
  await t.db.updateTable('voucher').set({ customNumber: 'RE-GLEICH' }).where('id', 'in', ids.slice(4, 8)).execute();
  await t.db
    .updateTable('voucher')
    .set({ debtorId: null, locationId: null, voucherDate: null, paymentDeadline: null })
    .where('id', 'in', ids.slice(2, 7))
    .execute();
  await sql`update voucher set uploaded_at = '2025-03-04 05:06:07.123456+00' where id in (${sql.join(ids.slice(6, 12))})`.execute(t.db);
  await t.db.updateTable('voucher').set({ paymentDeadline: '2025-06-30' }).where('id', 'in', ids.slice(8, 12)).execute();
  const debtors = await t.db.selectFrom('debtor').select('id').where('creditorId', '=', creditorId).orderBy('id').limit(4).execute();
  const names = ['Gleich GmbH', 'gleich gmbh', 'Gleich GmbH', 'Gléich GmbH'];
  for (const [i, debtor] of debtors.entries())
    await t.db.updateTable('debtor').set({ name: names[i] }).where('id', '=', debtor.id).execute();
  const locations = await t.db.selectFrom('location').select('id').where('creditorId', '=', creditorId).orderBy('id').limit(3).execute();
  await t.db.updateTable('location').set({ name: 'Filiale Mitte' }).where('id', 'in', locations.map((l) => l.id)).execute();
});
afterAll(() => t.close());

/** The whole list read batch after batch, as the CSV export reads it. */
async function keysetRows(query: SortQuery, batch = BATCH) {
  const rows: Awaited<ReturnType<ReturnType<typeof voucherRowsAfter>['execute']>> = [];
  let after: VoucherListSeek | undefined;
  for (;;) {
    const page = await voucherRowsAfter(t.db, creditorId, query, after).limit(batch).execute();
    rows.push(...page);
    if (page.length < batch) return rows;
    after = { key: page[page.length - 1].seekKey, id: page[page.length - 1].id };
  }
}

const SORTS: SortQuery[] = [
  { sortDesc: false }, // no sort: newest upload first
  ...['numberToShow', 'debtor.name', 'location.name', 'voucherDate', 'paymentDeadline', 'uploaded', 'amount', 'status', 'type'].flatMap(
    (sortBy) => [
      { sortBy, sortDesc: false },
      { sortBy, sortDesc: true },
    ],
  ),
  { sortBy: 'debtor.name', sortDesc: true, filters: { status: ['open'] } },
];

const label = (query: SortQuery) =>
  `${query.sortBy ?? 'default'} ${query.sortDesc ? 'desc' : 'asc'}${query.filters ? ' (status open)' : ''}`;

describe('voucherRowsAfter: keyset batches of the voucher list', () => {
  it.each(SORTS.map((query) => [label(query), query] as const))(
    '%s: the same rows in the same order as one query',
    async (_label, query) => {
      const whole = await voucherRowsQuery(t.db, creditorId, query).execute();
      expect(whole.length).toBeGreaterThan(10 * BATCH);
      const paged = await keysetRows(query);
      expect(paged.map((row) => row.id)).toEqual(whole.map((row) => row.id));
      // the batches carry the whole row, not just the id
      const { seekKey: _key, ...first } = paged[0];
      expect(first).toEqual(whole[0]);
    },
  );

  it('covers nulls and ties (the premise of the cases above)', async () => {
    const keys = async (sortBy: string) =>
      (await keysetRows({ sortBy, sortDesc: false }, 1000)).map((row) => row.seekKey);
    const ties = (values: (string | null)[]) => values.filter((v, i) => v !== null && values.indexOf(v) !== i).length;
    for (const sortBy of ['numberToShow', 'debtor.name', 'location.name', 'voucherDate', 'paymentDeadline']) {
      const values = await keys(sortBy);
      expect(values.filter((v) => v === null).length, sortBy).toBeGreaterThanOrEqual(BATCH + 1);
      expect(ties(values), sortBy).toBeGreaterThan(0);
      // nulls last, in both directions
      expect(values.slice(values.indexOf(null)).every((v) => v === null), sortBy).toBe(true);
    }
    for (const sortBy of ['uploaded', 'amount', 'status', 'type']) expect(ties(await keys(sortBy)), sortBy).toBeGreaterThan(0);
    const uploaded = await keys('uploaded');
    expect(uploaded.filter((v) => v?.includes('.123456')).length).toBe(6);
    // collated text order: case and accent variants next to each other, not by byte value
    const names = (await keys('debtor.name')).filter((v): v is string => v !== null && /^gl/i.test(v));
    expect(new Set(names)).toEqual(new Set(['Gleich GmbH', 'gleich gmbh', 'Gléich GmbH']));
  });

  it('streams the same CSV in small batches as in one', async () => {
    for (const query of [SORTS[0], { sortBy: 'debtor.name', sortDesc: false }, { sortBy: 'voucherDate', sortDesc: true }]) {
      const csv = async (batch: number) => {
        let text = '';
        for await (const chunk of await voucherCsvStream(t.db, creditorId, vouchersResource.list.columns, query, batch))
          text += chunk;
        return text;
      };
      const whole = await csv(100_000);
      expect(whole.split('\r\n').length).toBeGreaterThan(10 * BATCH);
      expect(await csv(BATCH)).toBe(whole);
    }
  });
});
