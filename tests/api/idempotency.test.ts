import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variants } from '../../generated/variants';
import { startWorkers } from '../../src/server/adapters/workers';
import { todayIso } from '../../src/shared/validation';
import { type TestApp, bearer, buildTestApp, creditorIdOfUser, loginAs } from '../helpers/app';
import { fingerprint } from '../helpers/commands';
import { insertOpenInvoice } from '../helpers/vouchers';

// Issue 25, item 5: the Idempotency-Key header (IETF draft "The Idempotency-Key HTTP Header Field",
// Stripe). The same key from the same user within 24 hours answers the first answer and changes
// nothing — also when 20 identical requests arrive at once; the same key with another body is a
// 422; a key still running is a 409; keys expire after 24 hours (moved clock, workers' sweep).
// Runs on PGlite and PostgreSQL (on PostgreSQL the 20 requests really run side by side).

let t: TestApp;
let now = new Date();
let creditor: string;
let creditor2: string;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  creditor = await loginAs(t.app, 'creditor@example.com');
  creditor2 = await loginAs(t.app, 'creditor2@example.com');
});
afterAll(() => t.close());

/** A purchased, open invoice of the demo creditor as document processing leaves it. */
async function newInvoice(user = 'creditor@example.com') {
  return insertOpenInvoice(t.db, await creditorIdOfUser(t.db, user), 'IK');
}

const send = (token: string, url: string, payload: object | undefined, key?: string, method: 'POST' | 'GET' | 'PUT' = 'POST') =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
const leftover = async (id: number) =>
  Number((await t.db.selectFrom('voucher').select('leftoverAmount').where('id', '=', id).executeTakeFirstOrThrow()).leftoverAmount);
const paymentLogs = (id: number) =>
  t.db.selectFrom('actionLogEntry').select('id').where('voucherIdentifier', '=', String(id)).where('actionType', 'like', '%payment%').execute();

