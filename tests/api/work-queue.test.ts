import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../generated/enums';
import { workQueueRoutes } from '../../generated/routes/work-queue';
import {
  isKnownTimePeriod,
  isSortableColumn,
  WORK_QUEUE_ERROR_AFTER_DAYS,
} from '../../src/server/db/repositories/work-queue.repository';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

let t: TestApp;
let token: string;
let otherToken: string;
let creditorId: number;

beforeAll(async () => {
  t = await buildTestApp();
  token = await loginAs(t.app, 'creditor@example.com');
  otherToken = await loginAs(t.app, 'creditor2@example.com');
  creditorId = (
    await t.db
      .selectFrom('appUser')
      .select('creditorId')
      .where('username', '=', 'creditor@example.com')
      .executeTakeFirstOrThrow()
  ).creditorId!;
});
afterAll(() => t.close());

const get = (url: string, auth = token) => t.app.inject({ url: `/api${url}`, headers: bearer(auth) });
const list = (query = '', auth = token) =>
  get(`/user-information/work-queue/list${query ? `?${query}` : ''}`, auth);

/** The shown status as the spec defines it, computed in TypeScript from the stored rows. */
async function expectedShown() {
  const rows = await t.db
    .selectFrom('workQueueItem')
    .select(['id', 'status', 'createdAt'])
    .where('creditorId', '=', creditorId)
    .execute();
  const limit = Date.now() - WORK_QUEUE_ERROR_AFTER_DAYS * 86_400_000;
  return new Map(
    rows.map((row) => {
      const open = row.status === 'open' || row.status === 'read';
      const shown =
        row.status === 'error' || (open && row.createdAt.getTime() < limit)
          ? 'error'
          : open
            ? 'open'
            : row.status;
      return [row.id, shown];
    }),
  );
}

