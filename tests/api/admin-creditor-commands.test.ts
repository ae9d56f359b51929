import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variants } from '../../generated/variants';
import { buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { call, refusedUnchanged } from '../helpers/commands';
import { todayIso } from '../../src/shared/validation/german-input.parse';

// The administration's creditor commands (schema/commands/adminCreditors.yaml): state changes with
// their mails and effects, users, permissions, set-up fee, booking system and the extension switches.

let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['superadmin', 'admin', 'support', 'productadmin', 'productadmin-tpf', 'creditor', 'creditor2'];

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of USERS) tokens[user] = await loginAs(t.app, `${user}@example.com`);
});
afterAll(() => t.close());

const as = (user: string) => ({ token: tokens[user] });
const post = (user: string, path: string, body: unknown = {}) => call(t, path, { ...as(user), method: 'POST', body });
const creditorOf = async (username: string) => {
  const user = await t.db.selectFrom('appUser').select('creditorId').where('username', '=', username).executeTakeFirstOrThrow();
  return t.db.selectFrom('creditor').selectAll().where('id', '=', user.creditorId!).executeTakeFirstOrThrow();
};
const creditorById = (id: number) => t.db.selectFrom('creditor').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const mailsTo = (recipient: string, template: string) =>
  t.db.selectFrom('mailOutbox').selectAll().where('recipient', '=', recipient).where('template', '=', template).orderBy('id').execute();
const lastLog = (type: string, creditorId: number) =>
  t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', type).where('creditorId', '=', creditorId).orderBy('id', 'desc').executeTakeFirst();
// the server's today is the day in Europe/Berlin (CI also runs around midnight)
const today = () => todayIso();
const newCustomer = () => ({
  debtorType: 'business',
  name: `Prüfbau GmbH ${Math.random().toString(36).slice(2, 8)} ID_0`,
  street: 'Am Sandtorkai',
  house: '5',
  zip: '20457',
  city: 'Hamburg',
  deliveryType: 'post',
});

