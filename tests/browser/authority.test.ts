import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../generated/resources';
import { actionTiles } from './helpers/action-tiles';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/**
 * Issue 26 in the browser: an admin acting as a creditor user finds the company-user dialog switched
 * off with the reason (and the server refuses the call all the same); a logout in one tab signs the
 * other tab out within seconds.
 */
const PORT = 3445;
const slow = { timeout: 20_000 };
const actionLabel = (resource: string, key: string) =>
  text(resources[resource].detail.actions.find((action) => action.key === key)!.label);

describe.skipIf(!chromiumAvailable())('authority', { timeout: 180_000 }, () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const login = async (email: string, context?: BrowserContext) => {
    const ctx = context ?? (await germanContext(browser));
    if (!context) contexts.push(ctx);
    const page = await ctx.newPage();
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill(email);
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
    return page;
  };
  const api = async (page: Page, path: string, init: RequestInit = {}) => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const response = await fetch(`${portal.baseUrl}/api${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        ...(init.headers ?? {}),
      },
    });
    return { status: response.status, body: await response.json() };
  };
  const detail = (page: Page) => page.getByTestId('resource-detail');

  beforeAll(async () => {
    ensureClientBuilt();
    portal = await startPortal(PORT);
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await portal?.stop();
  });

  it('an admin acting as a creditor user cannot open the company-user dialog: switched off with the reason, refused by the server', async () => {
    const admin = await login('admin@example.com');
    const { body } = await api(
      admin,
      '/user-management/user/list?rowsPerPage=100&filters[search]=creditor@example.com',
    );
    const user = (body.users as { id: number; username: string }[]).find(
      (u) => u.username === 'creditor@example.com',
    )!;
    await admin.goto(`${portal.baseUrl}/users/${user.id}?filters[search][]=creditor%40example.com`);
    await actionTiles(detail(admin), text('ui.actions.showMore')).open(actionLabel('users', 'impersonate'));
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: text('adminUi.impersonateConfirm') })
      .click();
    await admin.waitForURL(`${portal.baseUrl}/`, slow);
    await expect
      .poll(() => admin.getByRole('button', { name: text('adminUi.switchBack') }).count(), slow)
      .toBe(1);

    await admin.goto(`${portal.baseUrl}/settings?tab=companyUsers`);
    const add = admin.getByRole('button', { name: text('settings.actions.addUser') });
    await expect.poll(() => add.count(), slow).toBe(1);
    expect(await add.isDisabled()).toBe(true);
    // the reason is written beside it and names the button's description
    const reason = admin.locator('#company-users-impersonation');
    expect(await reason.textContent()).toBe(text('messages.commands.impersonationRefused'));
    expect(await add.getAttribute('aria-describedby')).toBe('company-users-impersonation');
    // the server refuses the call itself
    const refused = await api(admin, '/user-management/command/register-creditor-company-user', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Ingo Imposter',
        email: 'ingo.imposter@example.com',
        role: 'creditor-management',
      }),
    });
    expect(refused).toMatchObject({ status: 403, body: { reason: 'commands.impersonationRefused' } });

    // "Zurückwechseln" is logged by the server
    await admin.getByRole('button', { name: text('adminUi.switchBack') }).click();
    await admin.waitForURL(/\/users$/, slow);
    const log = await api(admin, '/action-log/list?rowsPerPage=100');
    expect(JSON.stringify(log.body)).toContain('impersonation_end');
  });

  it('a logout in one tab signs the other tab out within seconds', async () => {
    const first = await login('observer@example.com');
    const second = await first.context().newPage();
    await second.goto(`${portal.baseUrl}/debtors`);
    await expect.poll(() => second.url(), slow).toContain('/debtors');
    const token = await first.evaluate(() => localStorage.getItem('kontor.token'));
    const started = Date.now();
    // what the user menu's logout does in the first tab (src/client/auth/auth-provider.ts)
    await first.evaluate(async () => {
      const refresh = localStorage.getItem('kontor.refreshToken');
      await fetch('/api/logout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refresh }),
      });
      localStorage.removeItem('kontor.token');
      localStorage.removeItem('kontor.refreshToken');
    });
    await second.waitForURL('**/login', { timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    // the session is over on the server too: the old token is refused
    const old = await fetch(`${portal.baseUrl}/api/user-management/user/current`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(old.status).toBe(401);
  });
});
