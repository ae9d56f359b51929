import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/**
 * The notifications panel of the toolbar (document 1 §2, §7; issue 9 item 5): the demo creditor
 * opens it from the bell, marks one notification read and unread again, a selection read and then
 * all — the entries and the toolbar's unread badge follow every change, as the server counts.
 */
const PORT = 3410;
const slow = { timeout: 15_000 };

describe.skipIf(!chromiumAvailable())('notifications panel', () => {
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

  const dialog = () => page.getByRole('dialog', { name: text('ui.toolbar.notifications') });
  const entries = () => dialog().getByTestId('notification-entry');
  const badge = () => page.getByTestId('notifications-badge').locator('.MuiBadge-badge');
  /** the badge's number, or 0 when it is hidden */
  const badgeCount = async () => {
    const className = (await badge().getAttribute('class')) ?? '';
    if (className.includes('MuiBadge-invisible')) return 0;
    return Number(await badge().textContent());
  };
  const serverCount = async () => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const response = await fetch(`${portal.baseUrl}/api/user-information/notification/count-new`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { count: number }).count;
  };
  const statuses = () =>
    entries().evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status')));

  it('shows the unread count on the bell and opens the list from it', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill('creditor@example.com');
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
    const unread = await serverCount();
    expect(unread).toBeGreaterThanOrEqual(3);
    await expect.poll(badgeCount, slow).toBe(unread);

    await page.getByRole('link', { name: `${text('ui.toolbar.notifications')} (${unread})` }).click();
    await page.waitForURL(/showNotifications=true/);
    await expect.poll(() => entries().count(), slow).toBeGreaterThan(0);
    expect(await dialog().getByText(text('ui.placeholder')).count()).toBe(0);
    expect((await statuses()).filter((status) => status === 'new')).toHaveLength(unread);
  });

  it('passes axe with the panel open', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('marks one notification read and unread again; the badge follows', async () => {
    const before = await serverCount();
    const first = entries().and(page.locator('[data-status="new"]')).first();
    const title = (await first.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await first.getByRole('button', { name: `${text('pages.notifications.markRead')}: ${title}` }).click();
    await expect.poll(serverCount, slow).toBe(before - 1);
    await expect.poll(badgeCount, slow).toBe(before - 1);
    const back = dialog().getByRole('button', {
      name: `${text('pages.notifications.markUnread')}: ${title}`,
    });
    await expect.poll(() => back.count(), slow).toBeGreaterThan(0);
    await back.first().click();
    await expect.poll(serverCount, slow).toBe(before);
    await expect.poll(badgeCount, slow).toBe(before);
  });

  it('marks a selection read', async () => {
    const before = await serverCount();
    const news = entries().and(page.locator('[data-status="new"]'));
    for (const index of [0, 1]) await news.nth(index).getByRole('checkbox').check();
    expect(
      await dialog()
        .getByText(text('pages.common.selected', 'SMAFA', { count: '2' }))
        .count(),
    ).toBe(1);
    await dialog()
      .getByRole('button', { name: text('pages.notifications.readSelected') })
      .click();
    await expect.poll(serverCount, slow).toBe(before - 2);
    await expect.poll(badgeCount, slow).toBe(before - 2);
    await expect
      .poll(
        () =>
          dialog()
            .getByRole('button', { name: text('pages.notifications.readSelected') })
            .isDisabled(),
        slow,
      )
      .toBe(true);
  });

  it('marks all read: no entry stays new and the badge disappears', async () => {
    await dialog()
      .getByRole('button', { name: text('pages.notifications.readAll') })
      .click();
    await expect.poll(serverCount, slow).toBe(0);
    await expect
      .poll(async () => (await statuses()).filter((status) => status === 'new').length, slow)
      .toBe(0);
    await expect.poll(badgeCount, slow).toBe(0);
  });

  it('closes and leaves the page as it was', async () => {
    await dialog()
      .getByRole('button', { name: text('ra.action.close') })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    expect(page.url()).not.toContain('showNotifications');
    // with nothing unread the bell is named without a count
    expect(
      await page.getByRole('link', { name: text('ui.toolbar.notifications'), exact: true }).count(),
    ).toBe(1);
  });
});
