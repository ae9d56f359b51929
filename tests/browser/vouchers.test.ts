import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../generated/resources';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { listHeaders, showColumn } from './helpers/list-columns';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { GERMAN_DATE, GERMAN_MONEY, germanText } from './helpers/texts';

/**
 * Journey of the demo creditor through the vouchers and the uploads in processing: list with German
 * headers and formats, a filter, inline details with children and history, the unprocessed list
 * with a pending voucher's explanation; axe on each screen.
 */
const PORT = 3401;
const vouchers = resources.vouchers;
const unprocessed = resources.unprocessed;
const columnOf = (value: string) => vouchers.list.columns.find((c) => c.value === value)!;
const columnText = (value: string) => germanText(columnOf(value).text);

describe.skipIf(!chromiumAvailable())('creditor works through vouchers and uploads in processing', () => {
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

  const rows = () => page.getByTestId('resource-row');
  const api = async (path: string) => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const response = await fetch(`${portal.baseUrl}/api${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return response.json();
  };
  const headerTexts = async () =>
    (await page.locator('thead').first().locator('th').allInnerTexts()).map((text) =>
      text.replace(/\s+/g, ' ').trim(),
    );
  const columnValues = async (value: string) => {
    const index = (await headerTexts()).findIndex((text) => text.startsWith(columnText(value)));
    expect(index, `column ${value}`).toBeGreaterThanOrEqual(0);
    return rows()
      .locator(`td:nth-child(${index + 1})`)
      .allInnerTexts();
  };

  it('logs in and opens the voucher list with German headers, amounts and dates', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(germanText('ra.auth.email')).fill('creditor@example.com');
    await page.getByLabel(germanText('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: germanText('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
    await page
      .getByRole('menuitem', { name: germanText('permissions.navigation.children.vouchers.label') })
      .click();
    await page.waitForURL('**/vouchers');
    await expect.poll(() => rows().count()).toBe(vouchers.list.defaultPerPage);
    const headers = (await headerTexts()).join(' ');
    // the columns that always stay show; the rest as far as the width allows (YAML priorities)
    for (const column of vouchers.list.columns.filter((c) => c.priority === 1))
      expect(headers).toContain(germanText(column.text));
    const amounts = await columnValues('amount');
    for (const text of amounts) expect(text).toMatch(GERMAN_MONEY);
    // "Hochgeladen am" is among the first to go on a laptop; the user switches it on
    await showColumn(page, germanText(columnOf('uploaded').text));
    const dates = (await columnValues('uploaded')).filter((text) => text !== '–');
    expect(dates.length).toBeGreaterThan(0);
    for (const text of dates) expect(text).toMatch(GERMAN_DATE);
    await page.screenshot({ path: '/tmp/vbench/voucher-list.png' });
  });

  it('keeps the chosen columns after a reload, and shows fewer beside the open detail', async () => {
    const uploaded = germanText(columnOf('uploaded').text);
    const always = vouchers.list.columns.filter((c) => c.priority === 1);
    await page.reload();
    await expect.poll(() => rows().count()).toBe(vouchers.list.defaultPerPage);
    // the choice is the user's: it applies once the user is known again
    await expect.poll(async () => (await listHeaders(page)).some((text) => text.startsWith(uploaded))).toBe(true);
    // back to the YAML's choice, on a wide screen: more than the columns that always stay
    await page.getByRole('button', { name: germanText('ui.list.columns'), exact: true }).click();
    const menu = page.getByRole('menu', { name: germanText('ui.list.columnsTitle') });
    await menu.getByRole('menuitem', { name: germanText('ui.list.columnsReset') }).click();
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1920, height: 1000 });
    await expect.poll(async () => (await listHeaders(page)).length).toBeGreaterThan(always.length);
    const wide = (await listHeaders(page)).length;
    const { vouchers: open } = await api('/voucher/list?filters[status][]=open');
    // an upload still in processing would move to its unprocessed view (issue 28): a processed one
    const processed = open.find((voucher: { requiresProcessing?: boolean }) => !voucher.requiresProcessing);
    await page.goto(`${portal.baseUrl}/vouchers/main/${processed.id}`);
    await page.getByTestId('resource-detail').waitFor();
    await expect.poll(async () => (await listHeaders(page)).length).toBeLessThan(wide);
    const narrow = (await listHeaders(page)).join(' ');
    for (const column of always) expect(narrow).toContain(germanText(column.text));
    // every column stays offered under "Spalten"; the ones left out say why
    await page.getByRole('button', { name: germanText('ui.list.columns'), exact: true }).click();
    expect(await menu.getByRole('menuitemcheckbox').count()).toBe(vouchers.list.columns.length);
    expect(await menu.getByText(germanText('ui.list.columnsTooNarrow')).count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: germanText('ui.detail.close') }).click();
    await page.waitForURL(/\/vouchers(\?|$)/);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('passes axe on the list', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('filters by status and shows the German status label', async () => {
    const closed = germanText('enums.voucherStatus.closed');
    await page.getByRole('combobox', { name: germanText('fields.status') }).click();
    await page.getByRole('option', { name: closed }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL(/filters\[status\]\[\]=closed/);
    await expect
      .poll(async () => (await columnValues('statusToShow')).every((text) => text === closed))
      .toBe(true);
  });

  it('exports the filtered list as CSV from the toolbar', async () => {
    const { count } = await api('/voucher/list?rowsPerPage=15&filters[status][]=closed');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: germanText('ui.list.export') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^belege-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toContain(germanText(vouchers.list.columns[0].text));
    // the list's filter applies: one line per closed voucher, none of another status
    expect(lines.length - 1).toBe(count);
    await expect
      .poll(() => page.locator('.MuiSnackbar-root').filter({ hasText: download.suggestedFilename() }).count())
      .toBe(1);
  });

  it('opens a voucher inline with its children and history', async () => {
    // a closed invoice that a payment balanced: it has a child voucher
    const { vouchers: list } = await api(
      '/voucher/list?rowsPerPage=100&filters[status][]=closed&filters[type][]=invoice',
    );
    const withChild = list.find((v: { children: unknown[] }) => v.children.length > 0);
    expect(withChild).toBeDefined();
    await page.goto(`${portal.baseUrl}/vouchers/main/${withChild.id}?filters[status][]=closed`);
    const detail = page.getByTestId('resource-detail');
    await expect
      .poll(() => detail.getByRole('heading', { level: 2 }).textContent())
      .toBe(withChild.numberToShow);
    await detail.getByRole('tab', { name: germanText('resources.vouchers.tabs.children') }).click();
    await page.waitForURL(/tab=children/);
    const cells = () => detail.getByRole('tabpanel').locator('tbody td').allInnerTexts();
    await expect.poll(cells).toContain(withChild.children[0].numberToShow);
    expect((await cells()).some((text) => GERMAN_MONEY.test(text))).toBe(true);
    await page.screenshot({ path: '/tmp/vbench/voucher-detail.png', fullPage: true });
    await detail.getByRole('tab', { name: germanText('resources.vouchers.tabs.history') }).click();
    await page.waitForURL(/tab=history/);
    await expect.poll(() => detail.getByRole('tabpanel').locator('tbody tr').count()).toBeGreaterThan(0);
    expect(
      await detail.getByRole('button', { name: germanText('resources.vouchers.actions.comment') }).count(),
    ).toBe(1);
  });

  it('passes axe on the voucher detail', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('lists the uploads in processing and explains a pending one', async () => {
    await page
      .getByRole('menuitem', { name: germanText('permissions.navigation.children.unprocessed.label') })
      .click();
    await page.waitForURL('**/unprocessed');
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(germanText(unprocessed.label));
    const { vouchers: pending } = await api('/unprocessed-voucher/list?filters[status][]=pending');
    const voucher = pending[0];
    await page.goto(`${portal.baseUrl}/unprocessed/${voucher.id}`);
    const detail = page.getByTestId('resource-detail');
    await expect
      .poll(() => detail.getByRole('heading', { level: 2 }).textContent())
      .toBe(voucher.originalFileName);
    await expect.poll(() => detail.getByText(voucher.pendingExplanation).count()).toBe(1);
    expect(
      await detail
        .getByRole('button', { name: germanText('resources.unprocessed.actions.continue') })
        .count(),
    ).toBe(1);
    await page.screenshot({ path: '/tmp/vbench/unprocessed-detail.png', fullPage: true });
  });

  it('passes axe on the unprocessed detail', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
