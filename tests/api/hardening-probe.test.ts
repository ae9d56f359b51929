import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';
import { type ApiRoute, apiRoutes, fillPath } from '../helpers/route-table';

// Every class of malformed input that once reached a 500, sent to every route of the route table
// (so routes added later are probed by themselves): always a clean 4xx with a message key and a
// German text, never a 5xx, never an internal text.

let t: TestApp;
let routes: ApiRoute[];
let creditor: string;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  creditor = await loginAs(t.app, 'creditor@example.com');
  admin = await loginAs(t.app, 'admin@example.com');
  routes = apiRoutes(t.app);
}, 120_000);
afterAll(() => t?.close());

const HOSTILE_IDS = ['2147483648', '1e20', 'Infinity', '-Infinity', '99999999999999999999', 'NaN', 'abc', '\u0000', '1.5'];
const HOSTILE_QUERIES = [
  'page=1e20', 'page=2147483648', 'rowsPerPage=1e20', 'filters[search][]=%00', 'filters[search]=%00', 'sortBy=%00',
  'filters[voucherDate][]=2025-02-30', 'filters[voucherDate][]=0000-01-01', 'filters[date][]=2025-02-30',
  'filters[date][]=0000-01-01', 'filters[createdAt][]=0000-01-01', 'filters[debtor][]=99999999999999999999',
  'filters[__proto__][x]=1', 'constructor[prototype][x]=1',
];

async function expectCleanRefusal(method: string, url: string, token: string, payload?: unknown) {
  const response = await t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const where = `${method} ${url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = response.json();
    expect(body.code, where).toEqual(expect.any(String));
    expect(body.message, where).toEqual(expect.any(String));
    expect(body, where).not.toHaveProperty('detail');
    expect(body.message, where).not.toMatch(/FST_|must be|must have/);
  }
  return response;
}

describe('malformed input on every route', () => {
  it('path ids beyond 32 bits, 1e20, Infinity, NaN, text and NUL are a 4xx on every route with a path id', async () => {
    const withIds = routes.filter((r) => r.params.length);
    expect(withIds.length).toBeGreaterThan(20);
    for (const route of withIds)
      for (const id of HOSTILE_IDS) {
        const response = await expectCleanRefusal(route.method, fillPath(route.path, id), route.path.startsWith('/admin') ? admin : creditor, route.method === 'GET' ? undefined : {});
        expect(response.statusCode, `${route.method} ${route.path} with ${JSON.stringify(id)}`).toBeGreaterThanOrEqual(400);
      }
  }, 300_000);

  it('page=1e20, NUL bytes, impossible dates and prototype keys in query strings are a 4xx or ignored, never a 5xx', async () => {
    for (const route of routes.filter((r) => r.method === 'GET'))
      for (const query of HOSTILE_QUERIES)
        for (const token of [creditor, admin]) await expectCleanRefusal('GET', `${fillPath(route.path, '1')}?${query}`, token);
  }, 300_000);

  it('the known cases are refused with 400 and the German text', async () => {
    for (const [url, token] of [
      ['/debtor/show/2147483648', creditor],
      ['/debtor/list?page=1e20', creditor],
      ['/debtor/list?filters[search][]=%00', creditor],
      ['/voucher/list?filters[voucherDate][]=2025-02-30', creditor],
      ['/voucher/csv?filters[voucherDate][]=0000-01-01', creditor],
      ['/voucher/csv?filters[search][]=%00', creditor],
    ] as const) {
      const response = await expectCleanRefusal('GET', url, token);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('validationError');
      expect(response.json().message).toMatch(/[a-zäöü]/);
    }
  });

  it('a NUL in a login name is a 400, not a 500', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: '\u0000', password: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().reason).toBe('invalidCharacters');
  });

  it('JSON ids beyond 32 bits in command bodies are a 400', async () => {
    for (const route of routes.filter((r) => r.method !== 'GET' && r.body && JSON.stringify(r.body).match(/"ids?"|Ids?"/))) {
      const keys = Object.keys((route.body?.properties ?? {}) as object).filter((k) => /^ids?$|Ids?$/.test(k));
      for (const key of keys) {
        const value = key.endsWith('s') ? [2147483648] : 2147483648;
        await expectCleanRefusal(route.method, fillPath(route.path, '1'), creditor, { [key]: value });
        await expectCleanRefusal(route.method, fillPath(route.path, '1'), admin, { [key]: 1e20 });
      }
    }
  });
});

describe('bodies the e-invoice upload cannot take', () => {
  it('a non-multipart body over 1 MiB is a 413 with the German text, not a serialisation failure', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/einvoice/read', headers: { ...bearer(creditor), 'content-type': 'application/json' },
      payload: JSON.stringify({ file: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payloadTooLarge', message: expect.stringContaining('zu groß') });
    expect(response.body).not.toContain('FST_');
  });

  it('a multipart request with more than 20 parts is a 4xx', async () => {
    const parts = Array.from({ length: 25 }, (_, i) => `--x\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('');
    const response = await t.app.inject({
      method: 'POST', url: '/api/einvoice/read', headers: { ...bearer(creditor), 'content-type': 'multipart/form-data; boundary=x' },
      payload: `${parts}--x--\r\n`,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain('FST_');
  });

  it('a cut-off multipart body is a 400', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/einvoice/read', headers: { ...bearer(creditor), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('badRequest');
  });
});
