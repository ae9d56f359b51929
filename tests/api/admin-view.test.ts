import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call } from '../helpers/commands';

// The admin view while an admin acts as a creditor user (the toolbar's admin-view toggle): the
// process logs of the user's debtors and vouchers open with the impersonation token — only the
// creditor's own records, only while the admin may still open the creditors screen.

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['admin', 'support', 'creditor'])
    tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const userOf = (username: string) =>
  t.db.selectFrom('appUser').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
const recordsOf = async (creditorId: number) => ({
  debtor: (
    await t.db
      .selectFrom('debtor')
      .select('id')
      .where('creditorId', '=', creditorId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id,
  voucher: (
    await t.db
      .selectFrom('voucher')
      .select('id')
      .where('creditorId', '=', creditorId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id,
});
const impersonate = async (admin: string, username: string) => {
  const user = await userOf(username);
  const answer = await call(t, `/user-management/user/${user.id}/switch`, { token: tokens[admin] });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token as string;
};

describe('process logs in the admin view', () => {
  it("opens the acting admin the process logs of the user's records, not another creditor's", async () => {
    const own = await recordsOf((await userOf('creditor@example.com')).creditorId!);
    const other = await recordsOf((await userOf('creditor2@example.com')).creditorId!);
    // (support may not impersonate: no impersonate_user — issue 26)
    const token = await impersonate('admin', 'creditor@example.com');
    const debtorLog = await call(t, `/debtor/${own.debtor}/process-log/list`, { token });
    expect(debtorLog.status, JSON.stringify(debtorLog.body)).toBe(200);
    expect(Array.isArray(debtorLog.body)).toBe(true);
    const voucherLog = await call(t, `/voucher/${own.voucher}/process-log/list`, { token });
    expect(voucherLog.status, JSON.stringify(voucherLog.body)).toBe(200);
    expect(voucherLog.body).toMatchObject({ entries: expect.any(Array) });
    expect((await call(t, `/debtor/${other.debtor}/process-log/list`, { token })).status).toBe(404);
    expect((await call(t, `/voucher/${other.voucher}/process-log/list`, { token })).status).toBe(404);
    // the creditor user's own session has no admin view
    expect((await call(t, `/debtor/${own.debtor}/process-log/list`, { token: tokens.creditor })).status).toBe(
      403,
    );
  });

  it('ends with the admin: one without a creditor-screen permission gets 403; a disabled admin ends the impersonation (401)', async () => {
    const own = await recordsOf((await userOf('creditor@example.com')).creditorId!);
    const token = await impersonate('admin', 'creditor@example.com');
    expect((await call(t, `/debtor/${own.debtor}/process-log/list`, { token })).status).toBe(200);
    const admin = await userOf('admin@example.com');
    await t.db
      .updateTable('appUser')
      .set({ permissions: JSON.stringify({ admin: ['view_action_log', 'assign_debtor', 'impersonate_user'] }) })
      .where('id', '=', admin.id)
      .execute();
    expect((await call(t, `/debtor/${own.debtor}/process-log/list`, { token })).status).toBe(403);
    await t.db
      .updateTable('appUser')
      .set({ permissions: JSON.stringify(admin.permissions), status: 'blocked' })
      .where('id', '=', admin.id)
      .execute();
    expect((await call(t, `/voucher/${own.voucher}/process-log/list`, { token })).status).toBe(401);
  });
});