describe('block, disable block, terminate, reactivate', () => {
  it('blocks a creditor: state, mail to the main user, action log; its customer creation is refused, editing running cases is not', async () => {
    const creditor = await creditorOf('creditor2@example.com');
    expect(creditor.status).toBe('active');
    const mailsBefore = (await mailsTo('creditor2@example.com', 'creditorBlocked')).length;
    const answer = await post('superadmin', `/creditor/${creditor.id}/block`, { reason: 'Offene Gebühren' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await creditorById(creditor.id)).status).toBe('blocked');
    const mails = await mailsTo('creditor2@example.com', 'creditorBlocked');
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.params).toMatchObject({ creditorName: creditor.name, reason: 'Offene Gebühren' });
    const log = await lastLog('creditor_block', creditor.id);
    expect(log).toMatchObject({ adminEmail: 'superadmin@example.com', creditorIdentifier: creditor.identifier });

    // the block ended the users' sessions (issue 26): the earlier token is refused …
    expect((await call(t, '/user-management/user/current', as('creditor2'))).status).toBe(401);
    // … but the blocked creditor's users still log in, and may not create customers
    const token = await loginAs(t.app, 'creditor2@example.com');
    tokens.creditor2 = token;
    const refused = await refusedUnchanged(t, () => call(t, '/debtor/create', { token, method: 'POST', body: newCustomer() }));
    expect(refused).toMatchObject({ status: 403, unchanged: true, body: { reason: 'creditorStatus.actionNotAllowed' } });
    // the detail and list show the state and offer what fits it
    const details = await call(t, `/creditor/${creditor.id}/details`, as('superadmin'));
    expect(details.body.status).toBe('blocked');
  });

  it('refuses a second block (wrong state), changing nothing', async () => {
    const creditor = await creditorOf('creditor2@example.com');
    const refused = await refusedUnchanged(t, () => post('admin', `/creditor/${creditor.id}/block`, { reason: 'nochmal' }));
    expect(refused).toMatchObject({ status: 409, unchanged: true, body: { reason: 'commands.wrongState' } });
  });

  it('lifts the block: active again, the creditor told by mail, customer creation works again', async () => {
    const creditor = await creditorOf('creditor2@example.com');
    const notices = (await mailsTo('creditor2@example.com', 'notice')).length;
    const answer = await post('admin', `/creditor/${creditor.id}/disable-block`, { note: 'geklärt' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await creditorById(creditor.id)).status).toBe('active');
    const mails = await mailsTo('creditor2@example.com', 'notice');
    expect(mails).toHaveLength(notices + 1);
    expect(String((mails.at(-1)!.params as any).title)).toContain('wieder freigeschaltet');
    expect(await lastLog('creditor_disable_block', creditor.id)).toMatchObject({ adminEmail: 'admin@example.com' });
    const check = await post('creditor2', '/csp/debtor', newCustomer());
    expect(check.status, JSON.stringify(check.body)).toBe(200);
  });

  it('terminates (validated body) and reactivates', async () => {
    const creditor = await creditorOf('creditor2@example.com');
    const invalid = await refusedUnchanged(t, () => post('admin', `/creditor/${creditor.id}/terminate`, { reason: 'Vertragsende' }));
    expect(invalid).toMatchObject({ status: 400, unchanged: true });
    const unticked = await refusedUnchanged(t, () =>
      post('admin', `/creditor/${creditor.id}/terminate`, { terminationDate: today(), reason: 'Ende', confirmTermination: false }),
    );
    expect(unticked).toMatchObject({ status: 400, unchanged: true });
    const notices = (await mailsTo('creditor2@example.com', 'notice')).length;
    const answer = await post('admin', `/creditor/${creditor.id}/terminate`, {
      terminationDate: today(),
      reason: 'Vertragsende',
      confirmTermination: true,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await creditorById(creditor.id)).status).toBe('terminated');
    expect((await mailsTo('creditor2@example.com', 'notice')).length).toBe(notices + 1);
    // terminated: no block, no second termination
    const bodies: [string, Record<string, unknown>][] = [
      ['block', { reason: 'x' }],
      ['disable-block', {}],
      ['terminate', { reason: 'x', terminationDate: today(), confirmTermination: true }],
    ];
    for (const [path, body] of bodies) {
      const refused = await refusedUnchanged(t, () => post('admin', `/creditor/${creditor.id}/${path}`, body));
      expect(refused, path).toMatchObject({ status: 409, unchanged: true });
    }
    const back = await post('admin', `/creditor/${creditor.id}/reactivate`, {});
    expect(back.status).toBe(200);
    expect((await creditorById(creditor.id)).status).toBe('active');
    const again = await refusedUnchanged(t, () => post('admin', `/creditor/${creditor.id}/reactivate`, {}));
    expect(again).toMatchObject({ status: 409, unchanged: true });
  });

  it('guards: admin permission, creditor users, another product, unknown creditor — nothing changed', async () => {
    const creditor = await creditorOf('creditor2@example.com');
    const cases: [string, number, string][] = [
      ['support', 403, 'forbidden'], // no block_creditor permission
      ['creditor', 403, 'forbidden'], // a creditor user
      ['productadmin-tpf', 404, 'notFound'], // a SMAFA creditor is not in the TPF product admin's scope
    ];
    for (const [user, status, reason] of cases) {
      const refused = await refusedUnchanged(t, () => post(user, `/creditor/${creditor.id}/block`, { reason: 'x' }));
      expect(refused, user).toMatchObject({ status, unchanged: true, body: { reason } });
    }
    const unknown = await refusedUnchanged(t, () => post('admin', '/creditor/999999/block', { reason: 'x' }));
    expect(unknown).toMatchObject({ status: 404, unchanged: true });
    // the SMAFA product admin may
    const own = await post('productadmin', `/creditor/${creditor.id}/block`, { reason: 'Produktadmin' });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await post('productadmin', `/creditor/${creditor.id}/disable-block`, {})).status).toBe(200);
  });
});

describe('all users of a creditor', () => {
  it('disables every user (login refused) and enables them again', async () => {
    const creditor = await creditorOf('creditor@example.com');
    const refused = await refusedUnchanged(t, () => post('support', `/creditor/${creditor.id}/disable-users`));
    expect(refused).toMatchObject({ status: 403, unchanged: true });
    const activeBefore = await t.db.selectFrom('appUser').select(['id', 'status']).where('creditorId', '=', creditor.id).execute();
    const answer = await post('admin', `/creditor/${creditor.id}/disable-users`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const disabled = activeBefore.filter((u) => u.status !== 'blocked' && u.status !== 'terminated');
    expect(answer.body.count).toBe(disabled.length);
    const after = await t.db.selectFrom('appUser').select(['id', 'status']).where('creditorId', '=', creditor.id).execute();
    for (const user of after) expect(['blocked', 'terminated']).toContain(user.status);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'creditor@example.com', password: 'Demo1234!' } });
    expect(login.statusCode).toBe(401);
    const enabled = await post('admin', `/creditor/${creditor.id}/enable-users`);
    expect(enabled.body.count).toBe(disabled.length);
    tokens.creditor = await loginAs(t.app, 'creditor@example.com');
    expect(await lastLog('creditor_users_enable', creditor.id)).toBeDefined();
  });
});

