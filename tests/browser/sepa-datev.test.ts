import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium, LOGIN_WAIT } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/**
 * The hand-offs of issue 30: an admin sets a creditor's Gläubiger-ID and creates a pain.008 file on
 * the page "Lastschriften", then downloads it; the observer (the tax advisor's access) exports the
 * vouchers as DATEV Buchungsstapel from the voucher list after the main user saved the settings.
 */
const PORT = 3730;
const slow = { timeout: 30_000 };

describe.skipIf(!chromiumAvailable())('SEPA files and the DATEV export', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const dialog = () => page.getByRole('dialog');

  const login = async (email: string) => {
    await page.goto(`${portal.baseUrl}/login`);
    await page.getByLabel(text('ra.auth.email')).fill(email);
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), LOGIN_WAIT);
  };
  const apiAs = async (email: string, method: string, path: string, body?: unknown) => {
    const login = await fetch(`${portal.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: 'Demo1234!' }),
    });
    const { token } = await login.json();
    const answer = await fetch(`${portal.baseUrl}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: answer.status, body: await answer.json().catch(() => null) };
  };

  beforeAll(async () => {
    ensureClientBuilt();
    portal = await startPortal(PORT);
    browser = await launchChromium();
    context = await germanContext(browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await portal?.stop();
  });

  it('an admin sets the Gläubiger-ID, creates a pain.008 file and downloads it', async () => {
    await login('admin@example.com');
    await page.getByRole('menuitem', { name: text('ui.nav.sepaDebits') }).first().click();
    await page.waitForURL('**/sepa-debits', slow);
    const due = page.getByTestId('sepa-due');
    await expect.poll(() => due.getByRole('row').count(), slow).toBeGreaterThan(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // the demo creditors have no Gläubiger-ID yet: the first row asks for it
    await due.getByRole('button', { name: new RegExp(`^${text('sepaDebits.page.setIdentifier')}`) }).first().click();
    await expect.poll(() => dialog().getByRole('heading').first().textContent(), slow).toBe(text(forms.sepaCreditorIdentifier.label));
    const field = dialog().getByLabel(text(forms.sepaCreditorIdentifier.labels.sepaCreditorIdentifier), { exact: false });
    await field.fill('DE99ZZZ09999999999');
    await dialog().getByRole('button', { name: text(forms.sepaCreditorIdentifier.submitLabel) }).click();
    await expect.poll(() => dialog().textContent(), slow).toContain(text('validation.creditorIdentifier'));
    await field.fill('DE98ZZZ09999999999');
    // leave the field first: its error text goes away and the layout settles before the click
    await field.press('Tab');
    await expect.poll(() => dialog().textContent(), slow).not.toContain(text('validation.creditorIdentifier'));
    await dialog().getByRole('button', { name: text(forms.sepaCreditorIdentifier.submitLabel) }).click();
    await expect.poll(() => dialog().count(), slow).toBe(0);

    const create = due.getByRole('button', { name: new RegExp(`^${text('sepaDebits.page.createFile')}`) }).first();
    await expect.poll(() => create.count(), slow).toBeGreaterThan(0);
    await create.click();
    await expect.poll(() => dialog().getByRole('heading').first().textContent(), slow).toBe(text(forms.createSepaDebitFile.label));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog().getByRole('button', { name: text(forms.createSepaDebitFile.submitLabel) }).click();
    await expect.poll(() => dialog().count(), slow).toBe(0);

    const files = page.getByTestId('sepa-files');
    await expect.poll(() => files.getByRole('row').count(), slow).toBe(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('button', { name: new RegExp(`^${text('sepaDebits.page.download')}`) }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^K\d+-\d{8}-[0-9A-F]{8}\.xml$/);
    const xml = readFileSync((await download.path())!, 'utf8');
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.08');
    expect(xml).toContain('<Id>DE98ZZZ09999999999</Id>');
  }, 180_000);

  it('the observer exports the DATEV Buchungsstapel from the voucher list', async () => {
    const saved = await apiAs('creditor@example.com', 'PUT', '/creditor/datev-settings', {
      consultantNumber: 29098,
      clientNumber: 55003,
      fiscalYearStartMonth: 1,
      accountLength: 4,
      chart: 'SKR04',
    });
    expect(saved.status).toBe(200);
    await context.close();
    context = await germanContext(browser);
    page = await context.newPage();
    await login('observer@example.com');
    await page.goto(`${portal.baseUrl}/vouchers`);
    await page.getByRole('button', { name: text('datev.export.button') }).click();
    await expect.poll(() => dialog().getByRole('heading').first().textContent(), slow).toBe(text('datev.export.title'));
    await expect.poll(() => page.getByTestId('datev-settings-summary').textContent(), slow).toContain('29098');
    // the observer exports but does not change the settings
    expect(await dialog().getByRole('button', { name: text('datev.export.settings') }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog().getByRole('button', { name: text('datev.export.download') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^EXTF_Buchungsstapel_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
    const content = readFileSync((await download.path())!, 'latin1');
    expect(content.startsWith('"EXTF";700;21;"Buchungsstapel";13;')).toBe(true);
    expect(content.split('\r\n')[0]).toContain(';29098;55003;');
  }, 120_000);
});
