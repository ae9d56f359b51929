import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/**
 * Issue 31: the portal shows what happens as it happens, through the live event stream. An upload
 * (made beside the page, through the API) appears in "In Bearbeitung", changes its processing state
 * and leaves the list once processed — with no reload; a voucher detail shows a payment reported
 * in another tab; a work-queue answer given in one tab lowers the badge in the other. Nothing here polls the page: the badges' own poll is a minute, the lists
 * have none, so only the stream can bring these changes within the waits below.
 */
const PORT = 3740;
const live = { timeout: 15_000, interval: 250 };

describe.skipIf(!chromiumAvailable())('live updates', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ensureClientBuilt();
    process.env.UPLOAD_PAUSE_MINUTES = '0.1';
    process.env.WORKER_INTERVAL_SECONDS = '1';
    portal = await startPortal(PORT);
    delete process.env.UPLOAD_PAUSE_MINUTES;
    delete process.env.WORKER_INTERVAL_SECONDS;
    browser = await launchChromium();
    context = await germanContext(browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  /** a call of the API made in `tab` with its session (as another part of the portal would) */
  const api = (
    tab: Page,
    path: string,
    form?: Record<string, string | { name: string; type: string; text: string }>,
  ) =>
    tab.evaluate(
      async ({ path, form }) => {
        const headers = { Authorization: `Bearer ${localStorage.getItem('kontor.token')}` };
        if (!form) return (await fetch(`/api${path}`, { headers })).json();
        const body = new FormData();
        for (const [name, value] of Object.entries(form)) {
          if (typeof value === 'string') body.append(name, value);
          else body.append(name, new Blob([value.text], { type: value.type }), value.name);
        }
        const response = await fetch(`/api${path}`, { method: 'POST', headers, body });
        return { status: response.status, body: await response.json() };
      },
      { path, form },
    );
  /** set once per page load: still there means the page was not reloaded */
  const markPage = (tab: Page) => tab.evaluate(() => Object.assign(window, { kontorNotReloaded: true }));
  const notReloaded = (tab: Page) =>
    tab.evaluate(() => (window as unknown as { kontorNotReloaded?: boolean }).kontorNotReloaded === true);

  it('logs in', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill('creditor@example.com');
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
  });

  it('an upload appears in "In Bearbeitung", goes through processing and leaves the list processed, without reload', {
    timeout: 120_000,
  }, async () => {
    await page.goto(`${portal.baseUrl}/unprocessed`);
    await page.getByRole('table').first().waitFor();
    await markPage(page);
    // the current-dated demo XRechnung the server writes at its start (purchasable: it ends processed)
    const folder = join(dirname(portal.outboxDir), 'demo-upload');
    const file = readdirSync(folder).find((name) => name.endsWith('.xml'))!;
    const xml = readFileSync(join(folder, file), 'utf8');
    const uploaded = await api(page, '/voucher/upload', {
      voucherType: 'invoice',
      deliveryType: 'post',
      invoiceFiles: { name: 'live-demo.xml', type: 'application/xml', text: xml },
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const row = () => page.getByRole('row').filter({ hasText: 'live-demo.xml' });
    await expect.poll(() => row().count(), live).toBe(1);
    // its state while processing runs, as the list shows it (the stages pass quickly; at least two differ)
    const states = new Set<string>();
    await expect
      .poll(
        async () => {
          const shown =
            (await row()
              .first()
              // a row that is gone answers at once, not after the context's action wait
              .textContent({ timeout: 1_000 })
              .catch(() => null)) ?? 'gone';
          states.add(shown);
          return shown;
        },
        { timeout: 90_000, interval: 200 },
      )
      .toBe('gone');
    expect(states.size, [...states].join(' | ')).toBeGreaterThanOrEqual(2);
    expect(await notReloaded(page)).toBe(true);
    const vouchers = await api(page, '/voucher/list?rowsPerPage=100');
    expect(JSON.stringify(vouchers)).toContain(file.replace(/\.xml$/, '').replace('XRechnung-Demo-', ''));
  });

  it('a voucher detail open in one tab shows a payment reported in another, without reload', {
    timeout: 90_000,
  }, async () => {
    const other = await context.newPage();
    await other.goto(`${portal.baseUrl}/`);
    const euro = (cents: number) =>
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' })
        .format(cents / 100)
        .replace(/\s/g, ' ');
    const shown = async () => ((await page.locator('main').textContent()) ?? '').replace(/\s/g, ' ');
    const { vouchers } = await api(page, '/voucher/list?rowsPerPage=100&filters[status][]=open');
    const candidates = (vouchers as { id: number; type: string; leftoverAmount: number }[]).filter(
      (v) => v.type === 'invoice' && v.leftoverAmount > 5_000,
    );
    let paid: { id: number; rest: number } | undefined;
    for (const candidate of candidates) {
      await page.goto(`${portal.baseUrl}/vouchers/main/${candidate.id}`);
      await expect.poll(shown, live).toContain(euro(candidate.leftoverAmount));
      await markPage(page);
      // an odd amount, so the new open amount is a figure the page did not show before
      const amount = 1_234;
      expect(await shown()).not.toContain(euro(candidate.leftoverAmount - amount));
      const answer = await other.evaluate(
        async ({ id, amount }) => {
          const response = await fetch(`/api/voucher/${id}/direct-payment`, {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${localStorage.getItem('kontor.token')}`,
              'Content-Type': 'application/json',
            },
            body: JSON.stringify({
              amount,
              paymentDate: new Date().toISOString().slice(0, 10),
              note: 'Live gemeldet.',
            }),
          });
          return response.status;
        },
        { id: candidate.id, amount },
      );
      if (answer === 200) {
        paid = { id: candidate.id, rest: candidate.leftoverAmount - amount };
        break;
      }
    }
    expect(paid, 'an open invoice of the demo creditor that takes a direct payment').toBeDefined();
    await expect.poll(shown, live).toContain(euro(paid!.rest));
    expect(await notReloaded(page)).toBe(true);
    await other.close();
  });

  it('a work-queue answer in one tab lowers the badge in the other', { timeout: 60_000 }, async () => {
    const other = await context.newPage();
    await other.goto(`${portal.baseUrl}/`);
    const badge = () => other.getByTestId('work-queue-badge').locator('.MuiBadge-badge');
    const before = (await api(other, '/user-information/work-queue/count-unhandled')).count as number;
    await expect.poll(async () => Number(await badge().textContent()), live).toBe(before);
    await markPage(other);
    const { items } = await api(page, '/user-information/work-queue/list?rowsPerPage=100');
    const item = (
      items as {
        identifier: number;
        status: string;
        stateOfAffairs: {
          rejectAction: string;
          rejectFileRequired: boolean;
          rejectedOptions: { code: string }[];
        } | null;
      }[]
    ).find(
      (candidate) =>
        ['open', 'read'].includes(candidate.status) &&
        candidate.stateOfAffairs?.rejectAction === 'default' &&
        !candidate.stateOfAffairs.rejectFileRequired &&
        candidate.stateOfAffairs.rejectedOptions.length > 0,
    );
    expect(item, 'an open decision of the demo creditor').toBeDefined();
    const code = item!.stateOfAffairs!.rejectedOptions[0].code;
    const answered = await api(page, `/user-information/work-queue/${item!.identifier}/${code}/default`, {
      answerCode: code,
      note: 'Live beantwortet.',
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    await expect.poll(async () => Number(await badge().textContent()), live).toBe(before - 1);
    expect(await notReloaded(other)).toBe(true);
    await other.close();
  });
});
