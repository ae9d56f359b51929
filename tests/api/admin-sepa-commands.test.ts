import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { todayIso } from '../../src/shared/validation/german-input.parse';

// SEPA update requests with four eyes (schema/commands/adminSepa.yaml): request, accept, decline.

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['superadmin', 'admin', 'support', 'productadmin', 'productadmin-tpf', 'creditor']) {
    tokens[user] = await loginAs(t.app, `${user}@example.com`);
  }
});
afterAll(() => t.close());

const post = (user: string, path: string, body: unknown) => call(t, path, { token: tokens[user], method: 'POST', body });
const creditorOf = async (username: string) => {
  const user = await t.db.selectFrom('appUser').select('creditorId').where('username', '=', username).executeTakeFirstOrThrow();
  return t.db.selectFrom('creditor').selectAll().where('id', '=', user.creditorId!).executeTakeFirstOrThrow();
};
const requestOf = (id: number) => t.db.selectFrom('sepaUpdateRequest').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const userId = async (username: string) =>
  (await t.db.selectFrom('appUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const inDays = (days: number) => todayIso(new Date(Date.now() + days * 86_400_000));
const newData = (creditorIdentifier: number) => ({
  creditorIdentifier,
  accountOwner: 'Neue Inhaber GmbH',
  iban: 'DE89370400440532013000',
  startSepaDate: inDays(3),
  sepaMandateAvailable: true,
});

async function openRequest(username: string, by = 'admin') {
  const creditor = await creditorOf(username);
  // a creditor has at most one open request: close what the seed left open
  await t.db
    .updateTable('sepaUpdateRequest')
    .set({ status: 'declined', decisionAt: new Date(), decisionUserId: await userId('superadmin@example.com') })
    .where('creditorId', '=', creditor.id)
    .where('status', '=', 'in_review')
    .where('creatorUserId', '<>', await userId('superadmin@example.com'))
    .execute();
  const answer = await post(by, '/creditor-debit-update/command/request', newData(creditor.id));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { creditor, requestId: answer.body.creditorDebitUpdateIdentifier as number };
}

describe('request', () => {
  it('records a request with its creator; a second open one for the creditor is refused', async () => {
    const { creditor, requestId } = await openRequest('creditor@example.com');
    expect(await requestOf(requestId)).toMatchObject({
      creditorId: creditor.id,
      status: 'in_review',
      accountOwner: 'Neue Inhaber GmbH',
      iban: 'DE89370400440532013000',
      creatorUserId: await userId('admin@example.com'),
      decisionAt: null,
      decisionUserId: null,
    });
    const list = await call(t, '/creditor-debit-update/list?filters[status][]=in_review&rowsPerPage=100', { token: tokens.admin });
    const mine = list.body.creditorDebitUpdates.find((r: any) => r.identifier === requestId);
    expect(mine).toMatchObject({ isOwnRequest: true, status: 'in_review' });
    const second = await refusedUnchanged(t, () => post('superadmin', '/creditor-debit-update/command/request', newData(creditor.id)));
    expect(second).toMatchObject({ status: 409, unchanged: true, body: { reason: 'adminCommands.sepaRequestOpen' } });
  });

  it('guards the request: validation, permission, product scope, unknown creditor', async () => {
    const creditor = await creditorOf('creditor2@example.com');
    const cases: [string, unknown, number][] = [
      ['admin', { ...newData(creditor.id), iban: 'DE00123' }, 400],
      ['admin', { ...newData(creditor.id), sepaMandateAvailable: false }, 400],
      ['admin', { ...newData(creditor.id), startSepaDate: inDays(-3) }, 400],
      ['support', newData(creditor.id), 403],
      ['creditor', newData(creditor.id), 403],
      ['productadmin-tpf', newData(creditor.id), 404],
      ['admin', newData(999999), 404],
    ];
    for (const [user, body, status] of cases) {
      const refused = await refusedUnchanged(t, () => post(user, '/creditor-debit-update/command/request', body));
      expect(refused, `${user} ${JSON.stringify(body)}`).toMatchObject({ status, unchanged: true });
    }
  });
});

describe('four eyes', () => {
  it("refuses the creator's own decision (403), a second admin accepts: data applied, decider recorded, creditor mailed", async () => {
    const { creditor, requestId } = await openRequest('creditor@example.com', 'admin');
    const decisions: [string, Record<string, unknown>][] = [
      ['accept', { creditorDebitUpdateIdentifier: requestId }],
      ['decline', { creditorDebitUpdateIdentifier: requestId, declineReason: 'x' }],
    ];
    for (const [path, body] of decisions) {
      const own = await refusedUnchanged(t, () => post('admin', `/creditor-debit-update/command/${path}`, body));
      expect(own, path).toMatchObject({ status: 403, unchanged: true, body: { reason: 'commands.selfApproval' } });
    }
    const mailsBefore = await t.db.selectFrom('mailOutbox').select('id').where('recipient', '=', 'creditor@example.com').where('template', '=', 'notice').execute();
    const accepted = await post('superadmin', '/creditor-debit-update/command/accept', { creditorDebitUpdateIdentifier: requestId });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const decided = await requestOf(requestId);
    expect(decided).toMatchObject({ status: 'accepted', decisionUserId: await userId('superadmin@example.com') });
    expect(decided.decisionAt).not.toBeNull();
    const after = await creditorOf('creditor@example.com');
    expect(after).toMatchObject({ sepaAccountOwner: 'Neue Inhaber GmbH', sepaIban: 'DE89370400440532013000' });
    expect(after.sepaIban).not.toBe(creditor.sepaIban);
    const mails = await t.db.selectFrom('mailOutbox').selectAll().where('recipient', '=', 'creditor@example.com').where('template', '=', 'notice').execute();
    expect(mails.length).toBe(mailsBefore.length + 1);
    expect(String((mails.at(-1)!.params as any).text)).toContain('DE89370400440532013000');
    expect(String((mails.at(-1)!.params as any).text)).toMatch(/gültig ab \d{2}\.\d{2}\.\d{4}\./);
    const log = await t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', 'sepa_update_accept').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ adminEmail: 'superadmin@example.com', creditorId: creditor.id });
    // decided: no second decision
    const again = await refusedUnchanged(t, () => post('admin', '/creditor-debit-update/command/decline', { creditorDebitUpdateIdentifier: requestId, declineReason: 'x' }));
    expect(again).toMatchObject({ status: 409, unchanged: true, body: { reason: 'commands.wrongState' } });
  });

  it('a second admin declines: the creditor keeps its bank details', async () => {
    const { requestId } = await openRequest('creditor2@example.com', 'superadmin');
    const before = await creditorOf('creditor2@example.com');
    const noReason = await refusedUnchanged(t, () => post('admin', '/creditor-debit-update/command/decline', { creditorDebitUpdateIdentifier: requestId }));
    expect(noReason).toMatchObject({ status: 400, unchanged: true });
    const declined = await post('admin', '/creditor-debit-update/command/decline', { creditorDebitUpdateIdentifier: requestId, declineReason: 'Mandat fehlt' });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(await requestOf(requestId)).toMatchObject({ status: 'declined', decisionUserId: await userId('admin@example.com') });
    expect((await creditorOf('creditor2@example.com')).sepaIban).toBe(before.sepaIban);
  });

  it('guards the decision: permission, product scope, unknown request', async () => {
    const { requestId } = await openRequest('creditor@example.com', 'admin');
    const cases: [string, number, number][] = [
      ['support', requestId, 403],
      ['creditor', requestId, 403],
      ['productadmin-tpf', requestId, 404],
      ['superadmin', 999999, 404],
    ];
    for (const [user, id, status] of cases) {
      const refused = await refusedUnchanged(t, () => post(user, '/creditor-debit-update/command/accept', { creditorDebitUpdateIdentifier: id }));
      expect(refused, user).toMatchObject({ status, unchanged: true });
    }
    // the SMAFA product admin is another staff member in scope
    expect((await post('productadmin', '/creditor-debit-update/command/accept', { creditorDebitUpdateIdentifier: requestId })).status).toBe(200);
  });
});
