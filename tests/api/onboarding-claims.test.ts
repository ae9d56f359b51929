import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variants } from '../../generated/variants';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';
import { todayIso } from '../../src/shared/validation';

// The product requests as leads for the admins (issue 12 item 3; schema/resources/productRequests.yaml):
// a request sent on the public onboarding is listed at GET /onboarding/claim/list with its detail,
// filters and paging; admin permission creditor_registration; a product admin sees their product's
// requests only. The request's action-log entry names the product and the lead. PGlite and PostgreSQL.

let t: TestApp;
const tokens: Record<string, string> = {};
const ADMINS = [
  'superadmin@example.com',
  'support@example.com',
  'productadmin-tpf@example.com',
  'creditor@example.com',
];

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ADMINS) tokens[user] = await loginAs(t.app, user);
});
afterAll(() => t.close());

const get = (url: string, user = 'superadmin@example.com') =>
  t.app.inject({ url: `/api${url}`, headers: bearer(tokens[user]) });
const list = async (query = '', user?: string) => {
  const response = await get(`/onboarding/claim/list${query ? `?${query}` : ''}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { claims: any[]; count: number; empty: boolean };
};

/** Sends a product request as a visitor; answers the new lead's id. */
async function sendRequest(productType: string, over: Record<string, unknown> = {}): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/onboarding/command/create-claim',
    payload: {
      productType,
      companyName: `Leads ${productType} GmbH`,
      legalFormKey: 'GMBH',
      salutation: 'Frau',
      firstName: 'Lea',
      lastName: `Lead${productType}`,
      email: `lea.${productType.toLowerCase()}@example.com`,
      phone: '+49 30 1234567',
      zip: '10115',
      city: 'Berlin',
      turnover: 20_000_000,
      intermediaryNumber: '123456',
      message: 'Bitte um Rückruf.',
      privacyPolicyAccepted: true,
      ...over,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().identifier;
}

describe('GET /api/onboarding/claim/list (admin list "Produktanfragen")', () => {
  it('is empty at first; a request becomes a lead with every field, newest first', async () => {
    expect(await list()).toEqual({ claims: [], count: 0, empty: true });
    const first = await sendRequest('SMAFA');
    const second = await sendRequest('TPF', { turnover: undefined, message: undefined });
    const body = await list();
    expect(body.count).toBe(2);
    expect(body.claims.map((c) => c.identifier)).toEqual([second, first]);
    expect(body.claims[1]).toEqual({
      identifier: first,
      productType: 'SMAFA',
      companyName: 'Leads SMAFA GmbH',
      legalForm: 'GMBH',
      salutation: 'Frau',
      firstName: 'Lea',
      lastName: 'LeadSMAFA',
      email: 'lea.smafa@example.com',
      phone: '+49 30 1234567',
      zip: '10115',
      city: 'Berlin',
      turnover: 20_000_000,
      intermediaryNumber: '123456',
      message: 'Bitte um Rückruf.',
      creationDate: expect.any(Number),
    });
    expect(body.claims[0]).toMatchObject({ productType: 'TPF', turnover: null, message: null });
    const detail = await get(`/onboarding/claim/${first}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual(body.claims[1]);
    expect((await get('/onboarding/claim/999999')).statusCode).toBe(404);
  });

  it('filters by product, search and date range; sorts and pages', async () => {
    await sendRequest('FW', { companyName: 'Zebra Werke AG', email: 'zebra@example.com' });
    expect((await list('filters[productType][]=FW')).claims.map((c) => c.companyName)).toEqual([
      'Zebra Werke AG',
    ]);
    expect((await list('filters[search][]=zebra@')).count).toBe(1);
    expect((await list('filters[search][]=leadtpf')).claims.map((c) => c.productType)).toEqual(['TPF']);
    const none = await list('filters[search][]=gibtesnicht');
    expect(none).toMatchObject({ count: 0, empty: false });
    const today = todayIso(); // the day in Germany, as the filter counts it
    expect((await list(`filters[creationDate][]=${today}&filters[creationDate][]=${today}`)).count).toBe(3);
    expect((await list('filters[creationDate][]=2000-01-01&filters[creationDate][]=2000-01-02')).count).toBe(
      0,
    );
    const sorted = await list('sortBy=companyName&sortDesc=false');
    expect(sorted.claims.map((c) => c.companyName)).toEqual([
      'Leads SMAFA GmbH',
      'Leads TPF GmbH',
      'Zebra Werke AG',
    ]);
    expect((await list('rowsPerPage=15&page=2')).claims).toEqual([]);
    expect((await get('/onboarding/claim/list?sortBy=message')).statusCode).toBe(400);
  });

  it('needs creditor_registration; a product admin sees their product only (another product: 404)', async () => {
    expect((await get('/onboarding/claim/list', 'support@example.com')).statusCode).toBe(403);
    expect((await get('/onboarding/claim/list', 'creditor@example.com')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/onboarding/claim/list' })).statusCode).toBe(401);
    const tpf = await list('', 'productadmin-tpf@example.com');
    expect(tpf.claims.map((c) => c.productType)).toEqual(['TPF']);
    const smafa = (await list('filters[productType][]=SMAFA')).claims[0];
    expect(
      (await get(`/onboarding/claim/${smafa.identifier}`, 'productadmin-tpf@example.com')).statusCode,
    ).toBe(404);
    expect(
      (await get(`/onboarding/claim/${tpf.claims[0].identifier}`, 'productadmin-tpf@example.com')).statusCode,
    ).toBe(200);
  });

  it("the request's action-log entry names the product and the lead; the provider's service address gets the mail", async () => {
    const id = await sendRequest('FAS', { intermediaryNumber: undefined });
    const entry = await t.db
      .selectFrom('actionLogEntry')
      .selectAll()
      .where('actionType', '=', 'onboarding_create_claim')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ productType: 'FAS', userId: null, creditorId: null });
    expect(entry.payload).toMatchObject({
      claimIdentifier: id,
      companyName: 'Leads FAS GmbH',
      email: 'lea.fas@example.com',
    });
    const log = await get(
      '/action-log/list?filters[actionType][]=onboarding_create_claim&filters[productType][]=FAS',
    );
    expect(log.json().count).toBe(1);
    const mail = await t.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('template', '=', 'onboardingReceived')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.recipient).toBe(variants.FAS.contact.mail);
    expect(mail.params).toMatchObject({
      kindLabel: 'Produktanfrage',
      companyName: 'Leads FAS GmbH',
      email: 'lea.fas@example.com',
    });
  });
});