describe('Idempotency-Key on commands', () => {
  it('20 identical direct payments with one key sent at once take effect once; every other answer is the first or a 409', async () => {
    const id = await newInvoice();
    const key = randomUUID();
    const body = { amount: 10_000, paymentDate: todayIso() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(creditor, `/voucher/${id}/direct-payment`, body, key)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 200 || s === 409), statuses.join(',')).toBe(true);
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const a of ok) expect(a.body).toBe(ok[0].body);
    for (const a of answers.filter((a) => a.statusCode === 409)) expect(a.json().code).toBe('idempotency.inProgress');
    expect(await leftover(id)).toBe(90_000);
    expect(await paymentLogs(id)).toHaveLength(1);
    // once they are done, the same key answers the first answer again, marked as a replay
    const again = await send(creditor, `/voucher/${id}/direct-payment`, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(ok[0].body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await leftover(id)).toBe(90_000);
  });

  it('without a key, two identical payments are two payments (a key is what makes a request the same)', async () => {
    const id = await newInvoice();
    const body = { amount: 10_000, paymentDate: todayIso() };
    expect((await send(creditor, `/voucher/${id}/direct-payment`, body)).statusCode).toBe(200);
    expect((await send(creditor, `/voucher/${id}/direct-payment`, body)).statusCode).toBe(200);
    expect(await leftover(id)).toBe(80_000);
  });

  it('the same key with another body or path is a 422 and changes nothing', async () => {
    const id = await newInvoice();
    const key = randomUUID();
    expect((await send(creditor, `/voucher/${id}/comment`, { comment: 'Erste Rate' }, key)).statusCode).toBe(200);
    const before = await fingerprint(t);
    const other = await send(creditor, `/voucher/${id}/comment`, { comment: 'Zweite Rate' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'idempotency.keyReused' });
    expect(other.json().message).toMatch(/anderen Angaben/);
    const otherPath = await send(creditor, `/voucher/${id}/direct-payment`, { amount: 100, paymentDate: todayIso() }, key);
    expect(otherPath.statusCode).toBe(422);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('replays the first answer even after the state moved on (a GET-shaped command of the spec)', async () => {
    const location = await t.db
      .selectFrom('location as l')
      .innerJoin('debtor as d', 'd.id', 'l.debtorId')
      .select('l.id')
      .where('l.creditorId', '=', await creditorIdOfUser(t.db, 'creditor@example.com'))
      .where('d.status', '=', 'active')
      .orderBy('l.id', 'desc')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('location').set({ status: 'inactive' }).where('id', '=', location.id).execute();
    const key = randomUUID();
    const first = await send(creditor, `/location/${location.id}/activate`, undefined, key, 'GET');
    expect(first.statusCode, first.body).toBe(200);
    const before = await fingerprint(t);
    const again = await send(creditor, `/location/${location.id}/activate`, undefined, key, 'GET');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await fingerprint(t)).toEqual(before);
    // without the key the repeated call meets the new state
    expect((await send(creditor, `/location/${location.id}/activate`, undefined, undefined, 'GET')).statusCode).toBe(409);
  });

  it('keeps keys per user, keeps no key for a refused command, and refuses a malformed key', async () => {
    const key = randomUUID();
    const mine = await newInvoice();
    const theirs = await newInvoice('creditor2@example.com');
    expect((await send(creditor, `/voucher/${mine}/comment`, { comment: 'A' }, key)).statusCode).toBe(200);
    // another user's same key is another request
    expect((await send(creditor2, `/voucher/${theirs}/comment`, { comment: 'A' }, key)).statusCode).toBe(200);
    expect(await t.db.selectFrom('idempotencyKey').select('userId').where('key', '=', key).execute()).toHaveLength(2);
    // a refusal rolls back the key with everything else: the same key may be sent again
    const refusedKey = randomUUID();
    const refused = await send(creditor, `/voucher/${mine}/direct-payment`, { amount: 999_999_99, paymentDate: todayIso() }, refusedKey);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await t.db.selectFrom('idempotencyKey').select('key').where('key', '=', refusedKey).execute()).toEqual([]);
    const before = await fingerprint(t);
    const bad = await send(creditor, `/voucher/${mine}/comment`, { comment: 'B' }, 'mit Leerzeichen');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('idempotency.invalidKey');
    expect(await fingerprint(t)).toEqual(before);
  });

  it('forgets a key after 24 hours: the workers sweep it, and the same key acts again', async () => {
    const id = await newInvoice();
    const key = randomUUID();
    const body = { amount: 1_000, paymentDate: todayIso() };
    expect((await send(creditor, `/voucher/${id}/direct-payment`, body, key)).statusCode).toBe(200);
    now = new Date(now.getTime() + 23 * 3600_000);
    expect((await send(creditor, `/voucher/${id}/direct-payment`, body, key)).headers['idempotent-replayed']).toBe('true');
    expect(await leftover(id)).toBe(99_000);
    now = new Date(now.getTime() + 2 * 3600_000);
    // the sweep needs no adapter
    const workers = startWorkers({ db: t.db, adapters: {} as never, now: () => now, tasks: ['idempotencyKeys'] });
    await workers.runOnce();
    await workers.stop();
    expect(await t.db.selectFrom('idempotencyKey').select('key').where('key', '=', key).execute()).toEqual([]);
    const later = await send(creditor, `/voucher/${id}/direct-payment`, body, key);
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await leftover(id)).toBe(98_000);
  });
});

