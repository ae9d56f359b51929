import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';

// Debtor assignment (schema/commands/adminAssignments.yaml): the contract with document processing.

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['admin', 'support', 'productadmin-tpf', 'creditor']) tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const assign = (user: string, id: number, body: unknown) =>
  call(t, `/debtor-assignment/assign/${id}`, { token: tokens[user], method: 'POST', body });

describe('assign a case', () => {
  it('assigns an open case to an active debtor and location; the waiting voucher takes them', async () => {
    const open = await t.db
      .selectFrom('debtorAssignment as a')
      .innerJoin('creditor as c', 'c.id', 'a.creditorId')
      .select(['a.id', 'a.creditorId', 'a.voucherId', 'c.product'])
      .where('a.status', 'in', ['in_review', 'open', 'progress'])
      .where('a.voucherId', 'is not', null)
      .where('c.product', '=', 'SMAFA')
      .executeTakeFirstOrThrow();
    const location = await t.db
      .selectFrom('location as l')
      .innerJoin('debtor as d', (j) => j.onRef('d.id', '=', 'l.debtorId').onRef('d.creditorId', '=', 'l.creditorId'))
      .select(['l.id as locationId', 'd.id as debtorId', 'd.identifier'])
      .where('l.creditorId', '=', open.creditorId)
      .where('d.status', '=', 'active')
      .where('l.status', '=', 'active')
      .executeTakeFirstOrThrow();
    const other = await t.db.selectFrom('debtor').select('id').where('creditorId', '<>', open.creditorId).executeTakeFirstOrThrow();
    const body = { debtorIdentifier: String(location.debtorId), locationIdentifier: String(location.locationId) };

    const cases: [string, unknown, number][] = [
      ['support', body, 403],
      ['creditor', body, 403],
      ['productadmin-tpf', body, 404],
      ['admin', { ...body, debtorIdentifier: String(other.id) }, 422],
      ['admin', { ...body, locationIdentifier: '999999' }, 422],
      ['admin', { debtorIdentifier: body.debtorIdentifier }, 400],
    ];
    for (const [user, payload, status] of cases) {
      const refused = await refusedUnchanged(t, () => assign(user, open.id, payload));
      expect(refused, `${user} ${JSON.stringify(payload)}`).toMatchObject({ status, unchanged: true });
    }
    const unknown = await refusedUnchanged(t, () => assign('admin', 999999, body));
    expect(unknown).toMatchObject({ status: 404, unchanged: true });

    const answer = await assign('admin', open.id, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const admin = await t.db.selectFrom('appUser').select('id').where('username', '=', 'admin@example.com').executeTakeFirstOrThrow();
    const decided = await t.db.selectFrom('debtorAssignment').selectAll().where('id', '=', open.id).executeTakeFirstOrThrow();
    expect(decided).toMatchObject({
      status: 'accepted',
      assignedDebtorId: location.debtorId,
      assignedLocationId: location.locationId,
      decidedByUserId: admin.id,
    });
    expect(decided.decidedAt).not.toBeNull();
    const voucher = await t.db.selectFrom('voucher').select(['debtorId', 'locationId']).where('id', '=', open.voucherId!).executeTakeFirstOrThrow();
    expect(voucher).toEqual({ debtorId: location.debtorId, locationId: location.locationId });
    const log = await t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', 'debtor_assign').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ adminEmail: 'admin@example.com', creditorId: open.creditorId, debtorIdentifier: location.identifier });
    // decided once
    const again = await refusedUnchanged(t, () => assign('admin', open.id, body));
    expect(again).toMatchObject({ status: 409, unchanged: true, body: { reason: 'commands.wrongState' } });
  });
});
