import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import { resources } from '../../generated/resources';
import { actionTiles } from './helpers/action-tiles';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/**
 * Administration journeys (issue 11): block a creditor and see its upload refused in the browser
 * (and its customer creation), lift the block and upload again; a SEPA update requested by one admin
 * and accepted by a second (the requester is offered no decision and sees it is their own request);
 * impersonate a creditor user and switch back.
 */
const PORT = 3420;
const slow = { timeout: 20_000 };
const actionLabel = (resource: string, key: string) =>
  text(resources[resource].detail.actions.find((action) => action.key === key)!.label);

describe.skipIf(!chromiumAvailable())('administration', { timeout: 180_000 }, () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let superadmin: Page;
  let admin: Page;

  const login = async (email: string) => {
    const context = await germanContext(browser);
    contexts.push(context);
    const page = await context.newPage();
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
  const tiles = (page: Page) => actionTiles(detail(page), text('ui.actions.showMore'));
  const offered = (page: Page) => tiles(page).offered();
  const openAction = async (page: Page, resource: string, key: string) => {
    await tiles(page).open(actionLabel(resource, key));
    await page.waitForURL(new RegExp(`action=${key}`));
  };
  const dialog = (page: Page) => page.getByRole('dialog');
  /** 'closed' once the dialog is gone, else its text (a refusal shows there) */
  const dialogState = async (page: Page) =>
    (await dialog(page).count()) === 0 ? 'closed' : dialog(page).textContent();
  const submit = (page: Page, form: string) =>
    dialog(page)
      .getByRole('button', { name: text(forms[form].submitLabel), exact: true })
      .click();
  const field = (page: Page, form: string, name: string) =>
    dialog(page).getByRole('textbox', { name: text(forms[form].labels[name]), exact: true });
  /** the value a detail shows for a field label (its dt/dd pair) */
  const detailValue = (page: Page, label: string) =>
    detail(page)
      .locator('dt', { hasText: label })
      .first()
      .locator('xpath=following-sibling::dd[1]')
      .textContent();
  const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
  /** a creditor user hands over a PDF in the upload dialog */
  const uploadPdf = async (page: Page, name: string) => {
    await page.goto(`${portal.baseUrl}/vouchers?uploadVoucher=true`);
    await expect
      .poll(() => dialog(page).getByRole('heading').textContent(), slow)
      .toBe(text('forms.uploadVoucher.title'));
    await dialog(page)
      .getByRole('button', { name: text('forms.uploadVoucher.fields.invoiceFiles'), exact: true })
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    await submit(page, 'uploadVoucher');
  };
  const unprocessedFiles = async (page: Page) =>
    (await api(page, '/unprocessed-voucher/list?rowsPerPage=100')).body.vouchers.map(
      (v: { originalFileName: string }) => v.originalFileName,
    );

  let creditorId: number;

  beforeAll(async () => {
    ensureClientBuilt();
    portal = await startPortal(PORT);
    browser = await launchChromium();
    superadmin = await login('superadmin@example.com');
    admin = await login('admin@example.com');
    const { creditors } = (await api(superadmin, '/creditor/list?rowsPerPage=100')).body;
    creditorId = creditors.find((c: any) => c.user?.username === 'creditor2@example.com').identifier;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await portal?.stop();
  });

  it('blocks a creditor: its upload is refused in the browser; the block lifted, the upload works again', async () => {
    await superadmin.goto(`${portal.baseUrl}/creditors/${creditorId}`);
    await expect.poll(() => offered(superadmin), slow).toContain(actionLabel('creditors', 'block'));
    expect(await offered(superadmin)).not.toContain(actionLabel('creditors', 'disableBlock'));
    await openAction(superadmin, 'creditors', 'block');
    await dialog(superadmin)
      .getByRole('textbox', { name: text(forms.blockCreditor.labels.reason) })
      .fill('Offene Gebühren');
    await submit(superadmin, 'blockCreditor');
    await expect.poll(() => dialogState(superadmin), slow).toBe('closed');
    await expect.poll(() => offered(superadmin), slow).toContain(actionLabel('creditors', 'disableBlock'));
    expect(await offered(superadmin)).not.toContain(actionLabel('creditors', 'block'));

    const creditor = await login('creditor2@example.com');
    // the upload dialog refuses with the German reason and keeps the input; nothing is handed over
    await uploadPdf(creditor, 'gesperrt.pdf');
    await expect
      .poll(() => dialogState(creditor), slow)
      .toContain(text('messages.creditorStatus.actionNotAllowed'));
    expect(await unprocessedFiles(creditor)).not.toContain('gesperrt.pdf');
    const refused = await api(creditor, '/debtor/create', {
      method: 'POST',
      body: JSON.stringify({
        debtorType: 'business',
        name: 'Prüfbau GmbH ID_0',
        street: 'Am Sandtorkai',
        house: '5',
        zip: '20457',
        city: 'Hamburg',
        deliveryType: 'post',
      }),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(text('messages.creditorStatus.actionNotAllowed'));
    // the creditor's user menu shows the block
    await creditor.goto(`${portal.baseUrl}/`);
    await expect
      .poll(async () => (await api(creditor, '/user-management/user/current')).body.creditorStatus, slow)
      .toBe('blocked');

    // the admin lifts the block: only "Sperren" is offered again
    await superadmin.goto(`${portal.baseUrl}/creditors/${creditorId}`);
    await openAction(superadmin, 'creditors', 'disableBlock');
    await submit(superadmin, 'disableBlockCreditor');
    await expect.poll(() => dialogState(superadmin), slow).toBe('closed');
    await expect.poll(() => offered(superadmin), slow).toContain(actionLabel('creditors', 'block'));
    expect(await offered(superadmin)).not.toContain(actionLabel('creditors', 'disableBlock'));

    // the same upload goes through now
    await uploadPdf(creditor, 'freigegeben.pdf');
    await expect.poll(() => dialogState(creditor), slow).toBe('closed');
    await expect.poll(() => unprocessedFiles(creditor), slow).toContain('freigegeben.pdf');
  });

  it('a SEPA update requested by one admin is decided by a second one', async () => {
    await superadmin.goto(`${portal.baseUrl}/creditors/${creditorId}`);
    await openAction(superadmin, 'creditors', 'requestSepaUpdate');
    await field(superadmin, 'requestSepaUpdate', 'accountOwner').fill('Neue Inhaber GmbH');
    await field(superadmin, 'requestSepaUpdate', 'iban').fill('DE89 3704 0044 0532 0130 00');
    const start = new Date(Date.now() + 3 * 86_400_000);
    await field(superadmin, 'requestSepaUpdate', 'startSepaDate').fill(
      `${String(start.getDate()).padStart(2, '0')}.${String(start.getMonth() + 1).padStart(2, '0')}.${start.getFullYear()}`,
    );
    await dialog(superadmin).getByRole('checkbox').check();
    await submit(superadmin, 'requestSepaUpdate');
    await expect.poll(() => dialogState(superadmin), slow).toBe('closed');
    const { body } = await api(
      superadmin,
      '/creditor-debit-update/list?filters[status][]=in_review&rowsPerPage=100',
    );
    const request = body.creditorDebitUpdates.find((r: any) => r.creditor.identifier === creditorId);
    expect(request).toMatchObject({ isOwnRequest: true });

    // the requester is offered no decision
    await superadmin.goto(`${portal.baseUrl}/requests/${request.identifier}?filters[status][]=in_review`);
    await expect
      .poll(() => detail(superadmin).getByRole('heading', { level: 2 }).count(), slow)
      .toBeGreaterThan(0);
    expect(await offered(superadmin)).not.toContain(actionLabel('requests', 'accept'));
    expect(await offered(superadmin)).not.toContain(actionLabel('requests', 'decline'));
    const own = text('entities.sepaUpdateRequest.fields.isOwnRequest');
    await expect.poll(() => detailValue(superadmin, own), slow).toBe(text('ra.boolean.true'));
    // and the server refuses the requester's decision whatever the client sends
    const self = await api(superadmin, '/creditor-debit-update/command/accept', {
      method: 'POST',
      body: JSON.stringify({ creditorDebitUpdateIdentifier: request.identifier }),
    });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(text('messages.commands.selfApproval'));

    // a second admin accepts
    await admin.goto(`${portal.baseUrl}/requests/${request.identifier}?filters[status][]=in_review`);
    await expect.poll(() => detailValue(admin, own), slow).toBe(text('ra.boolean.false'));
    await openAction(admin, 'requests', 'accept');
    await submit(admin, 'acceptSepaUpdate');
    await expect.poll(() => dialogState(admin), slow).toBe('closed');
    await expect
      .poll(async () => {
        const list = await api(admin, '/creditor-debit-update/list?rowsPerPage=100');
        return list.body.creditorDebitUpdates.find((r: any) => r.identifier === request.identifier)?.status;
      }, slow)
      .toBe('accepted');
    const details = await api(admin, `/creditor/${creditorId}/details`);
    expect(details.body.directDebitMandate.iban).toBe('DE89370400440532013000');
  });

  it('impersonates a creditor user and switches back to the users list', async () => {
    const { body } = await api(
      superadmin,
      '/user-management/user/list?rowsPerPage=100&filters[search]=creditor@example.com',
    );
    const users: any[] = body.users;
    const user = users.find((u: any) => u.username === 'creditor@example.com');
    expect(user).toBeDefined();
    await superadmin.goto(`${portal.baseUrl}/users/${user.id}?filters[search][]=creditor%40example.com`);
    await openAction(superadmin, 'users', 'impersonate');
    await dialog(superadmin)
      .getByRole('button', { name: text('adminUi.impersonateConfirm') })
      .click();
    await superadmin.waitForURL(`${portal.baseUrl}/`, slow);
    const back = superadmin.getByRole('button', { name: text('adminUi.switchBack') });
    await expect.poll(() => back.count(), slow).toBe(1);
    expect((await api(superadmin, '/user-management/user/current')).body).toMatchObject({
      username: 'creditor@example.com',
      impersonated: true,
    });
    await back.click();
    await superadmin.waitForURL(/\/users$/, slow);
    expect((await api(superadmin, '/user-management/user/current')).body).toMatchObject({
      username: 'superadmin@example.com',
      impersonated: false,
    });
  });
});
