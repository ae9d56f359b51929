import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { resources } from '../../generated/resources';
import { showColumn } from './helpers/list-columns';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/**
 * Issue 15 (UI quality), as a creditor sees it: the list filters' German date input (TT.MM.JJJJ,
 * `1.2.25` → 01.02.2025, Monday-first calendar) filters the list; the voucher history shows
 * processing codes with their titles; at 390 px no page scrolls sideways.
 */
const PORT = 3480;
const slow = { timeout: 20_000 };

describe.skipIf(!chromiumAvailable())('UI quality (issue 15)', () => {
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
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill('creditor@example.com');
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const api = async (path: string) => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const response = await fetch(`${portal.baseUrl}/api${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return response.json();
  };

  it('the voucher-date filter takes "1.2.25" as 01.02.2025 and filters the list', async () => {
    await page.goto(`${portal.baseUrl}/vouchers`);
    const filters = page.getByRole('search', { name: text('ui.list.filters') });
    await filters.getByRole('button', { name: text('ui.list.filters') }).click();
    const from = filters.getByRole('textbox', {
      name: `${text('fields.voucherDate')} ${text('ui.list.from')}`,
    });
    await from.waitFor(slow);
    expect(await from.getAttribute('type')).toBe('text');
    await from.fill('1.2.25');
    await from.blur();
    expect(await from.inputValue()).toBe('01.02.2025');
    await page.waitForURL(/2025-02-01/, slow);
    const expected = await api(
      '/voucher/list?rowsPerPage=15&filters[voucherDate][]=2025-02-01&filters[voucherDate][]=',
    );
    const all = await api('/voucher/list?rowsPerPage=15');
    expect(expected.count).toBeLessThan(all.count);
    await expect
      .poll(
        async () => (await page.locator('main').innerText()).includes(expected.vouchers[0].numberToShow),
        slow,
      )
      .toBe(true);
    // no voucher dated before the chosen day is in the filtered answer
    for (const voucher of expected.vouchers) expect(voucher.voucherDate >= '2025-02-01').toBe(true);
  });

  it('the calendar starts its weeks on Monday and a picked day lands in the field', async () => {
    const to = page.getByRole('textbox', { name: `${text('fields.voucherDate')} ${text('ui.list.to')}` });
    await page
      .getByRole('button', {
        name: `${text('fields.voucherDate')} ${text('ui.list.to')}: ${text('ui.date.openCalendar')}`,
      })
      .click();
    const calendar = page.getByTestId('german-calendar');
    await calendar.waitFor(slow);
    const weekdays = await calendar.locator('th').allInnerTexts();
    expect(weekdays).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    await calendar.getByRole('button', { name: /^15\./ }).click();
    await expect.poll(() => to.inputValue()).toMatch(/^15\.\d{2}\.\d{4}$/);
  });

  it('the voucher history shows processing codes with their German titles', async () => {
    const answer = await api('/voucher/list?rowsPerPage=15');
    expect(answer.vouchers, JSON.stringify(answer)).toBeDefined();
    let chosen: { id: number } | undefined;
    let history: { entries: { type: string; title: string }[] } = { entries: [] };
    for (const candidate of answer.vouchers as { id: number }[]) {
      history = await api(`/voucher/${candidate.id}/history/list`);
      if (history.entries.some((entry) => entry.type === 'bnet_status')) {
        chosen = candidate;
        break;
      }
    }
    expect(chosen).toBeDefined();
    const vouchers = [chosen!];
    await page.goto(`${portal.baseUrl}/vouchers/main/${vouchers[0].id}`);
    const detail = page.getByTestId('resource-detail');
    await detail.waitFor(slow);
    await detail.getByRole('tab', { name: text('resources.vouchers.tabs.history') }).click();
    const region = detail.locator('table').last();
    await region.locator('tbody tr').first().waitFor(slow);
    const coded = history.entries.find((entry: { type: string }) => entry.type === 'bnet_status')!;
    expect(coded.title).toBeTruthy();
    const rows = await region.locator('tbody tr').allInnerTexts();
    const row = rows.find((line) => line.includes(coded.title));
    expect(row, rows.join('\n')).toBeDefined();
    expect(rows.join('\n')).not.toMatch(/GEKAUFT|\bnull\b/);
  });

  it('list cells stay on one line with the full text on hover, the header stays in sight', async () => {
    await page.goto(`${portal.baseUrl}/vouchers`);
    await page.getByTestId('resource-row').first().waitFor(slow);
    await showColumn(
      page,
      text(resources.vouchers.list.columns.find((c) => c.value === 'location.name')!.text),
    );
    const cells = page.getByTestId('cell-location.name');
    await cells.first().waitFor(slow);
    const n = await cells.count();
    expect(n).toBeGreaterThan(3);
    for (let i = 0; i < n; i++) {
      const cell = cells.nth(i);
      const box = (await cell.boundingBox())!;
      // name and own number: two short lines at most, never the 4–5 wrapped lines of before
      expect(box.height, await cell.innerText()).toBeLessThan(60);
      const shown = (await cell.textContent()) ?? '';
      if (shown.replace(/–/g, '').trim()) {
        const title = (await cell.getAttribute('title')) ?? '';
        expect(title.length).toBeGreaterThan(0);
        expect(shown.replace(/\s/g, '')).toContain(title.split(' – ')[0].replace(/\s/g, ''));
      }
    }
    const region = page
      .locator('.MuiTableContainer-root[role="region"]')
      .filter({ has: page.getByTestId('resource-row') });
    const header = region.locator('thead th').first();
    expect(await header.evaluate((th) => getComputedStyle(th).position)).toBe('sticky');
    // a low window, so the list is taller than its scroll area
    await page.setViewportSize({ width: 1440, height: 520 });
    await page.waitForTimeout(300);
    const before = (await header.boundingBox())!.y;
    expect(await region.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await region.evaluate((el) => {
      el.scrollTop = 300;
    });
    await page.waitForTimeout(200);
    expect(await region.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    // only the 2-px progress line above the table scrolls away; without a sticky header it would move 300 px
    expect(Math.abs((await header.boundingBox())!.y - before)).toBeLessThanOrEqual(3);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('at 390 px no page scrolls sideways and the profile button is inside the screen', async () => {
    const phone = await germanContext(browser);
    const mobile = await phone.newPage();
    await mobile.setViewportSize({ width: 390, height: 844 });
    const token = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    await mobile.goto(`${portal.baseUrl}/login`);
    await mobile.evaluate((saved) => {
      for (const [key, value] of Object.entries(JSON.parse(saved) as Record<string, string>))
        localStorage.setItem(key, value);
    }, token);
    for (const path of ['/', '/vouchers', '/debtors', '/work-queue']) {
      await mobile.goto(`${portal.baseUrl}${path}`);
      await mobile.locator('main').waitFor(slow);
      await mobile.waitForTimeout(800);
      const width = await mobile.evaluate(() => document.documentElement.scrollWidth);
      const wide = await mobile.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > 391)
          .slice(0, 8)
          .map(
            (el) =>
              `${el.tagName}.${String(el.className).slice(0, 80)} ${Math.round(el.getBoundingClientRect().right)}`,
          ),
      );
      expect(width, `${path}: ${wide.join(' | ')}`).toBeLessThanOrEqual(390);
      const bar = await mobile.locator('header').first().boundingBox();
      expect(bar!.width, path).toBeLessThanOrEqual(390);
      const profile = await mobile.getByRole('button', { name: text('ra.auth.user_menu') }).boundingBox();
      expect(profile!.x + profile!.width, path).toBeLessThanOrEqual(390);
      if (path === '/vouchers' || path === '/debtors') {
        // a list too narrow for its table shows cards, each fully inside the screen, and opens the detail
        await expect.poll(() => mobile.getByTestId('resource-row').count(), slow).toBeGreaterThan(0);
        expect(await mobile.locator('main table').count(), path).toBe(0);
        const card = mobile.getByTestId('resource-row').first();
        const box = (await card.boundingBox())!;
        expect(box.x + box.width, path).toBeLessThanOrEqual(390);
        await card.click();
        await mobile.getByTestId('resource-detail').waitFor(slow);
        expect(await seriousA11yViolations(mobile), path).toEqual([]);
      }
    }
    await phone.close();
  });
});
