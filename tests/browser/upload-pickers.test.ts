import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text, escapeRegExp } from './helpers/texts';

/**
 * The upload dialog's customer and location pickers (widgets debtorPicker, locationPicker): the
 * demo creditor types part of a customer's name, chooses it and one of its locations, uploads an
 * XRechnung and finds it in "In Bearbeitung" with that customer; opened from the customer's detail
 * ("Rechnung hochladen") the picker shows the customer by name, and clearing it clears the location.
 */
const PORT = 3600;
const XML = readFileSync(
  join(process.cwd(), '..', 'shared', 'einvoice-samples', 'xrechnung', '01.01a-INVOICE_ubl.xml'),
);
const slow = { timeout: 20_000 };
const optional = (key: string) => `${text(key)} ${text('ui.optional')}`;

interface PickerDebtor {
  id: number;
  name: string;
  locations: { id: number; name: string; customNumber: string | null; city: string }[];
}

describe.skipIf(!chromiumAvailable())('upload dialog: customer and location pickers', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let customer: PickerDebtor;

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
  const debtorField = () => dialog().getByRole('combobox', { name: optional('fields.debtor'), exact: true });
  const locationField = () => dialog().getByRole('combobox', { name: optional('fields.location'), exact: true });
  const api = async (path: string) => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const response = await fetch(`${portal.baseUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
    return response.json();
  };

  it('finds a customer by part of its name, takes one of its locations and uploads', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill('creditor@example.com');
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
    // a demo customer with two locations or more
    const all = (await api('/debtor/picker')) as PickerDebtor[];
    customer = all.find((d) => d.locations.length >= 2) ?? all[0];
    expect(customer).toBeTruthy();

    await page.goto(`${portal.baseUrl}/vouchers?uploadVoucher=true`);
    await expect.poll(() => dialog().getByRole('heading').textContent(), slow).toBe(text('forms.uploadVoucher.title'));
    await dialog()
      .getByRole('button', { name: text('forms.uploadVoucher.fields.invoiceFiles'), exact: true })
      .setInputFiles({ name: 'picker-123456XX.xml', mimeType: 'application/xml', buffer: XML });
    await expect.poll(() => dialog().getByTestId('einvoice-number').textContent(), slow).toBe('123456XX');

    // no customer yet: the location waits for one
    expect(await locationField().isDisabled()).toBe(true);
    const part = customer.name.slice(0, Math.min(6, customer.name.length));
    await debtorField().fill(part);
    const option = page.getByRole('option', { name: new RegExp(`^${escapeRegExp(customer.name)}`) }).first();
    await expect.poll(() => option.isVisible(), slow).toBe(true);
    await option.click();
    // the choice reaches the field through the form's state: on a busy machine a moment later
    await expect.poll(() => debtorField().inputValue(), slow).toBe(customer.name);

    const wanted = customer.locations[customer.locations.length - 1];
    await expect.poll(() => locationField().isEnabled(), slow).toBe(true);
    await locationField().click();
    const label = wanted.customNumber ? `${wanted.name} (${wanted.customNumber})` : wanted.name;
    await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(label)}`) }).first().click();
    await expect.poll(() => locationField().inputValue(), slow).toContain(label);

    await dialog().getByRole('button', { name: text(forms.uploadVoucher.submitLabel), exact: true }).click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    const { vouchers } = await api('/unprocessed-voucher/list?rowsPerPage=100');
    const mine = vouchers.find((v: { originalFileName: string }) => v.originalFileName === 'picker-123456XX.xml');
    expect(mine).toBeTruthy();
    const shown = await api(`/unprocessed-voucher/show/${mine.id}`);
    expect(shown.debtor?.id).toBe(customer.id);
    expect(shown.location?.id).toBe(wanted.id);

    // and it is in "In Bearbeitung"
    await page.goto(`${portal.baseUrl}/unprocessed`);
    await expect.poll(() => page.getByText('picker-123456XX.xml').first().isVisible(), slow).toBe(true);
  });

  it('opened from the customer ("Rechnung hochladen") shows it by name; clearing it clears the location', async () => {
    await page.goto(`${portal.baseUrl}/debtors/main/${customer.id}`);
    await page.getByRole('button', { name: 'Rechnung hochladen', exact: true }).first().click();
    await expect.poll(() => dialog().getByRole('heading').textContent(), slow).toBe(text('forms.uploadVoucher.title'));
    await expect.poll(() => debtorField().inputValue(), slow).toBe(customer.name);
    await locationField().click();
    await page.getByRole('option').first().click();
    expect(await locationField().inputValue()).not.toBe('');
    await debtorField().hover();
    await dialog().getByRole('button', { name: text('ra.action.clear_input_value') }).first().click();
    await expect.poll(() => debtorField().inputValue(), slow).toBe('');
    await expect.poll(() => locationField().inputValue(), slow).toBe('');
    expect(await locationField().isDisabled()).toBe(true);
  });
});
