import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

let t: TestApp;
let token: string;
let userId: number;

beforeAll(async () => {
  t = await buildTestApp();
  token = await loginAs(t.app, 'creditor@example.com');
  userId = (
    await t.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'creditor@example.com')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const get = (url: string, auth = token) => t.app.inject({ url: `/api${url}`, headers: bearer(auth) });
const post = (url: string, payload: unknown, auth = token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/user-information/command/notification${url}`,
    payload: payload as object,
    headers: bearer(auth),
  });
const countNew = async (auth = token) =>
  (await get('/user-information/notification/count-new', auth)).json().count;
const statusOf = async (id: number) =>
  (await t.db.selectFrom('notification').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

describe('notifications', () => {
  it('lists the caller’s own notifications, newest first, with entries, count and empty', async () => {
    const response = await get('/user-information/notification/list?rowsPerPage=100');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const own = await t.db.selectFrom('notification').select('id').where('userId', '=', userId).execute();
    expect(body.count).toBe(own.length);
    expect(body.empty).toBe(false);
    expect(body.entries.map((e: { identifier: number }) => e.identifier).sort()).toEqual(
      own.map((r) => r.id).sort(),
    );
    const created = body.entries.map((e: { created: number }) => e.created);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(body.entries.some((e: { voucher: unknown }) => e.voucher)).toBe(true);
    expect(body.entries[0]).toMatchObject({
      status: expect.stringMatching(/^(new|read)$/),
      title: expect.any(String),
    });
  });

  it('pages and filters by status', async () => {
    const page1 = (await get('/user-information/notification/list?rowsPerPage=15&page=1')).json();
    expect(page1.entries.length).toBeLessThanOrEqual(15);
    const onlyNew = (
      await get('/user-information/notification/list?filters[status][]=new&rowsPerPage=100')
    ).json();
    expect(onlyNew.count).toBe(await countNew());
    expect(onlyNew.entries.every((e: { status: string }) => e.status === 'new')).toBe(true);
    expect((await get('/user-information/notification/list?filters[status][]=gone')).statusCode).toBe(400);
  });

  it('marks one as read and unread again, and the badge follows', async () => {
    const before = await countNew();
    const entry = (await get('/user-information/notification/list?filters[status][]=new')).json().entries[0];
    expect((await post('/read', { notificationIdentifier: entry.identifier })).statusCode).toBe(204);
    expect(await statusOf(entry.identifier)).toBe('read');
    expect(await countNew()).toBe(before - 1);
    expect((await post('/unread', { notificationIdentifier: entry.identifier })).statusCode).toBe(204);
    expect(await statusOf(entry.identifier)).toBe('new');
    expect(await countNew()).toBe(before);
  });

  it('marks several as read, then all', async () => {
    const fresh = (await get('/user-information/notification/list?filters[status][]=new')).json().entries;
    const ids = fresh.slice(0, 2).map((e: { identifier: number }) => e.identifier);
    expect((await post('/read-multiple', { notificationIdentifiers: ids })).statusCode).toBe(204);
    for (const id of ids) expect(await statusOf(id)).toBe('read');
    expect((await get('/user-information/command/notification/read-all')).statusCode).toBe(204);
    expect(await countNew()).toBe(0);
  });

  it('answers 404 for an unknown or another user’s notification and never touches it', async () => {
    const other = await t.db
      .selectFrom('notification')
      .select(['id', 'status'])
      .where('userId', '<>', userId)
      .where('status', '=', 'new')
      .executeTakeFirstOrThrow();
    // another user's id is "not found", like an unknown one — and nothing is marked, not even the own ones sent with it
    const own = { identifier: (await t.db.selectFrom('notification').select('id').where('userId', '=', userId).executeTakeFirstOrThrow()).id };
    expect((await post('/unread', { notificationIdentifier: own.identifier })).statusCode).toBe(204);
    for (const [path, body] of [
      ['/read', { notificationIdentifier: other.id }],
      ['/unread', { notificationIdentifier: other.id }],
      ['/read', { notificationIdentifier: 987_654_321 }],
      ['/read-multiple', { notificationIdentifiers: [own.identifier, other.id] }],
      ['/read-multiple', { notificationIdentifiers: [own.identifier, 987_654_321] }],
    ] as const) {
      const answer = await post(path, body);
      expect(answer.statusCode, `${path} ${JSON.stringify(body)}`).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'notFound', message: expect.stringMatching(/nicht gefunden/i) });
    }
    expect(await statusOf(other.id)).toBe('new');
    expect(await statusOf(own.identifier)).toBe('new');
    const secondToken = await loginAs(t.app, 'creditor2@example.com');
    const theirs = (await get('/user-information/notification/list?rowsPerPage=100', secondToken)).json();
    const mine = await t.db.selectFrom('notification').select('id').where('userId', '=', userId).execute();
    expect(theirs.entries.some((e: { identifier: number }) => mine.some((m) => m.id === e.identifier))).toBe(
      false,
    );
  });

  it('validates the command bodies and lets the observer mark as read', async () => {
    expect((await post('/read', {})).statusCode).toBe(400);
    expect((await post('/read-multiple', { notificationIdentifiers: 'x' })).statusCode).toBe(400);
    const observer = await loginAs(t.app, 'observer@example.com');
    expect((await get('/user-information/notification/list', observer)).statusCode).toBe(200);
    expect((await get('/user-information/command/notification/read-all', observer)).statusCode).toBe(204);
    expect(
      (await get('/user-information/notification/count-new', await loginAs(t.app, 'admin@example.com')))
        .statusCode,
    ).toBe(403);
  });
});
