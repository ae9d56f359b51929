import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { refusedUnchanged } from '../helpers/commands';

// The action log beyond commands (issue 11 item 8): logins, exports and the client's own entries
// (POST /action-log/create-entry).
let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['superadmin@example.com', 'productadmin-tpf@example.com', 'creditor@example.com', 'creditor2@example.com'];

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of USERS) tokens[user] = await loginAs(t.app, user);
});
afterAll(() => t.close());

const creditorOf = (email: string) =>
  t.db
    .selectFrom('appUser as u')
    .innerJoin('creditor as c', 'c.id', 'u.creditorId')
    .select(['u.id as userId', 'c.id', 'c.identifier', 'c.sapNumber', 'c.product'])
    .where('u.username', '=', email)
    .executeTakeFirstOrThrow();
const newest = () => t.db.selectFrom('actionLogEntry').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
const entries = (actionType: string) =>
  t.db.selectFrom('actionLogEntry').selectAll().where('actionType', '=', actionType).orderBy('id', 'desc').execute();
const payloadOf = (p: unknown): any => (typeof p === 'string' ? JSON.parse(p) : p);
const createEntry = (user: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/action-log/create-entry', headers: bearer(tokens[user]), payload: body as object });

describe('login is logged', () => {
  it('writes a login entry with the user, the e-mail and the creditor', async () => {
    const before = (await entries('login')).length;
    await loginAs(t.app, 'creditor@example.com');
    const logins = await entries('login');
    expect(logins).toHaveLength(before + 1);
    const creditor = await creditorOf('creditor@example.com');
    expect(logins[0]).toMatchObject({
      userId: creditor.userId,
      userEmail: 'creditor@example.com',
      adminEmail: null,
      creditorId: creditor.id,
      creditorIdentifier: creditor.identifier,
      creditorSapNumber: creditor.sapNumber ?? '',
      productType: creditor.product,
    });
  });

  it('logs an admin as admin, without a creditor', async () => {
    await loginAs(t.app, 'superadmin@example.com');
    expect(await newest()).toMatchObject({ actionType: 'login', adminEmail: 'superadmin@example.com', userEmail: null, creditorId: null });
  });

  it('writes nothing for a failed login', async () => {
    const before = (await entries('login')).length;
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'creditor@example.com', password: 'falsch' } });
    expect(response.statusCode).toBe(401);
    expect(await entries('login')).toHaveLength(before);
  });
});

describe('exports are logged', () => {
  it('the voucher CSV', async () => {
    const before = (await entries('csv_export')).length;
    const response = await t.app.inject({ url: '/api/voucher/csv', headers: bearer(tokens['creditor@example.com']) });
    expect(response.statusCode, response.body).toBe(200);
    const exports = await entries('csv_export');
    expect(exports).toHaveLength(before + 1);
    expect(exports[0]).toMatchObject({ userEmail: 'creditor@example.com', creditorId: (await creditorOf('creditor@example.com')).id });
    expect(payloadOf(exports[0].payload)).toMatchObject({ export: 'vouchers' });
  });

  it('the SEPA request export and the action-log export', async () => {
    const sepa = await t.app.inject({ url: '/api/creditor-debit-update/export', headers: bearer(tokens['superadmin@example.com']) });
    expect(sepa.statusCode, sepa.body).toBe(200);
    const sepaEntry = await newest();
    expect(sepaEntry).toMatchObject({ actionType: 'csv_export', adminEmail: 'superadmin@example.com', userEmail: null });
    const rows = sepa.body.trim().split('\n').length - 1;
    expect(payloadOf(sepaEntry.payload)).toEqual({ export: 'sepaRequests', filters: {}, count: rows });

    const log = await t.app.inject({
      url: '/api/action-log/export?filters[actionType][]=csv_export',
      headers: bearer(tokens['superadmin@example.com']),
    });
    expect(log.statusCode, log.body).toBe(200);
    const logEntry = await newest();
    expect(payloadOf(logEntry.payload)).toMatchObject({ export: 'actionLog', filters: { actionType: ['csv_export'] } });
    // the export was read before its own entry was written
    expect(payloadOf(logEntry.payload).count).toBe((await entries('csv_export')).length - 1);
  });

  it('a refused export writes nothing', async () => {
    const before = (await entries('csv_export')).length;
    const response = await t.app.inject({ url: '/api/action-log/export', headers: bearer(tokens['creditor@example.com']) });
    expect(response.statusCode).toBe(403);
    expect(await entries('csv_export')).toHaveLength(before);
  });
});

