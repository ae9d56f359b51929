import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import de from '../../generated/i18n/de.json';
import { resources } from '../../generated/resources';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { chooseColumn, listHeaders, showColumn } from './helpers/list-columns';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { GERMAN_DATE, GERMAN_DATE_TIME, GERMAN_MONEY, germanText } from './helpers/texts';

/**
 * An administrator's journey: log in and land on the creditors list, the admin sidebar, a creditor's
 * details with German formats and tabs, the action log, the admin actions page; a support admin
 * with few permissions sees only the screens its admin permissions allow.
 */
const PORT = 3432;
const { creditors, actionLog } = resources;
const ADMIN_SIDEBAR = [
  germanText(creditors.label),
  germanText(resources.users.label),
  germanText(resources.admins.label),
  germanText(resources.requests.label),
  // the SEPA direct-debit files (issue 30): admin permission sepa_direct_debits
  germanText('ui.nav.sepaDebits'),
  germanText('ui.nav.adminActions'),
  // the product owners' comparison of the products: the super admin's only
  germanText('variantComparison.title'),
];

describe.skipIf(!chromiumAvailable())('an administrator works through the admin screens', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ensureClientBuilt();
    portal = await startPortal(PORT);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const rows = () => page.getByTestId('resource-row');
  const sidebar = () => page.getByRole('menuitem').allInnerTexts();
  const logIn = async (email: string) => {
    context = await germanContext(browser);
    page = await context.newPage();
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(germanText('ra.auth.email')).fill(email);
    await page.getByLabel(germanText('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: germanText('ra.auth.sign_in') }).click();
  };

  it('sends the super admin from the dashboard to the creditors list', async () => {
    await logIn('superadmin@example.com');
    await page.waitForURL('**/creditors');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(germanText(creditors.label));
    await expect.poll(() => rows().count()).toBeGreaterThan(10);
  });

  it('shows exactly the admin sidebar', async () => {
    await expect.poll(async () => (await sidebar()).map((t) => t.trim())).toEqual(ADMIN_SIDEBAR);
  });

  it('lists the creditors with German headers and formats', async () => {
    // a laptop shows the columns by priority; the user switches on the others one after the other:
    // every column switched on stays, beside the priority-1 ones (a switched-on column takes the room
    // of priority 2 and 3 columns the list had filled in, issue 28; the table scrolls sideways)
    const switchedOn: string[] = [];
    for (const column of creditors.list.columns) {
      const label = germanText(column.text);
      if (!(await listHeaders(page)).some((header) => header.startsWith(label))) switchedOn.push(label);
      await showColumn(page, label);
    }
    expect(switchedOn.length).toBeGreaterThan(0);
    const headers = (await listHeaders(page)).join(' ');
    for (const label of switchedOn) expect(headers).toContain(label);
    for (const column of creditors.list.columns.filter((c) => (c.priority ?? 2) === 1))
      expect(headers).toContain(germanText(column.text));
    // the columns whose values are read below, chosen (each stays while the next is switched on)
    const byValue = (value: string) =>
      germanText(creditors.list.columns.find((c) => c.value === value)!.text);
    for (const value of ['sapNumber', 'status', 'setupFee', 'creationDate'])
      await chooseColumn(page, byValue(value));
    for (const value of ['sapNumber', 'status', 'setupFee', 'creationDate'])
      expect((await listHeaders(page)).some((header) => header.startsWith(byValue(value)))).toBe(true);
    const row = rows().filter({ hasText: 'Müller Haustechnik GmbH' });
    const cells = (await row.locator('td').allInnerTexts()).map((t) => t.trim());
    expect(cells).toContain('1000001');
    expect(cells).toContain(germanText('enums.creditorStatus.active'));
    expect(cells.some((text) => GERMAN_MONEY.test(text))).toBe(true);
    expect(cells.some((text) => GERMAN_DATE.test(text))).toBe(true);
  });

  it('passes axe on the creditors list', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("opens a creditor's details inline with their tabs", async () => {
    await rows().filter({ hasText: 'Müller Haustechnik GmbH' }).click();
    await page.waitForURL(/\/creditors\/\d+$/);
    const detail = page.getByTestId('resource-detail');
    await expect
      .poll(() => detail.getByRole('heading', { level: 2 }).textContent())
      .toBe('Müller Haustechnik GmbH');
    // the list row shows first (react-admin's cache), the detail call then fills the rest
    await expect.poll(() => detail.textContent()).toMatch(/250\.000,00\s€/); // approved limit
    expect(await detail.textContent()).toMatch(/\d{2}\.\d{2}\.\d{4}/);
    for (const tab of creditors.detail.tabs) {
      expect(await detail.getByRole('tab', { name: germanText(tab.label) }).count(), tab.key).toBe(1);
    }
    await detail.getByRole('tab', { name: germanText('resources.creditors.tabs.users') }).click();
    await expect.poll(() => detail.textContent()).toContain('observer@example.com');
    await detail
      .getByRole('tab', { name: germanText('resources.creditors.tabs.serviceFeeConditions') })
      .click();
    await expect.poll(() => detail.textContent()).toMatch(/\d+ %/);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('reaches the action log from the admin actions page and opens an entry', async () => {
    await page.getByRole('menuitem', { name: germanText('ui.nav.adminActions') }).click();
    await page.waitForURL('**/admin-actions');
    for (const form of [forms.stateOfAffairsImport, forms.externalVoucher]) {
      await expect.poll(() => page.getByRole('link', { name: germanText(form.label) }).count()).toBe(1);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: germanText(actionLog.label) }).click();
    await page.waitForURL('**/action-log');
    await expect.poll(() => rows().count()).toBe(15);
    const first = (await rows().first().locator('td').first().textContent())?.trim();
    expect(first).toMatch(GERMAN_DATE_TIME);
    await rows().first().click();
    await page.waitForURL(/\/action-log\/\d+$/);
    await expect
      .poll(() => page.getByTestId('resource-detail').textContent())
      .toContain(germanText('resources.actionLog.sections.references'));
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows the action types by their German labels, offers them as filter choices and a readable payload', async () => {
    const labelled = Object.keys(de.actionTypes);
    const labels = labelled.map((type) => germanText(`actionTypes.${type}`));
    const typeCells = async () =>
      (await page.locator('[data-testid="resource-row"] td:nth-child(2)').allInnerTexts()).map((t) =>
        t.trim(),
      );
    const shown = await typeCells();
    expect(shown.some((text) => labels.includes(text))).toBe(true);
    // a type with a label never shows its raw code (one without a label does)
    for (const text of shown) expect(labelled).not.toContain(text);

    const uploaded = germanText('actionTypes.voucher_upload');
    await page
      .getByRole('combobox', { name: germanText('entities.actionLogEntry.fields.actionType') })
      .click();
    await page.getByRole('option', { name: uploaded, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL(/voucher_upload/);
    await expect.poll(async () => [...new Set(await typeCells())]).toEqual([uploaded]);

    await rows().first().locator('td').first().click();
    await page.waitForURL(/\/action-log\/\d+/);
    const payload = page.getByTestId('resource-detail').getByTestId('action-payload');
    await expect.poll(() => payload.locator('dt').allInnerTexts()).toContain(germanText('fields.amount'));
    const values = (await payload.locator('dd').allInnerTexts()).map((t) => t.trim());
    expect(values.some((text) => GERMAN_MONEY.test(text))).toBe(true);
    const raw = payload.locator('details');
    expect(await raw.locator('summary').textContent()).toBe(germanText('ui.detail.rawData'));
    expect(await raw.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("shows an admin on a creditor's page the way into a user's view instead of a bare refusal", async () => {
    await page.goto(`${portal.baseUrl}${resources.vouchers.route.split('/:')[0]}`);
    await expect
      .poll(() => page.getByRole('heading', { name: germanText('adminUi.creditorViewTitle') }).count())
      .toBe(1);
    expect(await page.getByText(germanText('ra.page.access_denied')).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: germanText('adminUi.creditorViewAction') }).click();
    await page.waitForURL(`**${resources.users.route.split('/:')[0]}`);
  });

  it('opens the state-of-affairs import from the admin actions page', async () => {
    await page.goto(`${portal.baseUrl}/admin-actions`);
    await page.getByRole('link', { name: germanText(forms.stateOfAffairsImport.label) }).click();
    await page.waitForURL(/import=true/);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    await context.close();
  });

  it('shows a support admin only the screens of its admin permissions', async () => {
    // support@example.com: update_user, reset_user_password, view_action_log, registration_mail —
    // no admins list (super admin only) and no SEPA requests (approve_sepa_update).
    await logIn('support@example.com');
    await page.waitForURL('**/creditors');
    const hidden = [
      germanText(resources.admins.label),
      germanText(resources.requests.label),
      germanText('ui.nav.sepaDebits'),
      germanText('variantComparison.title'),
    ];
    await expect
      .poll(async () => (await sidebar()).map((t) => t.trim()))
      .toEqual(ADMIN_SIDEBAR.filter((label) => !hidden.includes(label)));
    await context.close();
  });
});
