import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import { buildPdf } from '../../src/server/einvoice/testing/build-pdf';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/**
 * Journey of the demo creditor handing over an XRechnung: the dialog reads it before the upload and
 * shows number and amount, the upload lands in "In Bearbeitung", an attachment is added while the
 * editing pause runs, and processing (the portal's own workers, pause shortened to 20 s) ends in a
 * decision the creditor answers — then the invoice is in "Belege" with its official number.
 */
const PORT = 3400;
const XML = readFileSync(
  join(process.cwd(), '..', 'shared', 'einvoice-samples', 'xrechnung', '01.01a-INVOICE_ubl.xml'),
);
const slow = { timeout: 20_000 };

describe.skipIf(!chromiumAvailable())('creditor uploads an e-invoice', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let voucherId: number;

  beforeAll(async () => {
    ensureClientBuilt();
    process.env.UPLOAD_PAUSE_MINUTES = '0.34';
    portal = await startPortal(PORT);
    delete process.env.UPLOAD_PAUSE_MINUTES;
    browser = await launchChromium();
    context = await germanContext(browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const dialog = () => page.getByRole('dialog');
  const api = async (path: string) => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const response = await fetch(`${portal.baseUrl}/api${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return response.json();
  };

  it('reads the XRechnung in the dialog before the upload and uploads it', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill('creditor@example.com');
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
    await page.goto(`${portal.baseUrl}/vouchers?uploadVoucher=true`);
    await expect
      .poll(() => dialog().getByRole('heading').textContent(), slow)
      .toBe(text('forms.uploadVoucher.title'));
    const files = dialog().getByRole('button', {
      name: text('forms.uploadVoucher.fields.invoiceFiles'),
      exact: true,
    });
    await files.setInputFiles({ name: 'xrechnung-123456XX.xml', mimeType: 'application/xml', buffer: XML });
    await expect.poll(() => dialog().getByTestId('einvoice-number').textContent(), slow).toBe('123456XX');
    expect(await dialog().getByTestId('einvoice-amount').textContent()).toMatch(/336,90\s€/);
    // the buyer's e-mail is taken for the delivery by e-mail
    await expect
      .poll(
        () =>
          dialog()
            .getByRole('textbox', { name: text('forms.uploadVoucher.fields.email'), exact: true })
            .inputValue(),
        slow,
      )
      .toBe('buyer@info.de');
    await dialog()
      .getByRole('button', { name: text(forms.uploadVoucher.submitLabel), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    const { vouchers } = await api('/unprocessed-voucher/list?rowsPerPage=100');
    const mine = vouchers.find(
      (v: { originalFileName: string }) => v.originalFileName === 'xrechnung-123456XX.xml',
    );
    expect(mine).toBeTruthy();
    voucherId = mine.id;
  });

  it('shows it in "In Bearbeitung" and takes an attachment while the pause runs', async () => {
    await page.goto(`${portal.baseUrl}/unprocessed/${voucherId}`);
    await expect.poll(() => page.getByText('xrechnung-123456XX.xml').first().isVisible(), slow).toBe(true);
    await page
      .getByRole('button', { name: text('forms.addAttachment.title'), exact: true })
      .first()
      .click();
    const files = dialog().getByRole('button', {
      name: text('forms.addAttachment.fields.files'),
      exact: true,
    });
    await files.setInputFiles({
      name: 'Lieferschein.pdf',
      mimeType: 'application/pdf',
      buffer: buildPdf(), // a whole PDF: a damaged annex is refused (code 938)
    });
    await dialog()
      .getByRole('button', { name: text(forms.addAttachment.submitLabel), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    const shown = await api(`/unprocessed-voucher/show/${voucherId}`);
    expect(shown.attachments.map((a: { fileName: string }) => a.fileName)).toEqual([
      'xrechnung-123456XX.xml',
      'Lieferschein.pdf',
    ]);
  });

  it('after processing, answers the decision and finds the invoice in "Belege"', {
    timeout: 180_000,
  }, async () => {
    // the 2016 sample is past due today: not purchasable, the creditor decides
    await expect
      .poll(async () => (await api(`/unprocessed-voucher/show/${voucherId}`)).pendingStatus ?? null, {
        timeout: 90_000,
        interval: 2000,
      })
      .not.toBeNull();
    await page.goto(`${portal.baseUrl}/unprocessed/${voucherId}`);
    await page.getByRole('button', { name: 'Trotzdem verarbeiten', exact: true }).first().click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button').last().click();
    await expect
      .poll(async () => (await api(`/voucher/show/${voucherId}`)).officialVoucherNumber ?? null, {
        timeout: 60_000,
        interval: 2000,
      })
      .not.toBeNull();
    const shown = await api(`/voucher/show/${voucherId}`);
    await page.goto(`${portal.baseUrl}/vouchers/main/${voucherId}`);
    const detail = page.getByTestId('resource-detail');
    await expect
      .poll(() => detail.getByText(shown.officialVoucherNumber).first().isVisible(), slow)
      .toBe(true);
  });
});
