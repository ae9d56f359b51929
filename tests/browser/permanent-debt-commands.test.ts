import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import { resources } from '../../generated/resources';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/**
 * The demo creditor stops a running permanent debt and creates its successor from the same detail
 * (issue 9 item 3): the stop dialog asks for the confirmation, the permanent debt then shows as
 * ended; the create dialog starts with its debtor, location, subject and amounts; the new one is
 * created with its first debit 20 days ahead.
 */
const PORT = 3414;
const slow = { timeout: 15_000 };
const actionLabel = (key: string) =>
  text(resources.permanentDebts.detail.actions.find((action) => action.key === key)!.label);
const germanDay = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${String(date.getDate()).padStart(2, '0')}.${String(date.getMonth() + 1).padStart(2, '0')}.${date.getFullYear()}`;
};

describe.skipIf(!chromiumAvailable())('creditor stops and creates a permanent debt', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let running: {
    id: number;
    subject: string;
    debtor: { id: number };
    location: { id: number };
    sepa?: { iban?: string };
  };

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

  const dialog = () => page.getByRole('dialog');
  const detail = () => page.getByTestId('resource-detail');
  const api = async (path: string, init: RequestInit = {}) => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const response = await fetch(`${portal.baseUrl}/api${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
    });
    return response.json();
  };
  const tile = (key: string) => detail().getByRole('button', { name: actionLabel(key), exact: true });
  const openTile = async (key: string) => {
    const more = detail().getByRole('button', { name: text('ui.actions.showMore') });
    if ((await more.count()) > 0) await more.click();
    await expect.poll(() => tile(key).count(), slow).toBe(1);
    await tile(key).click();
    await expect.poll(() => dialog().count(), slow).toBe(1);
  };

  it('logs in and opens a running permanent debt', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill('creditor@example.com');
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
    const { vouchers } = await api(
      '/permanent-debt/list?rowsPerPage=100&filters[status][]=active&filters[status][]=created',
    );
    expect(vouchers.length).toBeGreaterThan(0);
    const shownAll = await Promise.all(
      vouchers.map((v: { id: number }) => api(`/permanent-debt/${v.id}/show`)),
    );
    const perLocation = new Map<number, number>();
    for (const shown of shownAll)
      perLocation.set(shown.location.id, (perLocation.get(shown.location.id) ?? 0) + 1);
    // one whose debtor has a SEPA mandate and the only running one at its location, so that a successor can be created
    for (const shown of shownAll) {
      if (shown.status === 'active' && shown.sepa?.iban && perLocation.get(shown.location.id) === 1) {
        running = shown;
        break;
      }
    }
    expect(running, 'a running permanent debt with a SEPA mandate').toBeDefined();
    await page.goto(`${portal.baseUrl}/permanent-debts/${running.id}`);
    await expect.poll(() => detail().textContent(), slow).toContain(running.subject);
  });

  it('stops it after the confirmation; it shows as ended', async () => {
    await openTile('stop');
    await dialog().getByRole('checkbox').check();
    await dialog()
      .getByRole('button', { name: text(forms.stopPermanentDebt.submitLabel), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    await expect
      .poll(async () => (await api(`/permanent-debt/${running.id}/show`)).status, slow)
      .toBe('stopped');
    await expect.poll(() => detail().textContent(), slow).toContain(text('enums.permanentDebtStatus.ended'));
  });

  it('creates the successor from the same detail, prefilled with debtor, location and subject', async () => {
    await openTile('create');
    const subject = dialog().getByRole('textbox', { name: text('fields.subject'), exact: true });
    await expect.poll(() => subject.inputValue(), slow).toBe(running.subject);
    await subject.fill(`${running.subject} (neu)`);
    await dialog()
      .getByRole('textbox', { name: text('forms.createPermanentDebt.fields.startDate') })
      .fill(germanDay(20));
    await dialog()
      .getByRole('button', { name: text(forms.createPermanentDebt.submitLabel), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    const { vouchers } = await api('/permanent-debt/list?rowsPerPage=100&filters[status][]=created');
    const created = vouchers.find((v: { subject: string }) => v.subject === `${running.subject} (neu)`);
    expect(created).toBeDefined();
    const shown = await api(`/permanent-debt/${created.id}/show`);
    expect([shown.debtor.id, shown.location.id]).toEqual([running.debtor.id, running.location.id]);
  });
});
