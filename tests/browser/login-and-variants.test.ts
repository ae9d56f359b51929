import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../generated/resources';
import { variants } from '../../generated/variants';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText } from './helpers/texts';

/** The login page in German, its failure message, and the variant chosen by host name. */
const PORT = 3203;

describe.skipIf(!chromiumAvailable())('login page and product variants', () => {
  let portal: RunningPortal;
  let browser: Browser;

  beforeAll(async () => {
    ensureClientBuilt();
    portal = await startPortal(PORT);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const login = async (page: Page, username: string, password: string) => {
    await page.getByLabel(germanText('ra.auth.email')).fill(username);
    await page.getByLabel(germanText('ra.auth.password')).fill(password);
    await page.getByRole('button', { name: germanText('ra.auth.sign_in') }).click();
  };

  it('shows the German login page of the default variant and passes axe', async () => {
    const page = await (await germanContext(browser)).newPage();
    await page.goto(`http://localhost:${portal.port}/login`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.getByText(variants.SMAFA.portalName).count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows the server message for bad credentials', async () => {
    const page = await (await germanContext(browser)).newPage();
    await page.goto(`${portal.baseUrl}/login`);
    await login(page, 'creditor@example.com', 'falsches-Passwort1!');
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe(germanText('messages.badCredentials'));
    expect(page.url()).toMatch(/\/login$/);
  });

  it('serves the TPF variant on tpf.localhost with its name and wording', async () => {
    const tpf = variants.TPF;
    const host = tpf.hosts[0];
    const page = await (await germanContext(browser)).newPage();
    await page.goto(`http://${host}:${portal.port}/login`);
    await expect.poll(() => page.getByText(tpf.portalName).count()).toBeGreaterThan(0);
    expect(await page.getByRole('img', { name: tpf.productName }).getAttribute('src')).toBe(tpf.logo);

    await login(page, 'creditor@example.com', 'Demo1234!');
    await page.waitForURL(`http://${host}:${portal.port}/`);
    const debtorsLabel = germanText('permissions.navigation.children.debtors.label', 'TPF');
    expect(debtorsLabel).not.toBe(germanText('permissions.navigation.children.debtors.label'));
    await page.getByRole('menuitem', { name: debtorsLabel }).click();
    await page.waitForURL('**/debtors');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(germanText(resources.debtors.label, 'TPF'));
    expect(await page.getByTestId('contact-bar').textContent()).toContain(tpf.contact.hotline);
  });
});
