import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import { resources } from '../../generated/resources';
import { buildDemoXRechnung } from '../../src/server/processing/demo-einvoice';
import { seriousA11yViolations } from './helpers/axe';
import { actionTiles } from './helpers/action-tiles';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/**
 * The demo creditor hands over a subsequent invoice from a voucher's detail (document 1 §4, issue 9):
 * the tile opens the dialog, the XRechnung is uploaded, the new voucher is at once a child of the
 * voucher ("Folgebelege"), the voucher's history says so, and after the (short) editing pause the
 * child is a processed voucher of its own. Alongside, an invoice handed over already 20 days overdue
 * is taken up by the server's own dunning run (workers loop, real clock): its payment reminder shows
 * in the voucher history on the page.
 */
const PORT = 3500;
const slow = { timeout: 15_000 };
const FORM = forms.uploadSubsequentInvoice;
const actionLabel = text(
  resources.vouchers.detail.actions.find((action) => action.key === 'uploadSubsequentInvoice')!.label,
);
const NUMBER = `FOLGE-${Date.now() % 1_000_000}`;
const BUYER = { name: 'Folge Kunde', street: 'Weg 1', zip: '12345', city: 'Ort' };
const XML = Buffer.from(buildDemoXRechnung(new Date(), NUMBER, BUYER));
// dated 50 days ago with 30 days' term: 20 days overdue — past the payment reminder (10), before the dunning (35)
const OVERDUE_NUMBER = `MAHN-${Date.now() % 1_000_000}`;
const OVERDUE_XML = Buffer.from(
  buildDemoXRechnung(new Date(Date.now() - 50 * 86_400_000), OVERDUE_NUMBER, BUYER),
);
const REMINDER = 'Zahlungserinnerung versandt';

describe.skipIf(!chromiumAvailable())('creditor uploads a subsequent invoice', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let parent: { id: number; numberToShow: string };
  let childId: number;
  let overdueId: number;

  beforeAll(async () => {
    ensureClientBuilt();
    // a short editing pause, so the journey sees the child processed
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
  const api = async (path: string) => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const response = await fetch(`${portal.baseUrl}/api${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return response.json();
  };
  const apiCall = async (path: string, init: RequestInit = {}) => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const response = await fetch(`${portal.baseUrl}/api${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: await response.json() };
  };
  const openTab = async (key: string) => {
    await detail()
      .getByRole('tab', { name: text(`resources.vouchers.tabs.${key}`) })
      .click();
    await page.waitForURL(new RegExp(`tab=${key}`));
  };
  const tabRows = async () =>
    (await detail().getByRole('tabpanel').locator('tbody tr').allInnerTexts()).join('\n');

  it('logs in and opens a processed invoice that offers the action', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill('creditor@example.com');
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
    const { vouchers: list } = await api(
      '/voucher/list?rowsPerPage=100&filters[status][]=open&filters[type][]=invoice',
    );
    for (const candidate of list) {
      const shown = await api(`/voucher/show/${candidate.id}`);
      if (shown.permissions?.uploadSubsequentInvoice) {
        parent = shown;
        break;
      }
    }
    expect(parent, 'an invoice of the demo creditor that takes a subsequent invoice').toBeDefined();
    // the overdue invoice for the dunning check, for the same customer (its pause runs meanwhile)
    const { debtor, location } = parent as unknown as { debtor: { id: number }; location: { id: number } };
    const body = new FormData();
    for (const [name, value] of Object.entries({
      voucherType: 'invoice',
      deliveryType: 'post',
      debtor: String(debtor.id),
      location: String(location.id),
    }))
      body.append(name, value);
    body.append(
      'invoiceFiles',
      new Blob([new Uint8Array(OVERDUE_XML)], { type: 'application/xml' }),
      `${OVERDUE_NUMBER}.xml`,
    );
    const uploaded = await apiCall('/voucher/upload', { method: 'POST', body });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    overdueId = uploaded.body.voucherId;
    await page.goto(`${portal.baseUrl}/vouchers/main/${parent.id}`);
    await expect
      .poll(() => detail().getByRole('heading', { level: 2 }).textContent(), slow)
      .toBe(parent.numberToShow);
  });

  it('opens the dialog from its tile; it passes axe', async () => {
    await actionTiles(detail(), text('ui.actions.showMore')).open(actionLabel);
    await page.waitForURL(/action=uploadSubsequentInvoice/);
    await expect.poll(() => dialog().getByRole('heading').first().textContent(), slow).toBe(text(FORM.label));
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('uploads the XRechnung: the new voucher is a child at once, and the history says so', async () => {
    const files = dialog().getByRole('button', {
      name: text('forms.uploadSubsequentInvoice.fields.files'),
      exact: true,
    });
    await files.setInputFiles({ name: `${NUMBER}.xml`, mimeType: 'application/xml', buffer: XML });
    await dialog()
      .getByRole('button', { name: text(FORM.submitLabel), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    await expect
      .poll(() => page.getByText(text('messages.uploads.subsequentInvoiceUploaded')).count(), slow)
      .toBeGreaterThan(0);

    const shown = await api(`/voucher/show/${parent.id}`);
    const child = shown.children.find(
      (c: { requiresProcessing: boolean; officialVoucherNumber: string | null }) =>
        c.requiresProcessing && !c.officialVoucherNumber,
    );
    expect(child, JSON.stringify(shown.children)).toBeTruthy();
    childId = child.id;
    const unprocessed = await api(`/unprocessed-voucher/show/${childId}`);
    expect(unprocessed.originalFileName).toBe(`${NUMBER}.xml`);

    await openTab('history');
    await expect.poll(tabRows, slow).toContain('Folgerechnung hochgeladen');
  });

  it('after the editing pause the child is processed and listed among the child vouchers', async () => {
    await expect
      .poll(async () => (await api(`/voucher/show/${childId}`)).officialVoucherNumber ?? null, {
        timeout: 120_000,
        interval: 2000,
      })
      .not.toBeNull();
    const child = await api(`/voucher/show/${childId}`);
    expect(child.customNumber).toBe(NUMBER);
    await page.goto(`${portal.baseUrl}/vouchers/main/${parent.id}?tab=children`);
    await expect.poll(tabRows, slow).toContain(child.numberToShow);
  });

  it("the dunning run's payment reminder of an overdue invoice shows in its history", async () => {
    // overdue: not purchasable — the creditor processes it anyway (the pending decision)
    await expect
      .poll(async () => (await api(`/unprocessed-voucher/show/${overdueId}`)).pendingStatus ?? null, {
        timeout: 120_000,
        interval: 2000,
      })
      .toBe('not_purchasable');
    expect((await apiCall(`/voucher/continue/${overdueId}`)).status).toBe(200);
    await expect
      .poll(async () => (await api(`/voucher/show/${overdueId}`)).officialVoucherNumber ?? null, {
        timeout: 60_000,
        interval: 2000,
      })
      .not.toBeNull();
    // the workers loop's dunning run takes it up by itself
    await expect
      .poll(
        async () =>
          (await api(`/voucher/${overdueId}/history/list`)).entries.map((e: { title: string }) => e.title),
        { timeout: 60_000, interval: 2000 },
      )
      .toContain(REMINDER);
    expect((await api(`/voucher/show/${overdueId}`)).dunningType).toBe('paymentReminder');
    await page.goto(`${portal.baseUrl}/vouchers/main/${overdueId}?tab=history`);
    await expect.poll(tabRows, slow).toContain(REMINDER);
    expect(await tabRows()).toMatch(/seit (19|20|21) Tagen fällig/);
    expect(await tabRows()).not.toContain('Mahnung versandt');
  });
});