describe('POST /api/action-log/create-entry', () => {
  it("writes a creditor user's entry with the database's identifiers, not the client's", async () => {
    const creditor = await creditorOf('creditor@example.com');
    const debtor = await t.db
      .selectFrom('debtor')
      .select(['identifier', 'sapNumber'])
      .where('creditorId', '=', creditor.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const voucher = await t.db
      .selectFrom('voucher')
      .select(['id', 'customNumber', 'sapNumber'])
      .where('creditorId', '=', creditor.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const response = await createEntry('creditor@example.com', {
      actionType: 'file_download',
      payload: { fileName: 'Rechnung.pdf' },
      creditorIdentifier: creditor.identifier,
      debtorIdentifier: debtor.identifier,
      voucherIdentifier: String(voucher.id),
      additionalFilterInformation: { creditorSapNumber: 'GEFÄLSCHT', debtorSapNumber: 'x', voucherReference: 'y', voucherSapNumber: 'z' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const entry = await t.db.selectFrom('actionLogEntry').selectAll().where('id', '=', response.json().identifier).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      actionType: 'file_download',
      userEmail: 'creditor@example.com',
      creditorId: creditor.id,
      creditorIdentifier: creditor.identifier,
      creditorSapNumber: creditor.sapNumber ?? '',
      debtorIdentifier: debtor.identifier,
      debtorSapNumber: debtor.sapNumber ?? '',
      voucherIdentifier: String(voucher.id),
      voucherReference: voucher.customNumber ?? '',
      voucherSapNumber: voucher.sapNumber ?? '',
    });
    expect(payloadOf(entry.payload)).toEqual({ fileName: 'Rechnung.pdf' });
    // and it shows in the admin's list
    const list = await t.app.inject({
      url: '/api/action-log/list?filters[actionType][]=file_download',
      headers: bearer(tokens['superadmin@example.com']),
    });
    expect(list.json().actionLogs.map((e: any) => e.identifier)).toContain(entry.id);
  });

  it('defaults the identifiers to empty', async () => {
    const response = await createEntry('creditor@example.com', { actionType: 'document_preview' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await newest()).toMatchObject({ actionType: 'document_preview', debtorIdentifier: '', voucherIdentifier: '', voucherReference: '' });
  });

  it("lets an admin name a creditor of its scope, and a product admin only its product's", async () => {
    const tpf = await t.db.selectFrom('creditor').select(['id', 'identifier']).where('product', '=', 'TPF').executeTakeFirstOrThrow();
    const other = await t.db.selectFrom('creditor').select(['id', 'identifier']).where('product', '!=', 'TPF').executeTakeFirstOrThrow();
    const own = await createEntry('productadmin-tpf@example.com', { actionType: 'document_preview', creditorIdentifier: tpf.identifier });
    expect(own.statusCode, own.body).toBe(200);
    expect(await newest()).toMatchObject({ creditorId: tpf.id, adminEmail: 'productadmin-tpf@example.com', userEmail: null });
    const foreign = await refusedUnchanged(t, async () => {
      const r = await createEntry('productadmin-tpf@example.com', { actionType: 'document_preview', creditorIdentifier: other.identifier });
      return { status: r.statusCode, body: r.json() };
    });
    expect(foreign).toMatchObject({ status: 404, body: { code: 'notFound' }, unchanged: true });
    const superAdmin = await createEntry('superadmin@example.com', { actionType: 'document_preview', creditorIdentifier: other.identifier });
    expect(superAdmin.statusCode).toBe(200);
    expect(await newest()).toMatchObject({ creditorId: other.id });
  });

  it('refuses, writing nothing, what is not the caller’s or not a client type', async () => {
    const mine = await creditorOf('creditor@example.com');
    const theirs = await creditorOf('creditor2@example.com');
    const theirDebtor = await t.db.selectFrom('debtor').select('identifier').where('creditorId', '=', theirs.id).executeTakeFirstOrThrow();
    const theirVoucher = await t.db.selectFrom('voucher').select('id').where('creditorId', '=', theirs.id).executeTakeFirstOrThrow();
    const cases: [unknown, number, string][] = [
      [{ actionType: 'file_download', creditorIdentifier: theirs.identifier }, 404, 'notFound'],
      [{ actionType: 'file_download', debtorIdentifier: theirDebtor.identifier }, 404, 'notFound'],
      [{ actionType: 'file_download', voucherIdentifier: String(theirVoucher.id) }, 404, 'notFound'],
      [{ actionType: 'file_download', voucherIdentifier: 'abc' }, 404, 'notFound'],
      // what the server logs itself cannot be forged
      [{ actionType: 'creditor_block' }, 400, 'validationError'],
      [{ actionType: 'login' }, 400, 'validationError'],
      [{}, 400, 'validationError'],
      [{ actionType: 'file_download', extra: { adminEmail: 'x' } }, 400, 'validationError'],
      [{ actionType: 'file_download', payload: { text: 'x'.repeat(20_000) } }, 400, 'validationError'],
    ];
    expect(mine.id).not.toBe(theirs.id);
    for (const [body, status, code] of cases) {
      const result = await refusedUnchanged(t, async () => {
        const r = await createEntry('creditor@example.com', body);
        return { status: r.statusCode, body: r.json() };
      });
      expect(result, JSON.stringify(body).slice(0, 120)).toMatchObject({ status, body: { code }, unchanged: true });
    }
  });

  it('needs a login', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/action-log/create-entry', payload: { actionType: 'file_download' } });
    expect(response.statusCode).toBe(401);
  });
});
