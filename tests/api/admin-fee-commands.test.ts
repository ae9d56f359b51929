import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { todayIso } from '../../src/shared/validation/german-input.parse';

// A creditor's service-fee conditions (schema/commands/adminServiceFees.yaml): create with the date
// rules, delete one not yet started.

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['admin', 'support', 'productadmin-tpf']) tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const inDays = (days: number) => todayIso(new Date(Date.now() + days * 86_400_000));
const create = (user: string, body: unknown) =>
  call(t, '/creditor-service-fee/creditor-fee-condition/create', { token: tokens[user], method: 'POST', body });
const conditions = async (creditorId: number) =>
  (await call(t, `/creditor-service-fee/creditor-fee-condition/${creditorId}/list`, { token: tokens.admin })).body.creditorFeeConditions as any[];

describe('service-fee conditions', () => {
  it('creates a condition from a day on; the previous one ends the day before; guards change nothing', async () => {
    const user = await t.db.selectFrom('appUser').select('creditorId').where('username', '=', 'creditor2@example.com').executeTakeFirstOrThrow();
    const creditor = await t.db.selectFrom('creditor').selectAll().where('id', '=', user.creditorId!).executeTakeFirstOrThrow();
    const own = await t.db.selectFrom('serviceFeeMatrixEntry').select(['id', 'identifier']).where('productType', '=', creditor.product).executeTakeFirstOrThrow();
    const other = await t.db.selectFrom('serviceFeeMatrixEntry').select('id').where('productType', '<>', creditor.product).executeTakeFirstOrThrow();
    const body = { creditorIdentifier: creditor.id, serviceFeeMatrixIdentifier: String(own.id), validFromDate: inDays(40) };
    const before = await conditions(creditor.id);

    const cases: [string, unknown, number, string?][] = [
      ['support', body, 403],
      ['productadmin-tpf', body, 404],
      ['admin', { ...body, serviceFeeMatrixIdentifier: String(other.id) }, 422, 'adminCommands.matrixEntryNotOffered'],
      ['admin', { ...body, validFromDate: inDays(-1) }, 422, 'adminCommands.feeConditionInPast'],
      ['admin', { ...body, validFromDate: 'gestern' }, 400],
    ];
    for (const [who, payload, status, reason] of cases) {
      const refused = await refusedUnchanged(t, () => create(who, payload));
      expect(refused, `${who} ${JSON.stringify(payload)}`).toMatchObject({ status, unchanged: true });
      if (reason) expect(refused.body.reason).toBe(reason);
    }

    const created = await create('admin', body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const after = await conditions(creditor.id);
    expect(after).toHaveLength(before.length + 1);
    const added = after.find((c) => c.identifier === created.body.identifier);
    expect(added).toMatchObject({ status: 'planned', current: false });
    const index = after.indexOf(added);
    if (index > 0) expect(after[index - 1].validToDate).toBeTruthy();

    const sameDay = await refusedUnchanged(t, () => create('admin', { ...body, serviceFeeMatrixIdentifier: own.identifier }));
    expect(sameDay).toMatchObject({ status: 409, unchanged: true, body: { reason: 'adminCommands.feeConditionDateTaken' } });

    // delete: the planned one may go, a started one may not
    const started = after.find((c) => c.current);
    if (started) {
      const refused = await refusedUnchanged(t, () =>
        call(t, `/creditor-service-fee/creditor-fee-condition/${started.identifier}/delete`, { token: tokens.admin, method: 'DELETE' }),
      );
      expect(refused).toMatchObject({ status: 409, unchanged: true, body: { reason: 'adminCommands.feeConditionStarted' } });
    }
    const denied = await refusedUnchanged(t, () =>
      call(t, `/creditor-service-fee/creditor-fee-condition/${added.identifier}/delete`, { token: tokens['productadmin-tpf'], method: 'DELETE' }),
    );
    expect(denied).toMatchObject({ status: 404, unchanged: true });
    const deleted = await call(t, `/creditor-service-fee/creditor-fee-condition/${added.identifier}/delete`, { token: tokens.admin, method: 'DELETE' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await conditions(creditor.id)).toHaveLength(before.length);
    const log = await t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', 'service_fee_condition_delete').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ adminEmail: 'admin@example.com', creditorId: creditor.id });
  });
});
