import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../generated/resources';
import { variants } from '../../generated/variants';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { listHeaders, showColumn } from './helpers/list-columns';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { GERMAN_DATE, GERMAN_MONEY, germanText } from './helpers/texts';

/**
 * Journey through the permanent debts: the demo creditor opens them from the sidebar (German
 * headers, money and dates), filters the ended ones (stopped and expired, shown as "ended"), opens
 * one inline with its invoices tab; the freight variant (tpf host) has no such menu entry.
 */
const PORT = 3412;
const permanentDebts = resources.permanentDebts;
const menuLabel = germanText('permissions.navigation.children.permanentDebts.label');
const columnText = (value: string) =>
  germanText(permanentDebts.list.columns.find((c) => c.value === value)!.text);

describe.skipIf(!chromiumAvailable())('creditor reads the permanent debts', () => {
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
  const login = async (email: string) => {
    await page.goto(`${portal.baseUrl}/login`);
    await page.getByLabel(germanText('ra.auth.email')).fill(email);
    await page.getByLabel(germanText('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: germanText('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
  };
  /** The texts of one column of the main list, found by its German header. */
  const columnValues = async (value: string) => {
    const headers = (await page.locator('thead').first().locator('th').allInnerTexts()).map((text) =>
      text.replace(/\s+/g, ' ').trim(),
    );
    const index = headers.findIndex((text) => text.startsWith(columnText(value)));
    expect(index, `column ${value} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
    return rows()
      .locator(`td:nth-child(${index + 1})`)
      .allInnerTexts();
  };

  it('opens the list from the sidebar with German headers, money and dates', async () => {
    await login('creditor@example.com');
    await page.getByRole('menuitem', { name: menuLabel }).click();
    await page.waitForURL('**/permanent-debts');
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      germanText(permanentDebts.label),
    );
    // a laptop shows the columns by priority; the user switches on the others one after the other,
    // and every earlier choice stays (the table scrolls sideways)
    for (const column of permanentDebts.list.columns) await showColumn(page, germanText(column.text));
    await expect.poll(async () => (await listHeaders(page)).length).toBe(permanentDebts.list.columns.length);
    const headers = (await listHeaders(page)).join(' ');
    for (const column of permanentDebts.list.columns) expect(headers).toContain(germanText(column.text));
    const money = await columnValues('grossAmount');
    for (const text of money) expect(text).toMatch(GERMAN_MONEY);
    for (const text of await columnValues('startDate')) expect(text).toMatch(GERMAN_DATE);
    // the file's later steps read columns too: the choice is kept per user and list
  });

  it('passes axe on the list', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('filters the ended ones: stopped and expired are both shown as ended', async () => {
    const ended = germanText('enums.permanentDebtStatus.ended');
    await page.getByRole('combobox', { name: columnText('status') }).click();
    await page.getByRole('option', { name: ended }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL(/filters\[status\]\[\]=ended/);
    await expect.poll(async () => (await columnValues('status')).every((text) => text === ended)).toBe(true);
    expect(await rows().count()).toBeGreaterThan(1);
    await page
      .getByRole('button', { name: germanText('ui.list.resetFilters') })
      .first()
      .click();
  });

  it('opens a permanent debt inline with its invoices tab', async () => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const list = await (
      await fetch(`${portal.baseUrl}/api/permanent-debt/list?rowsPerPage=100`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json();
    // one with invoices, so that the tab has rows
    let target: { id: number; subject: string } | undefined;
    for (const item of list.vouchers) {
      const detail = await (
        await fetch(`${portal.baseUrl}/api/permanent-debt/${item.id}/show`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json();
      if (detail.vouchers?.length) {
        target = detail;
        break;
      }
    }
    expect(target).toBeDefined();
    await page.goto(`${portal.baseUrl}/permanent-debts/${target!.id}`);
    const detail = page.getByTestId('resource-detail');
    await expect.poll(() => detail.getByRole('heading', { level: 2 }).textContent()).toBe(target!.subject);
    await detail.getByRole('tab', { name: germanText('resources.permanentDebts.tabs.invoices') }).click();
    await expect.poll(() => detail.getByRole('tabpanel').locator('tbody tr').count()).toBeGreaterThan(0);
    const cells = await detail.getByRole('tabpanel').locator('tbody td').allInnerTexts();
    expect(cells.some((text) => GERMAN_MONEY.test(text))).toBe(true);
    expect(cells.some((text) => GERMAN_DATE.test(text))).toBe(true);
    // stopping is offered while it still debits (created, active)
    const running = ['created', 'active'].includes((target as { status?: string }).status ?? '');
    await expect(
      detail.getByRole('button', { name: germanText('resources.permanentDebts.actions.stop') }).count(),
    ).resolves.toBe(running ? 1 : 0);
  });

  it('passes axe on the detail', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows no permanent debts in the freight variant', async () => {
    const host = variants.TPF.hosts[0];
    const tpf = await (await germanContext(browser)).newPage();
    await tpf.goto(`http://${host}:${portal.port}/login`);
    await tpf.getByLabel(germanText('ra.auth.email')).fill('creditor-tpf@example.com');
    await tpf.getByLabel(germanText('ra.auth.password')).fill('Demo1234!');
    await tpf.getByRole('button', { name: germanText('ra.auth.sign_in') }).click();
    await tpf.waitForURL(`http://${host}:${portal.port}/`);
    const debtors = germanText('permissions.navigation.children.debtors.label', 'TPF');
    await expect.poll(() => tpf.getByRole('menuitem', { name: debtors }).count()).toBe(1);
    expect(
      await tpf
        .getByRole('menuitem', {
          name: germanText('permissions.navigation.children.permanentDebts.label', 'TPF'),
        })
        .count(),
    ).toBe(0);
  });
});
