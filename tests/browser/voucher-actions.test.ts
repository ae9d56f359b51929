import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatDate } from '../../src/shared/format';
import { todayIso } from '../../src/shared/validation';
import { addDays } from '../../src/shared/validation/german-input.parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import { resources } from '../../generated/resources';
import { formatMoney } from '../../src/shared/format';
import { actionTiles } from './helpers/action-tiles';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/**
 * Journey of the demo creditor through the voucher actions (schema/commands/vouchers.yaml): set and
 * cancel a dunning block, then report a direct payment and see the open amount fall — each in the
 * voucher's history.
 */
const PORT = 3413;
const vouchers = resources.vouchers;
const actionLabel = (key: string) =>
  text(vouchers.detail.actions.find((action) => action.key === key)!.label);
const slow = { timeout: 15_000 };
/**
 * `dd.MM.yyyy` of today in Germany plus `days`, as the German date fields take it (the server counts
 * from the German day: the machine's own day, UTC, was one short between 23:00 and 24:00 UTC).
 */
const germanDay = (days: number) => formatDate(addDays(todayIso(), days));

describe.skipIf(!chromiumAvailable())('creditor acts on an invoice', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let voucher: { id: number; numberToShow: string; leftoverAmount: number };

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
  const field = (label: string) => dialog().getByRole('textbox', { name: label, exact: true });
  const tiles = () => actionTiles(detail(), text('ui.actions.showMore'));
  const offered = () => tiles().offered();
  const openAction = async (key: string) => {
    await tiles().open(actionLabel(key));
    await page.waitForURL(new RegExp(`action=${key}`));
  };
  const submit = (form: string) =>
    dialog()
      .getByRole('button', { name: text(forms[form].submitLabel), exact: true })
      .click();
  const api = async (path: string) => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const response = await fetch(`${portal.baseUrl}/api${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return response.json();
  };

  it('logs in and opens an open, overdue invoice that takes a dunning block and a direct payment', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill('creditor@example.com');
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
    const { vouchers: list } = await api(
      '/voucher/list?rowsPerPage=100&filters[status][]=open&filters[type][]=invoice',
    );
    for (const candidate of list) {
      const shown = await api(`/voucher/show/${candidate.id}`);
      if (
        shown.permissions?.setDunningBlock &&
        shown.permissions?.directPayment &&
        shown.leftoverAmount > 1000
      ) {
        voucher = shown;
        break;
      }
    }
    expect(voucher, 'an open overdue invoice of the demo creditor').toBeDefined();
    await page.goto(`${portal.baseUrl}/vouchers/main/${voucher.id}`);
    await expect
      .poll(() => detail().getByRole('heading', { level: 2 }).textContent(), slow)
      .toBe(voucher.numberToShow);
  });

  it('sets a dunning block until a day within ten days; then it can only be cancelled', async () => {
    await openAction('setDunningBlock');
    await field(text('forms.setDunningBlock.fields.blockUntil')).fill(germanDay(5));
    await field(text('fields.reason')).fill('Kunde hat Zahlung zugesagt');
    await submit('setDunningBlock');
    await expect.poll(() => dialog().count(), slow).toBe(0);
    await expect.poll(offered, slow).toContain(actionLabel('cancelDunningBlock'));
    expect(await offered()).not.toContain(actionLabel('setDunningBlock'));
    expect((await api(`/voucher/show/${voucher.id}`)).dunningBlockCount).toBeGreaterThan(0);
  });

  it('cancels the dunning block', async () => {
    await openAction('cancelDunningBlock');
    await submit('cancelDunningBlock');
    await expect.poll(() => dialog().count(), slow).toBe(0);
    await expect.poll(offered, slow).toContain(actionLabel('setDunningBlock'));
  });

  // issue 25 item 4: the lifted stop used a day of the level's ten, so ten more are refused
  it('refuses a second stop beyond the days left on the dunning level, in German in the dialog', async () => {
    await openAction('setDunningBlock');
    await field(text('forms.setDunningBlock.fields.blockUntil')).fill(germanDay(10));
    await field(text('fields.reason')).fill('Weitere Klärung');
    await submit('setDunningBlock');
    await expect
      .poll(() => dialog().getByRole('alert').allInnerTexts(), slow)
      .toContainEqual(expect.stringContaining(text('messages.vouchers.dunningBlockTooLong')));
    // (Escape would first close the date field's picker, where it opened)
    await dialog()
      .getByRole('button', { name: text('ui.form.cancel'), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    expect((await api(`/voucher/show/${voucher.id}`)).subStatus).not.toBe('halt');
  });

  // issue 25 item 3: a payment before the voucher date is the server's refusal, shown in the dialog
  it('refuses a payment dated before the invoice, in German in the dialog', async () => {
    await openAction('directPayment');
    await field(text('forms.directPayment.fields.amount')).fill('10,00');
    await field(text('forms.directPayment.fields.paymentDate')).fill('01.01.1900');
    await submit('directPayment');
    await expect
      .poll(() => dialog().getByRole('alert').allInnerTexts(), slow)
      .toContainEqual(expect.stringContaining(text('messages.vouchers.paymentBeforeVoucherDate')));
    // (Escape would first close the date field's picker)
    await dialog()
      .getByRole('button', { name: text('ui.form.cancel'), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    expect((await api(`/voucher/show/${voucher.id}`)).leftoverAmount).toBe(voucher.leftoverAmount);
  });

  it('reports a direct payment: the dialog starts with the open amount, and the open amount falls', async () => {
    await openAction('directPayment');
    const amount = field(text('forms.directPayment.fields.amount'));
    await expect
      .poll(() => amount.inputValue(), slow)
      .toBe(formatMoney(voucher.leftoverAmount).replace(/\s?€$/, ''));
    await amount.fill('10,00');
    await field(text('forms.directPayment.fields.paymentDate')).fill(germanDay(0));
    await submit('directPayment');
    await expect.poll(() => dialog().count(), slow).toBe(0);
    await expect
      .poll(async () => (await api(`/voucher/show/${voucher.id}`)).leftoverAmount, slow)
      .toBe(voucher.leftoverAmount - 1000);
    await expect
      .poll(() => detail().textContent(), slow)
      .toContain(formatMoney(voucher.leftoverAmount - 1000));
  });

  it('lists the three actions in the voucher history', async () => {
    const { entries: history } = await api(`/voucher/${voucher.id}/history/list`);
    const titles: string[] = history.slice(0, 3).map((entry: { title: string }) => entry.title);
    expect(titles).toHaveLength(3);
    await detail()
      .getByRole('tab', { name: text('resources.vouchers.tabs.history') })
      .click();
    await page.waitForURL(/tab=history/);
    const rows = async () =>
      (await detail().getByRole('tabpanel').locator('tbody tr').allInnerTexts()).join('\n');
    for (const title of titles) await expect.poll(rows, slow).toContain(title);
  });
});
