import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../generated/resources';
import { buildDemoXRechnung } from '../../src/server/processing/demo-einvoice';
import { seriousA11yViolations } from './helpers/axe';
import { actionTiles } from './helpers/action-tiles';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { escapeRegExp, germanText as text } from './helpers/texts';

/**
 * Issue 29 end to end: the admin gives the demo creditor its seller data (VAT id, account for the
 * debtors' payments); the creditor switches a customer's location to XRechnung (UBL) with a
 * Leitweg-ID in "Standort bearbeiten", uploads an invoice for it with delivery by e-mail; after the
 * editing pause the voucher is processed and delivered, and "E-Rechnung herunterladen" in the
 * voucher's detail downloads it — an XRechnung with the Leitweg-ID as BT-10.
 */
const PORT = 3720;
const slow = { timeout: 15_000 };
const LEITWEG_ID = '04011000-1234512345-06';
const NUMBER = `ERECH-${Date.now() % 1_000_000}`;
const actionLabel = (resource: 'debtors' | 'vouchers', key: string) =>
  text(resources[resource].detail.actions.find((action) => action.key === key)!.label);

describe.skipIf(!chromiumAvailable())('a location delivers XRechnung, and the voucher downloads it', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let target: {
    debtorId: number;
    locationId: number;
    name: string;
    street: string;
    zip: string;
    city: string;
  };
  let voucherId: number;

  beforeAll(async () => {
    ensureClientBuilt();
    process.env.UPLOAD_PAUSE_MINUTES = '0.25';
    portal = await startPortal(PORT);
    delete process.env.UPLOAD_PAUSE_MINUTES;
    browser = await launchChromium();
    context = await germanContext(browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const dialog = () => page.getByRole('dialog');
  const detail = () => page.getByTestId('resource-detail');
  const field = (label: string, role: 'textbox' | 'combobox' = 'textbox') =>
    dialog().getByRole(role, { name: label, exact: true });
  const optional = (label: string, role: 'textbox' | 'combobox' = 'textbox') =>
    dialog().getByRole(role, { name: new RegExp(`^${escapeRegExp(label)} \\(`) });
  const choose = async (combobox: Locator, option: string) => {
    await combobox.click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const openAction = async (resource: 'debtors' | 'vouchers', key: string) => {
    await actionTiles(detail(), text('ui.actions.showMore')).open(actionLabel(resource, key));
    await page.waitForURL(new RegExp(`action=${key}`));
  };
  const apiAs = async (token: string, path: string, init: RequestInit = {}) => {
    const response = await fetch(`${portal.baseUrl}/api${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(init.body && !(init.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
  const login = async (username: string) => {
    const response = await fetch(`${portal.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Demo1234!' }),
    });
    return (await response.json()).token as string;
  };
  const creditorToken = () => page.evaluate(() => localStorage.getItem('kontor.token') as string);

  it('the admin completes the creditor’s seller data', async () => {
    const admin = await login('admin@example.com');
    const creditor = await login('creditor@example.com');
    const me = await apiAs(creditor, '/creditor/show');
    const creditorId = me.body.identifier;
    expect(creditorId, JSON.stringify(me.body)).toBeTruthy();
    const values = await apiAs(admin, `/creditor/${creditorId}/edit-values`);
    expect(values.status).toBe(200);
    const saved = await apiAs(admin, `/creditor/${creditorId}/update`, {
      method: 'POST',
      // the seed leaves the demo creditor's intermediary number empty, which the dialog requires
      body: JSON.stringify({
        intermediaryNumber: '123456',
        ...values.body,
        vatId: 'DE123456789',
        invoiceIban: 'DE02120300000000202051',
      }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // a customer with one active location, as the upload's target
    const debtors = await apiAs(creditor, '/debtor/list?rowsPerPage=50&filters[status][]=active');
    for (const d of debtors.body.debtors ?? debtors.body.entries ?? []) {
      const shown = await apiAs(creditor, `/debtor/show/${d.id}`);
      const active = (shown.body.locations ?? []).filter((l: { status: string }) => l.status !== 'inactive');
      if (active.length === 1 && shown.body.businessRelationship?.availableLimit >= 119_000) {
        const l = active[0];
        target = {
          debtorId: d.id,
          locationId: l.id,
          name: shown.body.name,
          street: l.address.street,
          zip: l.address.zip,
          city: l.address.city,
        };
        break;
      }
    }
    expect(target, 'a customer with one active location and limit').toBeDefined();
  });

  it('the creditor switches the location to XRechnung (UBL) with a Leitweg-ID', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill('creditor@example.com');
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
    await page.goto(`${portal.baseUrl}/debtors/main/${target.debtorId}`);
    await openAction('debtors', 'editLocation');
    await expect.poll(() => field(text('forms.editLocation.fields.name')).inputValue(), slow).not.toBe('');
    // delivery by e-mail needs the invoice address
    await choose(field(text('fields.deliveryType'), 'combobox'), text('enums.deliveryType.email'));
    const email = field(text('forms.editLocation.fields.email'));
    if ((await email.inputValue()) === '') await email.fill('rechnung@kunde.example');
    // both are optional: their labels end in "(optional)"
    await choose(
      optional(text('fields.eInvoiceFormat'), 'combobox'),
      text('enums.eInvoiceFormat.xrechnungUbl'),
    );
    await optional(text('fields.leitwegId')).fill(LEITWEG_ID);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog()
      .getByRole('button', { name: text('ui.form.submit'), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    const location = await apiAs(
      await creditorToken(),
      `/debtor/${target.debtorId}/location/${target.locationId}`,
    );
    expect(location.body).toMatchObject({ eInvoiceFormat: 'xrechnungUbl', leitwegId: LEITWEG_ID });
  });

  it('an invoice uploaded for it is processed and delivered', async () => {
    const body = new FormData();
    for (const [name, value] of Object.entries({
      voucherType: 'invoice',
      deliveryType: 'email',
      email: 'rechnung@kunde.example',
      debtor: String(target.debtorId),
      location: String(target.locationId),
    }))
      body.append(name, value);
    const xml = buildDemoXRechnung(new Date(), NUMBER, {
      name: target.name,
      street: target.street,
      zip: target.zip,
      city: target.city,
    });
    body.append('invoiceFiles', new Blob([xml], { type: 'application/xml' }), `${NUMBER}.xml`);
    const uploaded = await apiAs(await creditorToken(), '/voucher/upload', { method: 'POST', body });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    voucherId = uploaded.body.voucherId;
    await expect
      .poll(
        async () => {
          const token = await creditorToken();
          const shown = await apiAs(token, `/voucher/show/${voucherId}`);
          if (shown.body?.officialVoucherNumber) return 'processed';
          const pending = await apiAs(token, `/unprocessed-voucher/show/${voucherId}`);
          if (pending.body?.pendingStatus) await apiAs(token, `/voucher/continue/${voucherId}`);
          return pending.body?.pendingStatus ?? 'waiting';
        },
        { timeout: 150_000, interval: 2000 },
      )
      .toBe('processed');
    // the kept file and the delivery mail's attachment are asserted in tests/api/einvoice-delivery.test.ts
  });

  it('“E-Rechnung herunterladen” downloads the XRechnung with the Leitweg-ID', async () => {
    await page.goto(`${portal.baseUrl}/vouchers/main/${voucherId}`);
    await openAction('vouchers', 'downloadEInvoice');
    await expect
      .poll(() => dialog().getByRole('heading').first().textContent(), slow)
      .toBe(text('ui.actions.eInvoiceTitle'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog()
        .getByRole('button', { name: text('ui.actions.eInvoiceDownload'), exact: true })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Rechnung_${NUMBER}.xml`);
    const content = readFileSync((await download.path())!, 'utf8');
    expect(content).toContain(`<cbc:ID>${NUMBER}</cbc:ID>`);
    expect(content).toContain(`<cbc:BuyerReference>${LEITWEG_ID}</cbc:BuyerReference>`);
    expect(content).toContain('<cbc:CompanyID>DE123456789</cbc:CompanyID>');
    await expect.poll(() => dialog().count(), slow).toBe(0);
  });
});
