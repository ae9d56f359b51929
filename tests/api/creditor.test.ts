import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { todayIso } from '../../src/shared/validation/german-input.parse';

let t: TestApp;
let token: string;
let creditor: {
  id: number;
  name: string;
  approvedLimit: number;
  availableLimit: number;
  webAppKey: string | null;
};

beforeAll(async () => {
  t = await buildTestApp();
  token = await loginAs(t.app, 'creditor@example.com');
  creditor = await t.db
    .selectFrom('creditor')
    .innerJoin('appUser', 'appUser.creditorId', 'creditor.id')
    .where('appUser.username', '=', 'creditor@example.com')
    .select([
      'creditor.id',
      'creditor.name',
      'creditor.approvedLimit',
      'creditor.availableLimit',
      'creditor.webAppKey',
    ])
    .executeTakeFirstOrThrow();
});
afterAll(() => t.close());

const get = (url: string, auth = token) => t.app.inject({ url: `/api${url}`, headers: bearer(auth) });

describe('GET /api/creditor/show', () => {
  it('answers the caller’s creditor with contact, contract, current condition, fee period and terms', async () => {
    const response = await get('/creditor/show');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      identifier: creditor.id,
      name: creditor.name,
      status: 'active',
      approvedLimit: creditor.approvedLimit,
      webAppKey: creditor.webAppKey,
      hash: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(body.contact.email).toBe('creditor@example.com');
    expect(body.contract.contractNumber).toEqual(expect.any(String));
    expect(body.serviceFeeCondition).toMatchObject({
      current: true,
      matrixEntry: { name: expect.any(String) },
    });
    const today = todayIso();
    expect(body.serviceFeeCondition.validFromDate <= today).toBe(true);
    expect(body.serviceFeePeriod.start <= today && body.serviceFeePeriod.end >= today).toBe(true);
    expect(body.termsDocuments.length).toBeGreaterThan(0);
  });

  it('withholds the contract parts from the assistant and answers 403 to admins', async () => {
    const body = (await get('/creditor/show', await loginAs(t.app, 'assistant@example.com'))).json();
    expect(body.name).toBe(creditor.name);
    expect(body.serviceFeeCondition).toBeNull();
    expect(body.serviceFeePeriod).toBeNull();
    expect(body.setupFee).toBeNull();
    expect((await get('/creditor/show', await loginAs(t.app, 'admin@example.com'))).statusCode).toBe(403);
  });

  it('shows each creditor only its own data', async () => {
    const body = (await get('/creditor/show', await loginAs(t.app, 'creditor2@example.com'))).json();
    expect(body.identifier).not.toBe(creditor.id);
  });
});

describe('limit, status, permissions, web app key and history', () => {
  it('GET /current-limit-and-status', async () => {
    expect((await get('/current-limit-and-status')).json()).toEqual({
      approvedLimit: creditor.approvedLimit,
      availableLimit: creditor.availableLimit,
      status: 'active',
    });
    const blocked = await loginAs(t.app, 'blocked@example.com');
    expect((await get('/current-limit-and-status', blocked)).json().status).toBe('blocked');
  });

  it('GET /creditor/permissions reads the stored server names', async () => {
    const stored = await t.db
      .selectFrom('creditor')
      .select(['permissions', 'invoicesEnabled'])
      .where('id', '=', creditor.id)
      .executeTakeFirstOrThrow();
    const body = (await get('/creditor/permissions')).json();
    const flags = Object.values(stored.permissions as Record<string, boolean>);
    expect(
      [body.directPaymentReporting, body.solvencyDetermination, body.alwaysCheckManually].filter(Boolean),
    ).toHaveLength(flags.filter(Boolean).length);
    expect(body.directPaymentReporting).toBe(true);
    expect(body.ePostInvoices).toBe(stored.invoicesEnabled);
  });

  it('GET /creditor/web-app-key', async () => {
    expect((await get('/creditor/web-app-key')).json()).toEqual({ webAppKey: creditor.webAppKey });
  });

  it('GET /creditor/history/list: contract events newest first', async () => {
    const body = (await get('/creditor/history/list')).json();
    expect(body.count).toBeGreaterThan(2);
    expect(body.empty).toBe(false);
    const types = body.entries.map((e: { type: string }) => e.type);
    expect(types).toContain('contractStart');
    expect(types).toContain('serviceFeeCondition');
    const created = body.entries.map((e: { created: number }) => e.created);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect((await get('/creditor/history/list?rowsPerPage=15&page=9')).json().entries).toEqual([]);
  });
});
