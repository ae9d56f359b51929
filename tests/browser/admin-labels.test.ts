import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/** Issue 11 item 9: roles (ROLE_*) are shown by their German labels in the admins and users lists. */
const PORT = 3421;
const slow = { timeout: 20_000 };

describe.skipIf(!chromiumAvailable())('admin labels', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ensureClientBuilt();
    portal = await startPortal(PORT);
    browser = await launchChromium();
    const context = await germanContext(browser);
    page = await context.newPage();
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill('superadmin@example.com');
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('shows admin roles in German in the admins list', async () => {
    await page.goto(`${portal.baseUrl}/admins`);
    const table = page.getByRole('table');
    await expect.poll(() => table.textContent(), slow).toContain(text('roles.ROLE_PRODUCT_ADMIN'));
    const shown = await table.textContent();
    expect(shown).toContain(text('roles.ROLE_SUPER_ADMIN'));
    expect(shown).not.toMatch(/ROLE_/);
  });

  it("shows a user's roles in German in the user's details", async () => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const response = await fetch(`${portal.baseUrl}/api/user-management/user/list?rowsPerPage=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { users } = await response.json();
    const user = users.find((u: any) => u.username === 'creditor@example.com');
    await page.goto(`${portal.baseUrl}/users/${user.id}?filters[search][]=creditor%40example.com`);
    const detail = page.getByTestId('resource-detail');
    await expect.poll(() => detail.textContent(), slow).toContain(text('roles.ROLE_CREDITOR'));
    expect(await detail.textContent()).not.toMatch(/ROLE_/);
  });
});