describe('creditor permissions', () => {
  it('sets the permissions on the creditor and in the main user tree; details show them', async () => {
    const creditor = await creditorOf('creditor2@example.com');
    const refused = await refusedUnchanged(t, () => post('support', `/creditor/${creditor.id}/permission`, { solvencyDetermination: true }));
    expect(refused).toMatchObject({ status: 403, unchanged: true });
    const body = { directPaymentReporting: false, solvencyDetermination: true, alwaysCheckManually: true, ePostInvoices: true, letterDocuments: false };
    const answer = await post('admin', `/creditor/${creditor.id}/permission`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const details = await call(t, `/creditor/${creditor.id}/details`, as('admin'));
    expect(details.body.permission).toEqual(body);
    const main = await t.db.selectFrom('appUser').select('permissions').where('username', '=', 'creditor2@example.com').executeTakeFirstOrThrow();
    expect((main.permissions as any).creditorPermissions).toMatchObject({ directPaymentReporting: false, solvencyDetermination: true, alwaysCheckManually: true });
    // the creditor area reads them: the main user's permissions answer solvency determination
    const flip = await post('admin', `/creditor/${creditor.id}/permission`, { solvencyDetermination: false });
    expect(flip.status).toBe(200);
    expect((await call(t, `/creditor/${creditor.id}/details`, as('admin'))).body.permission).toMatchObject({ solvencyDetermination: false, alwaysCheckManually: true });
  });
});

describe('set-up fee and the booking system', () => {
  it('charges a set-up fee of the product through the booking system; other amounts are refused', async () => {
    const creditor = await creditorOf('creditor2@example.com');
    const options = variants[creditor.product].setupFeeOptions;
    const notOffered = [49900, 24900, 0, 12345].find((fee) => !options.includes(fee))!;
    const refused = await refusedUnchanged(t, () =>
      call(t, `/bnet/send-setup-fee/${creditor.id}`, { ...as('admin'), method: 'PUT', body: { setupFee: notOffered } }),
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.unchanged).toBe(true);
    const denied = await refusedUnchanged(t, () =>
      call(t, `/bnet/send-setup-fee/${creditor.id}`, { ...as('support'), method: 'PUT', body: { setupFee: options[0] } }),
    );
    expect(denied).toMatchObject({ status: 403, unchanged: true });
    const fee = options[options.length - 1];
    const answer = await call(t, `/bnet/send-setup-fee/${creditor.id}`, { ...as('admin'), method: 'PUT', body: { setupFee: fee } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(Number((await creditorById(creditor.id)).setupFee)).toBe(fee);
    const request = await t.db.selectFrom('bookingRequest').selectAll().where('creditorId', '=', creditor.id).where('kind', '=', 'setupFee').executeTakeFirstOrThrow();
    expect(request.payload).toMatchObject({ setupFee: fee });
  });

  it('sends a creditor to the accounting system once, then its case file', async () => {
    const creditor = await creditorOf('creditor2@example.com');
    const refused = await refusedUnchanged(t, () => call(t, `/creditor/send-to-sap/${creditor.id}`, as('admin')));
    expect(refused).toMatchObject({ status: 409, unchanged: true, body: { reason: 'adminCommands.alreadySentToSap' } });
    await t.db.updateTable('creditor').set({ sentToSapAt: null, sapNumber: null, registrationState: null }).where('id', '=', creditor.id).execute();
    // without a SAP number the creditor cannot be named on the case file's path
    const noCaseFile = await refusedUnchanged(t, () => post('admin', `/creditor/creditor-cor-send-case-file/${encodeURIComponent(creditor.sapNumber!)}`));
    expect(noCaseFile).toMatchObject({ status: 404, unchanged: true, body: { reason: 'notFound' } });
    const sent = await call(t, `/creditor/send-to-sap/${creditor.id}`, as('admin'));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const after = await creditorById(creditor.id);
    expect(after.sentToSapAt).not.toBeNull();
    expect(after.registrationState).toBe('sap_registered');
    expect(sent.body.sapNumber).toBe(after.sapNumber);
    const caseFile = await post('admin', `/creditor/creditor-cor-send-case-file/${encodeURIComponent(after.sapNumber!)}`);
    expect(caseFile.status, JSON.stringify(caseFile.body)).toBe(200);
    const kinds = (await t.db.selectFrom('bookingRequest').select('kind').where('creditorId', '=', creditor.id).execute()).map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['creditorMasterData', 'caseFile']));
    expect(await lastLog('creditor_send_case_file', creditor.id)).toBeDefined();
  });
});

describe('send case file: POST /creditor/creditor-cor-send-case-file/{sap} (the creditor named by its SAP number)', () => {
  const caseFilePath = (sap: string) => `/creditor/creditor-cor-send-case-file/${encodeURIComponent(sap)}`;
  const caseFiles = (creditorId: number) =>
    t.db.selectFrom('bookingRequest').selectAll().where('creditorId', '=', creditorId).where('kind', '=', 'caseFile').orderBy('id').execute();
  const logs = (creditorId: number) =>
    t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', 'creditor_send_case_file').where('creditorId', '=', creditorId).execute();

  it("hands the case file of the creditor with that SAP number to the booking system, with an action-log entry naming it", async () => {
    const creditor = await creditorOf('creditor@example.com');
    expect(creditor.sapNumber).toBeTruthy();
    const before = (await caseFiles(creditor.id)).length;
    const answer = await post('admin', caseFilePath(creditor.sapNumber!));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.success).toBe(true);
    const sent = await caseFiles(creditor.id);
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)!.payload).toMatchObject({ sapNumber: creditor.sapNumber });
    expect(await lastLog('creditor_send_case_file', creditor.id)).toMatchObject({
      adminEmail: 'admin@example.com',
      creditorIdentifier: creditor.identifier,
      creditorSapNumber: creditor.sapNumber,
    });
    // the creditor itself is not touched (no state change)
    expect((await creditorById(creditor.id)).status).toBe(creditor.status);
  });

  it('answers 404 to an unknown SAP number and to the old /creditor/{id}/send-case-file, changing nothing', async () => {
    const unknown = await refusedUnchanged(t, () => post('admin', caseFilePath('0000-unbekannt')));
    expect(unknown).toMatchObject({ status: 404, unchanged: true, body: { reason: 'notFound' } });
    const creditor = await creditorOf('creditor@example.com');
    // the creditor's database id is no SAP number
    const byId = await refusedUnchanged(t, () => post('admin', caseFilePath(String(creditor.id))));
    expect(byId).toMatchObject({ status: 404, unchanged: true });
    const old = await refusedUnchanged(t, () => post('admin', `/creditor/${creditor.id}/send-case-file`));
    expect(old).toMatchObject({ status: 404, unchanged: true });
  });

  it("refuses a product admin another product's creditor (404) and takes the own product's", async () => {
    const smafa = await creditorOf('creditor@example.com');
    const tpf = await creditorOf('creditor-tpf@example.com');
    expect(smafa.product).not.toBe(tpf.product);
    expect(tpf.sapNumber).toBeTruthy();
    const before = { smafa: (await logs(smafa.id)).length, tpf: (await logs(tpf.id)).length };
    const foreign = await refusedUnchanged(t, () => post('productadmin-tpf', caseFilePath(smafa.sapNumber!)));
    expect(foreign).toMatchObject({ status: 404, unchanged: true, body: { reason: 'notFound' } });
    const own = await post('productadmin-tpf', caseFilePath(tpf.sapNumber!));
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await logs(tpf.id)).length).toBe(before.tpf + 1);
    expect((await logs(smafa.id)).length).toBe(before.smafa);
  });

  it('refuses an admin without the admin permission creditor_sap_registration (403) and a creditor user, changing nothing', async () => {
    const creditor = await creditorOf('creditor@example.com');
    const support = await refusedUnchanged(t, () => post('support', caseFilePath(creditor.sapNumber!)));
    expect(support).toMatchObject({ status: 403, unchanged: true, body: { reason: 'forbidden' } });
    const own = await refusedUnchanged(t, () => post('creditor', caseFilePath(creditor.sapNumber!)));
    expect(own).toMatchObject({ status: 403, unchanged: true });
  });
});

