import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, germanContext, launchChromium, LOGIN_WAIT } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { compareWithBaseline, settledScreenshot } from './helpers/screenshots';
import { germanText } from './helpers/texts';

/**
 * Issue 15 (Tests): the main screens as pictures, compared with the baselines stored in
 * `tests/browser/__screenshots__/<screen>.<viewport>.png`, so a layout regression shows.
 *
 * Decisions:
 * - Screens: login, dashboard, voucher list, debtor list with a debtor's detail open, one dialog
 *   (new debtor) as the creditor demo user; the creditors list as the super admin. Each at
 *   1440 × 900 (laptop) and 390 × 844 (phone), German Chromium (de-DE, Europe/Berlin). One portal,
 *   one browser, one page per identity and viewport: the file stays cheap in CI.
 * - Determinism: the demo seed is fixed (faker seed) but its dates are relative to the day it ran,
 *   so every text that is a date, a clock time or a relative time is masked (a magenta box of the
 *   same size, Playwright's `mask`); CSS animations are frozen, the caret hidden, and a screen is
 *   shot again until two shots in a row are equal (charts draw themselves in with JavaScript).
 *   The dashboard's figures are masked as well: its sums over "this year" or "the last 90 days"
 *   move with the seed's day; its cards, headings and labels are compared.
 * - Comparison: pixelmatch (threshold 0.1, anti-aliased pixels not counted); a screen matches when
 *   at most 0.1 % of its pixels differ — a glyph drawn a shade differently passes, a moved column,
 *   a wrapped header, a lost button or a page scrolling sideways does not. Sizes must be equal.
 * - `UPDATE_SCREENSHOTS=1` rewrites the baselines; a missing baseline is written and the test fails
 *   saying so (CI never passes without one). A failure leaves `<screen>.actual.png` and
 *   `<screen>.diff.png` in `test-results/screenshots/`.
 * - The baselines belong to Debian's Chromium and fonts on the project's machine kind; another
 *   machine kind's rendering needs new baselines (UPDATE_SCREENSHOTS=1, look at them, commit).
 */
const PORT = 3801;
const slow = { timeout: 20_000 };
const VIEWPORTS = {
  laptop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

describe.skipIf(!chromiumAvailable())('screenshots of the main screens match their baselines', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ensureClientBuilt();
    portal = await startPortal(PORT);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const openPage = async (viewport: keyof typeof VIEWPORTS): Promise<Page> => {
    const context = await germanContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.setViewportSize(VIEWPORTS[viewport]);
    return page;
  };
  const logIn = async (page: Page, email: string) => {
    await page.goto(`${portal.baseUrl}/login`);
    await page.getByLabel(germanText('ra.auth.email')).fill(email);
    await page.getByLabel(germanText('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: germanText('ra.auth.sign_in') }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), LOGIN_WAIT);
  };
  const expectBaseline = async (page: Page, name: string, numbersIn?: string) => {
    const failure = compareWithBaseline(name, await settledScreenshot(page, numbersIn));
    expect(failure, failure ?? '').toBeNull();
  };
  const rows = (page: Page) => page.getByTestId('resource-row');

  for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    describe(`${viewport} (${VIEWPORTS[viewport].width} × ${VIEWPORTS[viewport].height})`, () => {
      let page: Page;

      it('login', async () => {
        page = await openPage(viewport);
        await page.goto(`${portal.baseUrl}/login`);
        await page.getByLabel(germanText('ra.auth.email')).waitFor(slow);
        await expectBaseline(page, `login.${viewport}`);
      });

      it('dashboard', async () => {
        await logIn(page, 'creditor@example.com');
        await page.goto(`${portal.baseUrl}/`);
        await page.locator('main .recharts-surface').first().waitFor(slow);
        await expectBaseline(page, `dashboard.${viewport}`, '[data-testid^="widget-"]');
      });

      it('voucher list', async () => {
        await page.goto(`${portal.baseUrl}/vouchers`);
        await expect.poll(() => rows(page).count(), slow).toBe(15);
        await expectBaseline(page, `vouchers.${viewport}`);
      });

      it('debtor list with a debtor open', async () => {
        await page.goto(`${portal.baseUrl}/debtors`);
        await expect.poll(() => rows(page).count(), slow).toBeGreaterThan(5);
        await rows(page).first().click();
        await page.getByTestId('resource-detail').getByRole('heading', { level: 2 }).waitFor(slow);
        await expectBaseline(page, `debtor-detail.${viewport}`);
      });

      it('dialog: new debtor', async () => {
        await page.goto(`${portal.baseUrl}/debtors?createDebtor=true`);
        await page.getByRole('dialog').getByRole('textbox').first().waitFor(slow);
        await expectBaseline(page, `dialog-create-debtor.${viewport}`);
      });

      it('admin: creditors list', async () => {
        const admin = await openPage(viewport);
        await logIn(admin, 'superadmin@example.com');
        await admin.waitForURL('**/creditors', slow);
        await expect.poll(() => rows(admin).count(), slow).toBeGreaterThan(10);
        await expectBaseline(admin, `admin-creditors.${viewport}`);
      });
    });
  }
});