describe('Idempotency-Key on changing routes outside the command pipeline', () => {
  async function entryBody() {
    const creditorId = await creditorIdOfUser(t.db, 'creditor@example.com');
    const c = await t.db.selectFrom('creditor').select('identifier').where('id', '=', creditorId).executeTakeFirstOrThrow();
    const d = await t.db.selectFrom('debtor').select('identifier').where('creditorId', '=', creditorId).orderBy('id').executeTakeFirstOrThrow();
    const v = await t.db.selectFrom('voucher').select('id').where('creditorId', '=', creditorId).orderBy('id').executeTakeFirstOrThrow();
    return { actionType: 'file_download', payload: { fileName: 'R.pdf' }, creditorIdentifier: c.identifier, debtorIdentifier: d.identifier, voucherIdentifier: String(v.id) };
  }
  const downloads = async () => (await t.db.selectFrom('actionLogEntry').select('id').where('actionType', '=', 'file_download').execute()).length;

  it("writes the client's action-log entry once per key, replays its answer, refuses another body and a running key", async () => {
    const body = await entryBody();
    const key = randomUUID();
    const before = await downloads();
    const first = await send(creditor, '/action-log/create-entry', body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(creditor, '/action-log/create-entry', body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await downloads()).toBe(before + 1);
    expect((await send(creditor, '/action-log/create-entry', { ...body, payload: { fileName: 'S.pdf' } }, key)).statusCode).toBe(422);
    expect(await downloads()).toBe(before + 1);

    // a claim another process holds (still running, no answer yet) is a 409
    const running = randomUUID();
    const userId = (await t.db.selectFrom('appUser').select('id').where('username', '=', 'creditor@example.com').executeTakeFirstOrThrow()).id;
    await t.db
      .insertInto('idempotencyKey')
      .values({ userId, key: running, fingerprint: 'x', method: 'POST', path: '/api/action-log/create-entry', statusCode: null, responseBody: null, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) })
      .execute();
    const busy = await send(creditor, '/action-log/create-entry', body, running);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('idempotency.inProgress');
    expect(await downloads()).toBe(before + 1);
    // a refused request gives its key free again
    const refusedKey = randomUUID();
    expect((await send(creditor, '/action-log/create-entry', { ...body, voucherIdentifier: '999999999' }, refusedKey)).statusCode).toBe(404);
    expect(await t.db.selectFrom('idempotencyKey').select('key').where('key', '=', refusedKey).execute()).toEqual([]);
  });
});

describe('commands that can happen only once answer 409 the second time, even without a key', () => {
  const bookings = (creditorId: number) =>
    t.db.selectFrom('bookingRequest').select('id').where('creditorId', '=', creditorId).where('kind', '=', 'setupFee').execute();
  const logs = (type: string) => t.db.selectFrom('actionLogEntry').select('id').where('actionType', '=', type).execute();

  it('charges the set-up fee once: the second call and calls at once are 409 with one booking and one log entry', async () => {
    const admin = await loginAs(t.app, 'admin@example.com');
    const creditors = await t.db
      .selectFrom('creditor')
      .select(['id', 'product'])
      .where('status', '=', 'active')
      .where('id', 'not in', t.db.selectFrom('bookingRequest').select('creditorId').where('kind', '=', 'setupFee'))
      .orderBy('id')
      .limit(2)
      .execute();
    const logsBefore = (await logs('creditor_setup_fee')).length;
    // one after the other
    const [first, second] = creditors;
    const fee = { setupFee: variants[first.product].setupFeeOptions[0] };
    expect((await send(admin, `/bnet/send-setup-fee/${first.id}`, fee, undefined, 'PUT')).statusCode).toBe(200);
    const before = await fingerprint(t);
    const again = await send(admin, `/bnet/send-setup-fee/${first.id}`, fee, undefined, 'PUT');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'adminCommands.setupFeeAlreadyCharged' });
    expect(again.json().message).toMatch(/bereits berechnet/);
    expect(await fingerprint(t)).toEqual(before);
    expect(await bookings(first.id)).toHaveLength(1);
    // five at once, without a key
    const fee2 = { setupFee: variants[second.product].setupFeeOptions[0] };
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(admin, `/bnet/send-setup-fee/${second.id}`, fee2, undefined, 'PUT')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await bookings(second.id)).toHaveLength(1);
    expect(await logs('creditor_setup_fee')).toHaveLength(logsBefore + 2);
  });

  it('switches all users of a creditor off once: a repeat is a 409 and logs nothing', async () => {
    const admin = await loginAs(t.app, 'admin@example.com');
    const creditorId = await creditorIdOfUser(t.db, 'creditor2@example.com');
    expect((await send(admin, `/creditor/${creditorId}/disable-users`, {})).statusCode).toBe(200);
    const before = await fingerprint(t);
    const again = await send(admin, `/creditor/${creditorId}/disable-users`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('adminCommands.noUsersToDisable');
    expect(await fingerprint(t)).toEqual(before);
    expect((await send(admin, `/creditor/${creditorId}/enable-users`, {})).statusCode).toBe(200);
    const twice = await send(admin, `/creditor/${creditorId}/enable-users`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().reason).toBe('adminCommands.noUsersToEnable');
  });
});