describe("doc2portal and letter2post (the spec's user commands, {userIdentifier})", () => {
  const USER_COMMANDS = '/user-management/command/user';
  const flags = [
    ['doc2portal-invoice', 'invoicesEnabled', 'doc2portal_invoice'],
    ['doc2portal-document', 'documentsEnabled', 'doc2portal_document'],
  ] as const;
  const userOf = (username: string) => t.db.selectFrom('appUser').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  const shown = async (creditorId: number) => {
    const details = await call(t, `/creditor/${creditorId}/details`, as('superadmin'));
    const name = (await creditorById(creditorId)).name;
    const list = await call(t, `/creditor/list?filters[name][]=${encodeURIComponent(name)}`, as('superadmin'));
    const item = list.body.creditors.find((c: any) => c.identifier === creditorId);
    return { details: details.body, item };
  };

  it("switches the user's creditor on and off, shown in the detail and the list, with an action-log entry", async () => {
    const observer = await userOf('observer@example.com'); // any user of the creditor names it
    const creditorId = observer.creditorId!;
    for (const [path, column, log] of flags) {
      const current = (await creditorById(creditorId))[column];
      const other = current ? 'disable' : 'enable';
      for (const [action, value] of [[other, !current], [current ? 'enable' : 'disable', current]] as const) {
        const answer = await post('admin', `${USER_COMMANDS}/${path}/${action}`, { userIdentifier: observer.id });
        expect(answer.status, `${path}/${action} ${JSON.stringify(answer.body)}`).toBe(200);
        expect((await creditorById(creditorId))[column]).toBe(value);
        const { details, item } = await shown(creditorId);
        expect(details[column], path).toBe(value);
        expect(item[column], path).toBe(value);
        const entry = await lastLog(`${log}_${action}`, creditorId);
        expect(entry, `${log}_${action}`).toMatchObject({ adminEmail: 'admin@example.com', creditorIdentifier: (await creditorById(creditorId)).identifier });
        expect(entry!.payload).toMatchObject({ userIdentifier: observer.id, [column]: value });
      }
    }
  });

  it('a product admin switches within the own product; the detail names the main user the dialog sends', async () => {
    const main = await userOf('creditor@example.com');
    const { details } = await shown(main.creditorId!);
    expect(details.user).toMatchObject({ id: main.id, username: 'creditor@example.com' });
    const current = (await creditorById(main.creditorId!)).invoicesEnabled;
    const action = current ? 'disable' : 'enable';
    const back = current ? 'enable' : 'disable';
    expect((await post('productadmin', `${USER_COMMANDS}/doc2portal-invoice/${action}`, { userIdentifier: main.id })).status).toBe(200);
    expect((await creditorById(main.creditorId!)).invoicesEnabled).toBe(!current);
    expect((await post('productadmin', `${USER_COMMANDS}/doc2portal-invoice/${back}`, { userIdentifier: main.id })).status).toBe(200);
  });

  it('guards: no permission, another product, current position, unknown user, an administrator — nothing changed', async () => {
    const main = await userOf('creditor@example.com');
    const support = await userOf('support@example.com');
    const creditor = await creditorById(main.creditorId!);
    for (const [path, column] of flags) {
      const same = creditor[column] ? 'enable' : 'disable';
      const other = creditor[column] ? 'disable' : 'enable';
      const cases: [string, string, unknown, number, string?][] = [
        ['support', other, { userIdentifier: main.id }, 403], // lacks enable_doc2portal
        ['creditor', other, { userIdentifier: main.id }, 403], // not an admin
        ['productadmin-tpf', other, { userIdentifier: main.id }, 404, 'notFound'], // a SMAFA creditor
        ['admin', same, { userIdentifier: main.id }, 409, 'commands.wrongState'],
        ['admin', other, { userIdentifier: 999999 }, 404, 'notFound'],
        ['admin', other, { userIdentifier: support.id }, 404, 'notFound'], // administrators: the super admin's only
        ['superadmin', other, { userIdentifier: support.id }, 409, 'adminCommands.userWithoutCreditor'],
        ['admin', other, {}, 400],
      ];
      for (const [user, action, body, status, reason] of cases) {
        const refused = await refusedUnchanged(t, () => post(user, `${USER_COMMANDS}/${path}/${action}`, body));
        expect(refused, `${user} ${path}/${action} ${JSON.stringify(body)}`).toMatchObject({ status, unchanged: true, ...(reason ? { body: { reason } } : {}) });
      }
      expect((await creditorById(creditor.id))[column]).toBe(creditor[column]);
    }
  });

  it('the creditor-id variants are gone: one route per switch', async () => {
    const creditor = await creditorOf('creditor@example.com');
    const answer = await post('admin', `/creditor/${creditor.id}/doc2portal-invoice/${creditor.invoicesEnabled ? 'disable' : 'enable'}`);
    expect(answer.status).toBe(404);
    expect((await creditorById(creditor.id)).invoicesEnabled).toBe(creditor.invoicesEnabled);
  });
});
