import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionTables } from '../../generated/permissions';
import { variants } from '../../generated/variants';
import { createPermissionEvaluator, lookup } from '../../src/shared/permissions';
import type { VariantComparison } from '../../src/shared/variant-comparison';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

const { isAllowed } = createPermissionEvaluator(permissionTables);
const mainUserOf = (code: string) => (code === 'SMAFA' ? 'creditor@example.com' : `creditor-${code.toLowerCase()}@example.com`);

describe('GET /api/variants/comparison (issue 16)', () => {
  let t: TestApp;
  let comparison: VariantComparison;
  beforeAll(async () => {
    t = await buildTestApp();
    const response = await t.app.inject({
      url: '/api/variants/comparison',
      headers: bearer(await loginAs(t.app, 'superadmin@example.com')),
    });
    expect(response.statusCode).toBe(200);
    comparison = response.json();
  });
  afterAll(() => t.close());

  it('answers only the super admin (401 without login, 403 for other admins and creditors)', async () => {
    expect((await t.app.inject({ url: '/api/variants/comparison' })).statusCode).toBe(401);
    for (const email of ['admin@example.com', 'productadmin@example.com', 'creditor@example.com']) {
      const response = await t.app.inject({
        url: '/api/variants/comparison',
        headers: bearer(await loginAs(t.app, email)),
      });
      expect(response.statusCode, email).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
  });

  it('shows all eight products with the values their configuration holds', () => {
    expect(comparison.products.map((p) => p.code).sort()).toEqual(Object.keys(variants).sort());
    const row = (key: string) => comparison.rows.find((r) => r.key === key)!;
    for (const code of Object.keys(variants)) {
      expect(row('productName').cells[code].value).toBe(variants[code].productName);
      expect(row('theme.primary').cells[code].value).toBe(variants[code].theme.primary);
      expect(row('onboarding.maxCreditorLimit').cells[code].value).toBe(variants[code].onboarding.maxCreditorLimit);
    }
    // TPF's own setting points at its YAML line; SMAFA keeps the default of document 2 §5
    expect(row('onboarding.maxCreditorLimit').cells.TPF).toMatchObject({
      value: 15_000_000,
      origin: 'variant',
      source: expect.stringMatching(/^variants\/tpf\.yaml:\d+$/),
    });
    expect(row('onboarding.maxCreditorLimit').cells.SMAFA).toMatchObject({ value: 75_000_000, origin: 'default' });
    expect(row('onboarding.maxCreditorLimit').differs).toBe(true);
    // a wording TPF changes, beside the catalogue text the others show
    const debtorName = row('wording.resources.debtors.name');
    expect(debtorName.cells.TPF.value).toBe('Auftraggeber');
    expect(debtorName.cells.SMAFA).toMatchObject({ value: debtorName.defaultValue, origin: 'default' });
  });

  it("the effective switches equal what each product's demo main user gets (user/current)", async () => {
    const switches = comparison.rows.filter((r) => r.key.startsWith('permissions.'));
    expect(switches.length).toBe(
      permissionTables.paths.filter((p) => !permissionTables.paths.some((q) => q.startsWith(`${p}.`))).length,
    );
    for (const code of Object.keys(variants)) {
      const current = (
        await t.app.inject({
          url: '/api/user-management/user/current',
          headers: bearer(await loginAs(t.app, mainUserOf(code))),
        })
      ).json();
      expect(current.product).toBe(code);
      let decided = 0;
      for (const row of switches) {
        const path = row.key.slice('permissions.'.length);
        const cell = row.cells[code];
        const effective = isAllowed(path, {
          roles: current.roles,
          productPermissions: variants[current.product].permissions,
          userPermissions: current.permissions,
        });
        if (cell.value === false) expect(effective, `${code} ${path}`).toBe(false);
        else if (cell.value === true || cell.value === 'alwaysOn') {
          // the product allows it: on unless the user's own stored permission says false
          expect(effective, `${code} ${path}`).toBe(lookup(current.permissions, path) !== false);
        } else {
          // the product leaves it to the user's stored permissions
          expect(effective, `${code} ${path}`).toBe(lookup(current.permissions, path) === true);
        }
        if (typeof cell.value === 'boolean') decided++;
      }
      expect(decided, code).toBeGreaterThan(10);
    }
  });
});

describe('POST /api/variants/preview/{code} (issue 16): the creditor area as a product, read-only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("gives the super admin a read-only session of the product's demo creditor", async () => {
    const admin = bearer(await loginAs(t.app, 'superadmin@example.com'));
    const response = await t.app.inject({ method: 'POST', url: '/api/variants/preview/TPF', headers: admin });
    expect(response.statusCode).toBe(200);
    const { token, product } = response.json();
    expect(product).toBe('TPF');
    const preview = bearer(token);
    const current = (await t.app.inject({ url: '/api/user-management/user/current', headers: preview })).json();
    expect(current).toMatchObject({ product: 'TPF', impersonated: true });
    const own = (
      await t.app.inject({
        url: '/api/user-management/user/current',
        headers: bearer(await loginAs(t.app, 'creditor-tpf@example.com')),
      })
    ).json();
    // the product's demo creditor: its data, as its main user sees it
    expect(current.id).toBe(own.id);
    const list = await t.app.inject({ url: '/api/voucher/list?page=1&rowsPerPage=15', headers: preview });
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBeGreaterThan(0);
    // the preview is in the action log with the admin's e-mail
    const entry = await t.db
      .selectFrom('actionLogEntry')
      .select(['adminEmail', 'userEmail', 'productType'])
      .where('actionType', '=', 'impersonation')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ adminEmail: 'superadmin@example.com', userEmail: own.email, productType: 'TPF' });
  });

  it('refuses every change in the preview with the German text, and nothing changes', async () => {
    const admin = bearer(await loginAs(t.app, 'superadmin@example.com'));
    const { token } = (await t.app.inject({ method: 'POST', url: '/api/variants/preview/SMAFA', headers: admin })).json();
    const before = await t.db.selectFrom('debtor').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/debtor/create',
      headers: bearer(token),
      payload: { name: 'Vorschau GmbH' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'previewReadOnly', message: expect.stringContaining('Vorschau') });
    const after = await t.db.selectFrom('debtor').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('answers only the super admin; an unknown product is a 400', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/variants/preview/TPF' })).statusCode).toBe(401);
    for (const email of ['admin@example.com', 'creditor@example.com']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/variants/preview/TPF',
        headers: bearer(await loginAs(t.app, email)),
      });
      expect(response.statusCode, email).toBe(403);
    }
    const admin = bearer(await loginAs(t.app, 'superadmin@example.com'));
    expect((await t.app.inject({ method: 'POST', url: '/api/variants/preview/XYZ', headers: admin })).statusCode).toBe(400);
  });
});

describe('GET /api/variants/comparison in dev mode', () => {
  it('answers without login when the dev tools are on', async () => {
    const { buildApp } = await import('../../src/server/app');
    const { openTestDatabase } = await import('../helpers/test-database');
    const { inject } = await import('vitest');
    const handle = await openTestDatabase(inject('kontorTemplate'));
    const app = await buildApp({ db: handle.db, devTools: true });
    try {
      const response = await app.inject({ url: '/api/variants/comparison' });
      expect(response.statusCode).toBe(200);
      expect(response.json().products).toHaveLength(Object.keys(variants).length);
      // and the preview, without login, still read-only
      const preview = await app.inject({ method: 'POST', url: '/api/variants/preview/DAA' });
      expect(preview.statusCode).toBe(200);
      const refused = await app.inject({
        method: 'POST',
        url: '/api/debtor/create',
        headers: { authorization: `Bearer ${preview.json().token}` },
        payload: { name: 'Vorschau GmbH' },
      });
      expect(refused.statusCode).toBe(403);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
