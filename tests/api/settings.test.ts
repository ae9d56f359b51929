import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = await loginAs(t.app, 'creditor@example.com');
});
afterAll(() => t.close());

const get = (url: string, auth = token) => t.app.inject({ url: `/api${url}`, headers: bearer(auth) });

describe('settings', () => {
  it('GET /user-information/creditor-settings/details: reminders per address and the default exposure type', async () => {
    const body = (await get('/user-information/creditor-settings/details')).json();
    expect(body.defaultExposureType).toBe('purchase');
    expect(body.emailReminderSetting).toContainEqual({
      email: 'creditor@example.com',
      frequency: expect.any(String),
    });
  });

  it('GET /creditor/default-exposure-type', async () => {
    expect((await get('/creditor/default-exposure-type')).json()).toEqual({
      defaultExposureType: 'purchase',
    });
  });

  it('GET /user-management/creditor-company-user/list: company users without the main user', async () => {
    const body = (await get('/user-management/creditor-company-user/list')).json();
    expect(body.maxCompanyUsers).toBeGreaterThan(0);
    expect(body.count).toBe(body.companyUsers.length);
    const emails = body.companyUsers.map((u: { email: string }) => u.email);
    expect(emails).toEqual(
      expect.arrayContaining(['observer@example.com', 'assistant@example.com', 'management@example.com']),
    );
    expect(emails).not.toContain('creditor@example.com');
    expect(body.companyUsers.find((u: { email: string }) => u.email === 'observer@example.com').role).toBe(
      'creditor-observer',
    );
    const other = (
      await get('/user-management/creditor-company-user/list', await loginAs(t.app, 'creditor2@example.com'))
    ).json();
    expect(other.companyUsers.some((u: { email: string }) => emails.includes(u.email))).toBe(false);
  });

  it('answers 403 to admins and 401 without a token', async () => {
    const admin = await loginAs(t.app, 'admin@example.com');
    expect((await get('/user-information/creditor-settings/details', admin)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/creditor/default-exposure-type' })).statusCode).toBe(401);
  });
});

describe('GET /api/user-management/list-unaccepted-terms-and-conditions', () => {
  it('lists the open approval with its documents for optin@example.com', async () => {
    const body = (
      await get(
        '/user-management/list-unaccepted-terms-and-conditions',
        await loginAs(t.app, 'optin@example.com'),
      )
    ).json();
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ approvalId: expect.any(String), changesText: expect.any(String) });
    expect(body[0].documents.map((d: { documentType: string }) => d.documentType).sort()).toEqual([
      'dataProcessingAgreement',
      'encashmentConditions',
      'termsAndConditions',
      'termsOfUse',
    ]);
  });

  it('is empty for a creditor that accepted everything', async () => {
    expect((await get('/user-management/list-unaccepted-terms-and-conditions')).json()).toEqual([]);
  });
});
