import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, buildTestApp, loginAs } from '../helpers/app';
import { apiRoutes, fillPath } from '../helpers/route-table';

// Security headers on every answer, and no caching of any authenticated API answer (JSON and CSV).

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = await loginAs(t.app, 'creditor@example.com');
});
afterAll(() => t?.close());

describe('security headers', () => {
  it('sends a strict CSP without inline scripts or eval, nosniff, frame-ancestors none and a referrer policy', async () => {
    const response = await t.app.inject({ url: '/api/debtor/list', headers: bearer(token) });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // the forms' validator interprets schemas (src/client/forms/form-validator.ts): no eval allowed
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it('serves the API documentation no-store (issue 26)', async () => {
    const docs = await t.app.inject({ url: '/api/docs' });
    const page = docs.statusCode >= 300 && docs.statusCode < 400 ? await t.app.inject({ url: `/api/docs/${String(docs.headers.location ?? '').replace(/^.*\/docs\/?/, '')}` }) : docs;
    expect(docs.headers['cache-control']).toBe('no-store');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('marks every authenticated GET answer of the route table no-store, CSV exports included', async () => {
    let checked = 0;
    for (const route of apiRoutes(t.app).filter((r) => r.method === 'GET' && !r.params.length)) {
      const response = await t.app.inject({ url: `/api${fillPath(route.path, '1')}`, headers: bearer(token) });
      expect(response.headers['cache-control'], route.path).toBe('no-store');
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
    const csv = await t.app.inject({ url: '/api/voucher/csv', headers: bearer(token) });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['cache-control']).toBe('no-store');
  });

  it('keeps error answers free of caching too', async () => {
    const response = await t.app.inject({ url: '/api/debtor/show/2147483648', headers: bearer(token) });
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
