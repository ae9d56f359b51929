import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../generated/enums';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText } from './helpers/texts';

/**
 * The generic form dialog, opened by the spec's query flags: German labels and "(optional)"
 * marks, the shared German validation messages at the field once it is left, conditional fields,
 * the German money and date inputs, the file checks before upload, Esc and browser back, axe.
 * Only dialogs whose submission needs no server call are exercised. All of it runs under the
 * portal's Content-Security-Policy (src/server/plugins/security-headers.ts): no violation from the
 * login on, through dashboard, list, detail and the form dialogs, and an injected inline script does
 * not run.
 */
const PORT = 3205;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const XML = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Invoice/>');
const optional = (key: string) => `${germanText(key)} ${germanText('ui.optional')}`;
const enumLabel = (name: string, value: string) =>
  germanText(enums[name].values.find((entry) => entry.value === value)!.label);

describe.skipIf(!chromiumAvailable())('form dialogs opened by query flags', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const dialog = () => page.getByRole('dialog');
  type Role = 'textbox' | 'spinbutton' | 'combobox' | 'button';
  /** A control by its accessible name (a file input is a button to assistive technology). */
  const field = (label: string, role: Role = 'textbox') =>
    dialog().getByRole(role, { name: label, exact: true });
  /** The messages rjsf shows under a field (its `__error` list). */
  const cspViolations: string[] = [];
  const errorsOf = async (input: Locator) => {
    const id = await input.getAttribute('id');
    return page.locator(`[id="${id}__error"]`).allInnerTexts();
  };

  beforeAll(async () => {
    ensureClientBuilt();
    portal = await startPortal(PORT);
    browser = await launchChromium();
    context = await germanContext(browser);
    // every CSP violation of every page load, kept outside the page (a reload empties window)
    await context.exposeFunction('reportCspViolation', (text: string) => cspViolations.push(text));
    await context.addInitScript(() => {
      const reported: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = reported;
      document.addEventListener('securitypolicyviolation', (event) => {
        const text = `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`;
        reported.push(text);
        (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(text);
      });
    });
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(`console: ${message.text()}`);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('logs in as the demo creditor', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(germanText('ra.auth.email')).fill('creditor@example.com');
    await page.getByLabel(germanText('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: germanText('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
  });

  it('opens change password from the user menu, focused on the first field', async () => {
    await page.getByRole('button', { name: germanText('ra.auth.user_menu') }).click();
    await page.getByRole('menuitem', { name: germanText('ui.userMenu.changePassword') }).click();
    await page.waitForURL(/changePassword=true/);
    await expect
      .poll(() => dialog().getByRole('heading').textContent())
      .toBe(germanText('forms.changePassword.title'));
    const old = field(germanText('fields.oldPassword'));
    await expect.poll(() => old.evaluate((input) => input === document.activeElement)).toBe(true);
    // every field is required: German labels without "(optional)", all masked
    for (const key of ['fields.oldPassword', 'fields.password', 'fields.passwordRepeat']) {
      expect(await field(germanText(key)).getAttribute('type')).toBe('password');
    }
    expect(await dialog().getByText(germanText('ui.optional')).count()).toBe(0);
  });

  it('shows the German password message at the field once it is left, not while typing', async () => {
    const password = field(germanText('fields.password'));
    await password.click();
    await password.pressSequentially('kur');
    expect(await errorsOf(password)).toEqual([]);
    await password.press('Tab');
    await expect.poll(() => errorsOf(password)).toEqual([germanText('validation.passwordPolicy')]);
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    // the untouched repetition says nothing yet
    expect(await errorsOf(field(germanText('fields.passwordRepeat')))).toEqual([]);
  });

  it('shows and hides a password with its toggle', async () => {
    const old = field(germanText('fields.oldPassword'));
    await old.fill('Geheim1!');
    await dialog()
      .getByRole('button', {
        name: `${germanText('fields.oldPassword')}: ${germanText('ra.input.password.toggle_hidden')}`,
      })
      .click();
    expect(await old.getAttribute('type')).toBe('text');
  });

  it('passes axe with the dialog open', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('closes on Esc and drops the flag from the URL', async () => {
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
    expect(page.url()).not.toContain('changePassword');
  });

  it('opens the upload from the sidebar with the invoice file field for invoices', async () => {
    await page
      .getByRole('menuitem', { name: germanText('permissions.navigation.children.uploadVoucher.label') })
      .click();
    await page.waitForURL(/uploadVoucher=true/);
    await expect
      .poll(() => dialog().getByRole('heading').textContent())
      .toBe(germanText('forms.uploadVoucher.title'));
    const type = dialog().getByRole('combobox', { name: germanText('fields.voucherType') });
    expect(await type.textContent()).toBe(enumLabel('voucherType', 'invoice'));
    expect(await field(germanText('forms.uploadVoucher.fields.invoiceFiles'), 'button').count()).toBe(1);
    expect(await field(germanText('forms.uploadVoucher.fields.files'), 'button').count()).toBe(0);
    // the customer is chosen by searching, not by an id
    expect(await field(optional('fields.debtor'), 'combobox').count()).toBe(1);
    expect(await field(optional('fields.customisedLabel')).count()).toBe(1);
    expect(await field(germanText('forms.uploadVoucher.fields.email')).count()).toBe(0);
  });

  it('refuses a file of the wrong type before upload, at the field', async () => {
    const invoiceFiles = field(germanText('forms.uploadVoucher.fields.invoiceFiles'), 'button');
    await invoiceFiles.setInputFiles({
      name: 'notiz.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Hallo'),
    });
    await expect
      .poll(() => errorsOf(invoiceFiles))
      .toEqual([germanText('validation.fileTypeNotAllowed', 'SMAFA', { types: 'PDF, XML' })]);
    expect(await dialog().getByTestId('chosen-file').count()).toBe(0);
    await invoiceFiles.setInputFiles({ name: 'rechnung.xml', mimeType: 'text/xml', buffer: XML });
    await expect
      .poll(() => dialog().getByTestId('chosen-file').allInnerTexts())
      .toEqual([expect.stringContaining('rechnung.xml')]);
    expect(await errorsOf(invoiceFiles)).toEqual([]);
  });

  it('switches to the PDF-only field for a credit advice and drops the invoice files', async () => {
    await dialog()
      .getByRole('combobox', { name: germanText('fields.voucherType') })
      .click();
    await page.getByRole('option', { name: enumLabel('voucherType', 'credit_advice'), exact: true }).click();
    const files = field(germanText('forms.uploadVoucher.fields.files'), 'button');
    await expect.poll(() => files.count()).toBe(1);
    expect(await field(germanText('forms.uploadVoucher.fields.invoiceFiles'), 'button').count()).toBe(0);
    expect(await dialog().getByTestId('chosen-file').count()).toBe(0);
    await files.setInputFiles({ name: 'rechnung.xml', mimeType: 'text/xml', buffer: XML });
    await expect
      .poll(() => errorsOf(files))
      .toEqual([germanText('validation.fileTypeNotAllowed', 'SMAFA', { types: 'PDF' })]);
    await files.setInputFiles({ name: 'gutschrift.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect
      .poll(() => dialog().getByTestId('chosen-file').allInnerTexts())
      .toEqual([expect.stringContaining('gutschrift.pdf')]);
    await expect.poll(() => errorsOf(files)).toEqual([]);
  });

  it('asks for the e-mail address only for delivery by e-mail', async () => {
    await dialog()
      .getByRole('combobox', { name: germanText('fields.deliveryType') })
      .click();
    await page.getByRole('option', { name: enumLabel('deliveryType', 'email'), exact: true }).click();
    const email = field(germanText('forms.uploadVoucher.fields.email'));
    await expect.poll(() => email.count()).toBe(1);
    expect(await field(optional('fields.emailCopy')).count()).toBe(1);
    await email.fill('anna@123.45');
    await email.press('Tab');
    await expect.poll(() => errorsOf(email)).toEqual([germanText('validation.email')]);
  });

  it('can be sent now that its server call exists (no "folgt" notice)', async () => {
    expect(await dialog().getByText(germanText('ui.placeholder')).count()).toBe(0);
    expect(
      await dialog()
        .getByRole('button', { name: germanText('forms.uploadVoucher.submit'), exact: true })
        .count(),
    ).toBe(1);
  });

  it('passes axe with the upload dialog open', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('closes with the browser back button', async () => {
    await page.goBack();
    await expect.poll(() => dialog().count()).toBe(0);
    expect(page.url()).not.toContain('uploadVoucher');
  });

  it('takes German amounts and dates in the permanent-debt form', async () => {
    await page.goto(`${portal.baseUrl}/?createPermanentDebt=true`);
    await expect
      .poll(() => dialog().getByRole('heading').textContent())
      .toBe(germanText('forms.createPermanentDebt.title'));
    const first = field(germanText('fields.debtor'), 'combobox');
    await expect.poll(() => first.evaluate((input) => input === document.activeElement)).toBe(true);
    const gross = field(germanText('fields.grossAmount'));
    await gross.fill('12.00');
    await gross.press('Tab');
    await expect.poll(() => errorsOf(gross)).toEqual([germanText('validation.currencyInvalid')]);
    await gross.fill('1.234,5');
    await gross.press('Tab');
    await expect.poll(() => gross.inputValue()).toBe('1.234,50');
    await expect.poll(() => errorsOf(gross)).toEqual([]);

    const start = field(germanText('forms.createPermanentDebt.fields.startDate'));
    await start.fill('31.02.2025');
    await start.press('Tab');
    await expect.poll(() => errorsOf(start)).toEqual([germanText('validation.dateInvalid')]);
    // a two-digit year means 20yy; the first debit lies at least 14 days ahead (the form's rule)
    const day = new Date(Date.now() + 40 * 86_400_000);
    const [d, m, y] = [day.getDate(), day.getMonth() + 1, day.getFullYear()];
    await start.fill(`${d}.${m}.${String(y).slice(2)}`);
    await start.press('Tab');
    const pad = (n: number) => String(n).padStart(2, '0');
    await expect.poll(() => start.inputValue()).toBe(`${pad(d)}.${pad(m)}.${y}`);
    await expect.poll(() => errorsOf(start)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
    expect(page.url()).not.toContain('createPermanentDebt');
  });

  it('runs under its Content-Security-Policy without eval: no violation from the login through dashboard, list, detail and the form dialogs; an injected inline script does not run', async () => {
    const csp = (await page.request.get(`${portal.baseUrl}/`)).headers()['content-security-policy'];
    const scriptSrc = csp?.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toMatch(/^script-src 'self'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    await page.goto(`${portal.baseUrl}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
    await page.goto(`${portal.baseUrl}/debtors`);
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await page.locator('tbody tr').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/debtors\/main\/\d+/);
    await expect.poll(() => page.getByTestId('resource-detail').getByRole('heading', { level: 2 }).count()).toBe(1);
    // the dialogs above (change password, upload, permanent debt) were rjsf forms on the same pages,
    // validated (their messages shown) without eval: the CSP above has no 'unsafe-eval'
    expect(cspViolations).toEqual([]);

    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true';
      document.head.append(script);
      const image = document.createElement('img');
      image.setAttribute('src', 'data:,');
      image.setAttribute('onerror', 'window.inlineHandlerRan = true');
      document.body.append(image);
    });
    await expect.poll(() => cspViolations.filter((v) => v.startsWith('script-src')).length).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => [Reflect.get(window, 'inlineScriptRan'), Reflect.get(window, 'inlineHandlerRan')])).toEqual([undefined, undefined]);
  });
});
