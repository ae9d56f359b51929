import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../generated/resources';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { GERMAN_DATE, GERMAN_MONEY, germanText } from './helpers/texts';

/**
 * The creditor's own pages: the dashboard's widgets, the work queue with an inline decision, master
 * data with its tabs and statements, settings with the company users, and the opt-in page of a
 * user who has not accepted the terms — German formats and axe on each.
 */
const PORT = 3422;
const PERCENT = /^\d{1,3}(,\d)? %$/;

describe.skipIf(!chromiumAvailable())('creditor pages', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ensureClientBuilt();
    portal = await startPortal(PORT);
    browser = await launchChromium();
    context = await germanContext(browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const login = async (email: string) => {
    await page.goto(`${portal.baseUrl}/login`);
    await page.getByLabel(germanText('ra.auth.email')).fill(email);
    await page.getByLabel(germanText('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: germanText('ra.auth.sign_in') }).click();
  };
  const widget = (id: string) => page.getByTestId(`widget-${id}`);

  it('shows the dashboard widgets with German figures', async () => {
    await login('creditor@example.com');
    await page.waitForURL(`${portal.baseUrl}/`);
    await expect.poll(() => widget('overdueRate').isVisible(), { timeout: 20_000 }).toBe(true);
    const heading = germanText('permissions.dashboardWidgets.children.overdueRate.label');
    await expect(widget('overdueRate').getByRole('heading', { level: 2 }).textContent()).resolves.toBe(
      heading,
    );
    await expect(widget('overdueRate').getByTestId('figure-value').textContent()).resolves.toMatch(PERCENT);
    await expect(widget('availableCreditorLimit').getByTestId('figure-value').textContent()).resolves.toMatch(
      GERMAN_MONEY,
    );
    // (the charts are a chunk of their own, loaded after the figures)
    for (const chart of [
      'openDunningTypeInvoices',
      'turnoverVolumeChart',
      'turnoverProgressionChart',
      'daysOverdueChart',
    ])
      await expect.poll(() => widget(chart).locator('svg.recharts-surface').count()).toBeGreaterThan(0);
    // each chart's values are there for screen readers too, as a table with German money
    const cells = await widget('daysOverdueChart').locator('table td').allInnerTexts();
    expect(cells.length).toBe(5);
    for (const text of cells) expect(text).toMatch(GERMAN_MONEY);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('opens the work queue from the toolbar and a decision inline', async () => {
    await page.getByRole('link', { name: new RegExp(`^${germanText('ui.toolbar.workQueue')}`) }).click();
    await page.waitForURL('**/work-queue');
    const rows = page.getByTestId('resource-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      germanText(resources.workQueue.label),
    );
    const error = germanText('enums.workQueueStatus.error');
    const errorRow = rows.filter({ hasText: error }).first();
    await errorRow.click();
    await page.waitForURL(/\/work-queue\/\d+/);
    const detail = page.getByTestId('resource-detail');
    await expect.poll(() => detail.getByRole('heading', { level: 2 }).textContent()).not.toBe('');
    await expect(detail.getByText(error).first().isVisible()).resolves.toBe(true);
    const cells = await detail.getByRole('tabpanel').locator('tbody td').allInnerTexts();
    expect(cells.some((text) => GERMAN_MONEY.test(text))).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows master data and the creditor vouchers with selection and download', async () => {
    await page.goto(`${portal.baseUrl}/master-data`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(germanText('permissions.navigation.children.masterData.label'));
    await expect.poll(() => page.getByText('creditor@example.com').count()).toBeGreaterThan(0);
    await page
      .getByRole('tab', { name: germanText('permissions.masterData.children.tabs.children.contract.label') })
      .click();
    await page.waitForURL(/tab=contract/);
    await expect.poll(() => page.getByText(germanText('pages.masterData.conditions')).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page
      .getByRole('tab', {
        name: germanText('permissions.masterData.children.tabs.children.creditorVouchers.label'),
      })
      .click();
    const rows = page.getByTestId('creditor-voucher-row');
    await expect.poll(() => rows.count()).toBe(15);
    const first = await rows.first().locator('td').allInnerTexts();
    expect(first.some((text) => GERMAN_DATE.test(text))).toBe(true);
    expect(first.some((text) => GERMAN_MONEY.test(text))).toBe(true);
    const download = page.getByRole('button', { name: germanText('pages.creditorVouchers.download') });
    await expect(download.isDisabled()).resolves.toBe(true);
    await rows.first().getByRole('checkbox').check();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.zip$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows the settings with the company users', async () => {
    await page.goto(`${portal.baseUrl}/settings?tab=companyUsers`);
    const rows = page.getByTestId('company-user-row');
    // a direct load fetches the settings page's chunk after the portal's: more than a second under load
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(3);
    await expect(rows.allInnerTexts()).resolves.toEqual(
      expect.arrayContaining([expect.stringContaining('observer@example.com')]),
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('sends a user who has not accepted the terms to the opt-in page with the open documents', async () => {
    await page.evaluate(() => localStorage.clear());
    await login('optin@example.com');
    await page.waitForURL('**/opt-in');
    const documents = page.getByTestId('opt-in-document');
    await expect.poll(() => documents.count()).toBe(4);
    await expect(documents.allInnerTexts()).resolves.toEqual(
      expect.arrayContaining([
        expect.stringContaining(germanText('enums.termsDocumentType.termsAndConditions')),
      ]),
    );
    // no header, toolbar or sidebar on this page
    await expect(page.getByRole('banner').count()).resolves.toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
