import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../generated/resources';
import { variants } from '../../generated/variants';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { showColumn } from './helpers/list-columns';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { GERMAN_DATE, GERMAN_MONEY, germanText } from './helpers/texts';

/**
 * Journey of the demo creditor through the debtors slice: log in, list with German headers and
 * formats, sorting, page size, filters, inline details with tabs, a sub-location link, logout.
 */
const PORT = 3201;
const debtors = resources.debtors;
const columnText = (value: string) => germanText(debtors.list.columns.find((c) => c.value === value)!.text);

describe.skipIf(!chromiumAvailable())('creditor works through the debtors', () => {
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

  let user: { name: string; sapNumber: string };
  const rows = () => page.getByTestId('resource-row');
  /** Calls the API with the browser's token (for facts the test must not hard-code). */
  const api = async (path: string) => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const response = await fetch(`${portal.baseUrl}/api${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return response.json();
  };
  const headerTexts = () => page.locator('thead').first().locator('th').allInnerTexts();
  /** The texts of one column of the main list, found by its German header. */
  const columnValues = async (value: string) => {
    const headers = (await headerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    const index = headers.findIndex((text) => text.startsWith(columnText(value)));
    expect(index, `column ${value} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
    return rows()
      .locator(`td:nth-child(${index + 1})`)
      .allInnerTexts();
  };

  it('logs in and greets the creditor on the dashboard', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(germanText('ra.auth.email')).fill('creditor@example.com');
    await page.getByLabel(germanText('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: germanText('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
    user = await api('/user-management/user/current');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(user.name);
  });

  it('opens the debtors list from the sidebar with German headers and formats', async () => {
    await page
      .getByRole('menuitem', { name: germanText('permissions.navigation.children.debtors.label') })
      .click();
    await page.waitForURL('**/debtors');
    await expect.poll(() => rows().count()).toBe(debtors.list.defaultPerPage);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      germanText(debtors.label),
    );

    const headers = (await headerTexts()).join(' ').replace(/\s+/g, ' ');
    for (const column of debtors.list.columns.filter((c) => c.priority === 1))
      expect(headers).toContain(germanText(column.text));
    await showColumn(page, columnText('approvedLimit'));
    await showColumn(page, columnText('limitExpiredDate'));

    const money = (await columnValues('approvedLimit')).filter((text) => text !== '–');
    expect(money.length).toBeGreaterThan(0);
    for (const text of money) expect(text).toMatch(GERMAN_MONEY);
    expect(money.some((text) => text.includes('.'))).toBe(true);
    const dates = (await columnValues('limitExpiredDate')).filter((text) => text !== '–');
    expect(dates.length).toBeGreaterThan(0);
    for (const text of dates) expect(text).toMatch(GERMAN_DATE);
  });

  it('passes axe on the list', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('sorts by a column through the URL', async () => {
    const city = page.locator('thead th').filter({ hasText: columnText('city') });
    await city.getByRole('button').click();
    await page.waitForURL(/sortBy=city&sortDesc=false/);
    await expect.poll(() => city.getAttribute('aria-sort')).toBe('ascending');
    const ascending = await columnValues('city');
    await city.getByRole('button').click();
    await page.waitForURL(/sortBy=city&sortDesc=true/);
    await expect.poll(() => city.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => (await columnValues('city'))[0]).not.toBe(ascending[0]);
  });

  it('changes the page size and keeps it in the URL', async () => {
    await page.getByRole('combobox', { name: /Einträge pro Seite/ }).click();
    await page.getByRole('option', { name: '25' }).click();
    await page.waitForURL(/itemsPerPage=25/);
    await expect.poll(() => rows().count()).toBe(25);
    await page.reload();
    await expect.poll(() => rows().count()).toBe(25);
  });

  it('filters by search and by status, with the no-matching-results state', async () => {
    const search = page.getByRole('searchbox', { name: germanText('resources.debtors.filters.search') });
    const firstCity = (await columnValues('city'))[0];
    await search.fill(firstCity);
    await page.waitForURL(/filters\[search\]\[\]=/);
    await expect
      .poll(async () => (await rows().allInnerTexts()).every((text) => text.includes(firstCity)))
      .toBe(true);

    await search.fill('zzzz-gibt-es-nicht');
    await expect.poll(() => page.getByText(germanText(debtors.list.empty.noResults)).isVisible()).toBe(true);
    await page
      .getByRole('button', { name: germanText('ui.list.resetFilters') })
      .first()
      .click();
    await expect.poll(() => rows().count()).toBe(25);

    const inactive = germanText('enums.debtorStatus.inactive');
    await page.getByRole('combobox', { name: columnText('status') }).click();
    await page.getByRole('option', { name: inactive }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL(/filters\[status\]\[\]=inactive/);
    await expect
      .poll(async () => (await columnValues('status')).every((text) => text === inactive))
      .toBe(true);
    await page
      .getByRole('button', { name: germanText('ui.list.resetFilters') })
      .first()
      .click();
  });

  it('opens a debtor inline with the keyboard and switches tabs', async () => {
    // Start from a settled, unfiltered list: the previous test's filter reset may still be loading.
    await page.goto(`${portal.baseUrl}/debtors`);
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    await expect
      .poll(async () =>
        (await columnValues('status')).some((text) => text !== germanText('enums.debtorStatus.inactive')),
      )
      .toBe(true);
    // a debtor with open invoices, so that the invoices tab has rows
    const index = (await columnValues('openAmount')).findIndex(
      (text) => GERMAN_MONEY.test(text) && text !== '0,00 €',
    );
    const row = rows().nth(Math.max(index, 0));
    const name = await row.locator('td').first().locator('span').first().textContent();
    await row.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/debtors\/main\/\d+/);
    const detail = page.getByTestId('resource-detail');
    await expect.poll(() => detail.getByRole('heading', { level: 2 }).textContent()).toBe(name);
    await expect(rows().count()).resolves.toBeGreaterThan(0);

    const tabs = detail.getByRole('tab');
    expect(await tabs.allTextContents()).toContain(germanText('resources.debtors.tabs.locations'));
    await detail.getByRole('tab', { name: germanText('resources.debtors.tabs.invoices') }).click();
    await page.waitForURL(/tab=invoices/);
    const panel = detail.getByRole('tabpanel');
    await expect.poll(() => panel.getAttribute('aria-labelledby')).toBe('debtors-tab-invoices');
    // the tab's rows load after the tab shows: wait for them
    const cells = () => panel.locator('tbody td').allInnerTexts();
    await expect.poll(async () => (await cells()).some((text) => GERMAN_MONEY.test(text))).toBe(true);
    expect((await cells()).some((text) => GERMAN_DATE.test(text))).toBe(true);
  });

  it('passes axe on the detail', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows the history with German dates, an empty state and a load failure', async () => {
    const detail = page.getByTestId('resource-detail');
    const tabs = await detail.getByRole('tab').allTextContents();
    expect(tabs).not.toContain(germanText('resources.debtors.tabs.openInsurableInvoices'));
    await detail.getByRole('tab', { name: germanText('resources.debtors.tabs.history') }).click();
    await page.waitForURL(/tab=history/);
    const entries = page.getByTestId('debtor-history-entry');
    await expect.poll(() => entries.count()).toBeGreaterThan(0);
    expect(await entries.first().locator('time').textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const history = '**/api/debtor/*/history/list';
    await page.route(history, (route) => route.fulfill({ json: [] }));
    await page.reload();
    await expect
      .poll(() => page.getByTestId('debtor-history-empty').textContent())
      .toBe(germanText('ui.list.noData'));
    await page.unroute(history);
    await page.route(history, (route) => route.fulfill({ status: 500, json: { message: 'kaputt' } }));
    await page.reload();
    const alert = detail.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain(germanText('pages.common.loadError'));
    await page.unroute(history);
    await alert.getByRole('button', { name: germanText('ui.list.reload') }).click();
    await expect.poll(() => entries.count()).toBeGreaterThan(0);
  });

  it("opens the edit dialog with the debtor's data and closes it with Escape", async () => {
    const id = /\/debtors\/main\/(\d+)/.exec(page.url())![1];
    const debtor = await api(`/debtor/show/${id}`);
    await page
      .getByTestId('resource-detail')
      .getByRole('button', { name: germanText('resources.debtors.actions.edit'), exact: true })
      .click();
    await page.waitForURL(/action=edit/);
    const dialog = page.getByTestId('form-dialog');
    await expect
      .poll(() => dialog.getByRole('heading').textContent())
      .toBe(germanText('forms.editDebtor.title'));
    const values = await dialog
      .locator('input')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(values).toContain(debtor.debtorType === 'business' ? debtor.name : debtor.firstName);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.url()).not.toMatch(/action=edit/);
  });

  it('shows a sub-location link beside the list', async () => {
    const match = /\/debtors\/main\/(\d+)/.exec(page.url())!;
    const debtor = await api(`/debtor/show/${match[1]}`);
    const location = debtor.locations[0];
    await page.goto(`${portal.baseUrl}/debtors/sub/${match[1]},${location.id}`);
    const detail = page.getByTestId('resource-detail');
    await expect.poll(() => detail.getByRole('heading', { level: 2 }).textContent()).toBe(debtor.name);
    await expect(detail.locator('tr[aria-current="true"]').first().textContent()).resolves.toContain(
      location.name,
    );
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
  });

  it('closes the detail and redirects unknown paths to the dashboard', async () => {
    await page.getByRole('button', { name: germanText('ui.detail.close') }).click();
    await page.waitForURL(`${portal.baseUrl}/debtors`);
    await page.goto(`${portal.baseUrl}/gibt-es-nicht`);
    await page.waitForURL(`${portal.baseUrl}/`);
  });

  it('logs out through the user menu', async () => {
    await page.getByRole('button', { name: germanText('ra.auth.user_menu') }).click();
    expect(await page.getByTestId('user-summary').textContent()).toContain(user.sapNumber);
    await page.getByRole('menuitem', { name: germanText('ra.auth.logout') }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('kontor.token'))).toBeNull();
  });

  /** A new German session on a variant's host, logged in as `username`. */
  const loginOn = async (code: string, username: string) => {
    const origin = `http://${variants[code].hosts[0]}:${portal.port}`;
    const session = await (await germanContext(browser)).newPage();
    await session.goto(`${origin}/login`);
    await session.getByLabel(germanText('ra.auth.email')).fill(username);
    await session.getByLabel(germanText('ra.auth.password')).fill('Demo1234!');
    await session.getByRole('button', { name: germanText('ra.auth.sign_in') }).click();
    await session.waitForURL(`${origin}/`);
    return { session, origin };
  };

  it('shows the open insurable invoices in the protection variant (VHV)', async () => {
    const { session, origin } = await loginOn('VHV', 'creditor-vhv@example.com');
    const token = await session.evaluate(() => localStorage.getItem('kontor.token'));
    const get = async (path: string) =>
      (await fetch(`${portal.baseUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    let id: number | undefined;
    for (const { id: candidate } of (await get('/debtor/list?rowsPerPage=100')).debtors)
      if ((await get(`/debtor/show/${candidate}`)).openInsurableInvoices.length > 0) {
        id = candidate;
        break;
      }
    expect(id).toBeDefined();
    await session.goto(`${origin}/debtors/main/${id}?tab=openInsurableInvoices`);
    const panel = session.getByTestId('resource-detail').getByRole('tabpanel');
    await expect.poll(() => panel.getAttribute('aria-labelledby')).toBe('debtors-tab-openInsurableInvoices');
    await expect.poll(() => panel.locator('tbody tr').count()).toBeGreaterThan(0);
    // the tab's rows load after the tab shows: wait for them
    const cells = () => panel.locator('tbody td').allInnerTexts();
    await expect.poll(async () => (await cells()).some((text) => GERMAN_MONEY.test(text))).toBe(true);
    expect((await cells()).some((text) => GERMAN_DATE.test(text))).toBe(true);
    await session.context().close();
  });

  it('words vouchers as orders and debtors as principals in the freight variant (TPF)', async () => {
    const { session, origin } = await loginOn('TPF', 'creditor-tpf@example.com');
    const tpf = (key: string) => germanText(key, 'TPF');
    const menu = session.getByRole('menuitem');
    await expect
      .poll(() => menu.allTextContents())
      .toEqual(
        expect.arrayContaining([
          tpf('permissions.navigation.children.vouchers.label'),
          tpf('permissions.navigation.children.debtors.label'),
        ]),
      );
    for (const [resource, search] of [
      ['vouchers', 'filters.number'],
      ['unprocessed', 'filters.search'],
      ['debtors', 'filters.search'],
    ]) {
      await session.goto(`${origin}/${resource}`);
      await expect
        .poll(() => session.getByRole('heading', { level: 1 }).textContent())
        .toBe(tpf(resources[resource].label));
      await expect.poll(() => session.getByTestId('resource-row').count()).toBeGreaterThan(0);
      expect(await session.locator('thead').first().textContent()).not.toMatch(/Beleg|Kunde/);
      await session
        .getByRole('searchbox', { name: tpf(`resources.${resource}.${search}`) })
        .fill('zzzz-gibt-es-nicht');
      await expect
        .poll(() => session.getByText(tpf(resources[resource].list.empty!.noResults)).isVisible())
        .toBe(true);
    }
    await session.context().close();
  });
});