describe('GET /api/user-information/work-queue/list', () => {
  it('answers the items of the caller, newest first, with count and empty', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const shown = await expectedShown();
    expect(body.count).toBe(shown.size);
    expect(body.count).toBeGreaterThan(0);
    expect(body.empty).toBe(false);
    const created = body.items.map((item: { created: number }) => item.created);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const item = body.items[0];
    expect(item).toMatchObject({ identifier: expect.any(Number), title: expect.any(String) });
    expect(item.vouchers.length).toBeGreaterThan(0);
    expect(item.messages.length).toBeGreaterThan(0);
    expect(item.stateOfAffairs.acceptedOptions.length).toBeGreaterThan(0);
    for (const entry of body.items) expect(entry.statusToShow).toBe(shown.get(entry.identifier));
  });

  it('computes the shown status: read counts as open, old open items and error status as error', async () => {
    const shown = await expectedShown();
    const values = new Set(shown.values());
    expect(values.has('error')).toBe(true);
    expect(values.has('open')).toBe(true);
    // make one open item 8 days old: it turns into an error
    const open = [...shown].find(([, s]) => s === 'open')![0];
    await t.db
      .updateTable('workQueueItem')
      .set({ createdAt: sql`now() - interval '8 days'` as never })
      .where('id', '=', open)
      .execute();
    const item = (await get(`/user-information/work-queue/show/${open}`)).json();
    expect(item.statusToShow).toBe('error');
  });

  it('filters by shown status, search and time period', async () => {
    const shown = await expectedShown();
    for (const status of ['open', 'send', 'done', 'error']) {
      const body = (await list(`filters[status][]=${status}&rowsPerPage=100`)).json();
      expect(body.count, status).toBe([...shown.values()].filter((s) => s === status).length);
      for (const item of body.items) expect(item.statusToShow).toBe(status);
    }
    // read selects the open items (read is shown as open)
    expect((await list('filters[status][]=read')).json().count).toBe(
      (await list('filters[status][]=open')).json().count,
    );
    const first = (await list()).json().items[0];
    const byTitle = (await list(`filters[search][]=${encodeURIComponent(first.fileIdentifier)}`)).json();
    expect(byTitle.items.map((i: { identifier: number }) => i.identifier)).toEqual([first.identifier]);
    const byDebtor = (await list(`filters[search][]=${encodeURIComponent(first.debtor.name)}`)).json();
    expect(
      byDebtor.items.every((i: { debtor: { name: string } }) => i.debtor.name === first.debtor.name),
    ).toBe(true);
    const none = (await list('filters[search][]=gibt-es-nicht')).json();
    expect(none).toMatchObject({ items: [], count: 0, empty: false });
    const week = (await list('filters[timePeriod][]=last_7_days&rowsPerPage=100')).json();
    const since = Date.now() / 1000 - 8 * 86_400;
    expect(week.items.every((i: { created: number }) => i.created >= since)).toBe(true);
    expect(week.count).toBeLessThanOrEqual(shown.size);
  });

  it('sorts by every sortable column', async () => {
    for (const column of workQueueRoutes.list.schema.querystring.properties.sortBy.enum) {
      expect(isSortableColumn(column)).toBe(true);
      const asc = await list(`sortBy=${column}&sortDesc=false&rowsPerPage=100`);
      expect(asc.statusCode, column).toBe(200);
    }
    const byTitle = (await list('sortBy=title&rowsPerPage=100'))
      .json()
      .items.map((i: { title: string }) => i.title);
    expect(byTitle).toEqual([...byTitle].sort(new Intl.Collator('und').compare));
    for (const value of enums.timePeriodFilter.values)
      expect(isKnownTimePeriod(String(value.value))).toBe(true);
  });

  it.each([['rowsPerPage=7'], ['sortBy=text'], ['filters[status][]=lost'], ['filters[other][]=x']])(
    'answers 400 for %s',
    async (query) => {
      expect((await list(query)).statusCode).toBe(400);
    },
  );

  it('keeps tenants apart: lists, show and count', async () => {
    const mine = (await list('rowsPerPage=100'))
      .json()
      .items.map((i: { identifier: number }) => i.identifier);
    const theirs = (await list('rowsPerPage=100', otherToken))
      .json()
      .items.map((i: { identifier: number }) => i.identifier);
    expect(mine.filter((id: number) => theirs.includes(id))).toEqual([]);
    expect((await get(`/user-information/work-queue/show/${mine[0]}`, otherToken)).statusCode).toBe(404);
    expect((await get('/user-information/work-queue/show/999999')).statusCode).toBe(404);
  });

  it('lets every creditor role read, and no admin or anonymous caller', async () => {
    for (const user of ['observer@example.com', 'assistant@example.com', 'management@example.com']) {
      expect((await list('', await loginAs(t.app, user))).statusCode, user).toBe(200);
    }
    expect((await list('', await loginAs(t.app, 'admin@example.com'))).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/user-information/work-queue/list' })).statusCode).toBe(401);
  });

  it('gives each tenant its own page from the same compiled statement; an ended session or a blocked user is refused without a row', async () => {
    for (const query of ['', 'sortBy=title', 'filters[status][]=open']) {
      const own = (await list(query)).json();
      const other = (await list(query, otherToken)).json();
      expect((await list(query)).json()).toEqual(own);
      const ownIds = new Set(
        (await t.db.selectFrom('workQueueItem').select('id').where('creditorId', '=', creditorId).execute()).map((r) => r.id),
      );
      expect(own.items.length).toBeGreaterThan(0);
      expect(own.items.every((item: { identifier: number }) => ownIds.has(item.identifier))).toBe(true);
      expect(other.items.some((item: { identifier: number }) => ownIds.has(item.identifier))).toBe(false);
    }
    const user = await t.db
      .selectFrom('appUser')
      .select(['id', 'sessionVersion', 'status'])
      .where('username', '=', 'creditor@example.com')
      .executeTakeFirstOrThrow();
    for (const change of [{ sessionVersion: user.sessionVersion + 1 }, { status: 'blocked' }]) {
      try {
        await t.db.updateTable('appUser').set(change).where('id', '=', user.id).execute();
        for (const query of ['', 'page=9999']) {
          const refused = await list(query);
          expect(refused.statusCode, JSON.stringify(change)).toBe(401);
          expect(refused.body).not.toContain('"items"');
        }
      } finally {
        await t.db
          .updateTable('appUser')
          .set({ sessionVersion: user.sessionVersion, status: user.status })
          .where('id', '=', user.id)
          .execute();
      }
    }
    expect((await list('')).statusCode).toBe(200);
  });
});

describe('GET /api/user-information/work-queue/count-unhandled', () => {
  it('counts open, read and error items of the caller', async () => {
    const body = (await get('/user-information/work-queue/count-unhandled')).json();
    const row = await t.db
      .selectFrom('workQueueItem')
      .where('creditorId', '=', creditorId)
      .where('status', 'in', ['open', 'read', 'error'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(body).toEqual({ count: Number(row.n) });
  });
});
