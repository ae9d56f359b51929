import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { resources } from '../../generated/resources';
import { showColumn } from './helpers/list-columns';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';
import { variants } from '../../generated/variants';

/**
 * Issue 15 (UI quality), as a creditor sees it: the list filters' German date input (TT.MM.JJJJ,
 * `1.2.25` → 01.02.2025, Monday-first calendar) filters the list; the voucher history shows
 * processing codes with their titles; at 390 px no page scrolls sideways; at 1440 × 900 the lists'
 * default columns fit their box (SMAFA and TPF, detail closed and open).
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
    const answer = await api('/voucher/list?rowsPerPage=100');
    expect(answer.vouchers, JSON.stringify(answer)).toBeDefined();
    let chosen: { id: number } | undefined;
    let history: { entries: { type: string; title: string }[] } = { entries: [] };
    // a processed voucher: one still in processing opens its unprocessed view instead (issue 28)
    const processed = (answer.vouchers as { id: number; requiresProcessing?: boolean }[]).filter(
      (voucher) => !voucher.requiresProcessing,
    );
    for (const candidate of processed) {
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

  /**
   * What of the page's list lies outside its visible box: every header cell and the last row's last
   * cell must lie inside, and the table must not be wider than the box (nothing to scroll sideways).
   */
  const overflowOf = (target: Page) =>
    target.evaluate(() => {
      const region = [
        ...document.querySelectorAll<HTMLElement>('.MuiTableContainer-root[role="region"]'),
      ].find((element) => element.querySelector('[data-testid="resource-row"]'));
      if (!region) return ['no list with rows'];
      const box = region.getBoundingClientRect();
      const right = box.left + region.clientWidth;
      const rows = region.querySelectorAll('tbody tr');
      const cells = [
        ...region.querySelectorAll<HTMLElement>('thead th'),
        ...(rows[rows.length - 1]?.querySelectorAll<HTMLElement>('td:last-child') ?? []),
      ];
      const out = cells
        .filter((cell) => {
          const rect = cell.getBoundingClientRect();
          return rect.left < box.left - 0.5 || rect.right > right + 0.5;
        })
        .map(
          (cell) =>
            `"${cell.innerText.trim()}" ends at ${Math.round(cell.getBoundingClientRect().right)} > ${Math.round(right)}`,
        );
      if (region.scrollWidth > region.clientWidth)
        out.push(`table ${region.scrollWidth} px in ${region.clientWidth} px`);
      return out;
    });
  /** The list's header texts once they stopped changing (the columns follow the width as the page settles). */
  const settledHeaders = async (target: Page) => {
    await target.getByTestId('resource-row').first().waitFor(slow);
    let before = '';
    await expect
      .poll(
        async () => {
          const now = (await target.locator('thead').first().locator('th').allInnerTexts()).join('|');
          const same = now === before;
          before = now;
          return same;
        },
        { ...slow, interval: 400 },
      )
      .toBe(true);
    return before.split('|');
  };

  for (const code of ['SMAFA', 'TPF'] as const) {
    it(`at 1440 × 900 the voucher and debtor lists fit their box, detail closed and open (${code})`, async () => {
      const context = await germanContext(browser);
      const laptop = await context.newPage();
      const base = `http://${variants[code].hosts[0]}:${portal.port}`;
      await laptop.goto(`${base}/login`);
      await laptop.getByLabel(text('ra.auth.email')).fill('creditor@example.com');
      await laptop.getByLabel(text('ra.auth.password')).fill('Demo1234!');
      await laptop.getByRole('button', { name: text('ra.auth.sign_in') }).click();
      await laptop.waitForURL(`${base}/`);
      // the page's own origin: the variant follows the host
      const { vouchers } = await laptop.evaluate(async () => {
        const response = await fetch('/api/voucher/list?rowsPerPage=15', {
          headers: { Authorization: `Bearer ${localStorage.getItem('kontor.token')}` },
        });
        return response.json();
      });
      // a voucher whose row opens the voucher detail (not the unprocessed view)
      const processed = (
        vouchers as { id: number; requiresProcessing?: boolean; officialVoucherNumber?: string | null }[]
      ).find((voucher) => !voucher.requiresProcessing || voucher.officialVoucherNumber != null)!;
      expect(processed).toBeDefined();
      const always = (name: string) =>
        resources[name].list.columns.filter((column) => column.priority === 1).length;
      for (const [path, name, detail] of [
        ['/vouchers', 'vouchers', false],
        [`/vouchers/main/${processed.id}`, 'vouchers', true],
        ['/debtors', 'debtors', false],
        ['/debtors', 'debtors', true],
      ] as const) {
        await laptop.goto(`${base}${path}`);
        await laptop.getByTestId('resource-row').first().waitFor(slow);
        if (detail && name === 'debtors') await laptop.getByTestId('resource-row').first().click();
        if (detail) await laptop.getByTestId('resource-detail').waitFor(slow);
        const headers = await settledHeaders(laptop);
        // beside a closed detail a laptop shows more than the columns that always stay; beside an
        // open one fewer, but more than the row's name
        if (detail) expect(headers.length, `${path} ${headers.join(', ')}`).toBeGreaterThan(1);
        else expect(headers.length, `${path} ${headers.join(', ')}`).toBeGreaterThan(always(name));
        expect(await overflowOf(laptop), `${code} ${path}${detail ? ' (detail open)' : ''}`).toEqual([]);
        // the chosen row's frozen first cell shows the row's tint too
        if (detail)
          expect(
            await laptop
              .locator('[data-testid="resource-row"][aria-selected="true"] td')
              .first()
              .evaluate((cell) => getComputedStyle(cell).backgroundImage),
          ).toMatch(/gradient/);
      }
      await context.close();
    });
  }

  it('a list that first failed to load fits its columns to its width once reloaded', async () => {
    const failing = '**/api/voucher/list?**';
    // the YAML's choice of columns, not the one an earlier test made
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage))
        if (key.includes('kontor.columns.')) localStorage.removeItem(key);
    });
    await page.route(failing, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.goto(`${portal.baseUrl}/vouchers`);
    await page.getByText(text('ui.list.loadError')).waitFor(slow);
    await page.unrouteAll({ behavior: 'wait' });
    // the reload's own answer comes from the server (a refetch the live updates started while the
    // list still failed may answer late with the test's error: then the list shows the error again,
    // and a user clicks once more — CI saw it once)
    for (let attempt = 1; attempt <= 2; attempt++) {
      const reload = page.getByRole('button', { name: text('ui.list.reload') });
      if (attempt > 1 && (await reload.count()) === 0) break;
      const answered = page
        .waitForResponse((response) => response.url().includes('/api/voucher/list?') && response.ok(), { timeout: 15_000 })
        .then(
          () => true,
          () => false,
        );
      await reload.click();
      if (await answered) break;
    }
    const headers = await settledHeaders(page);
    // measured: not every column (as with no width known), and nothing beyond the box
    expect(headers.length).toBeLessThan(resources.vouchers.list.columns.length);
    expect(await overflowOf(page)).toEqual([]);
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
