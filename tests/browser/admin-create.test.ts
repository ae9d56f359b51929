import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import { resources } from '../../generated/resources';
import { parseEml } from '../../src/server/adapters/mail/testing/read-eml';
import { seriousA11yViolations } from './helpers/axe';
import { actionTiles } from './helpers/action-tiles';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/**
 * Creating administrators (issue 11): the super admin creates a product administrator from the
 * admins list's create button, grants a permission; the new product admin sets the password from
 * the invitation mail (read from the file outbox) and logs in to the creditors of the own product.
 * In the users list, the detail offers only the actions that fit the user's state.
 */
const PORT = 3510;
const slow = { timeout: 20_000 };
const EMAIL = 'petra.produkt@example.com';
const PASSWORD = 'Produkt-Admin-7!';
const actionLabel = (resource: string, key: string) =>
  text(resources[resource].detail.actions.find((action) => action.key === key)!.label);

describe.skipIf(!chromiumAvailable())('creating administrators', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const newPage = async () => {
    const context = await germanContext(browser);
    contexts.push(context);
    return context.newPage();
  };
  const login = async (page: Page, email: string, password = 'Demo1234!') => {
    await page.goto(`${portal.baseUrl}/login`);
    await page.getByLabel(text('ra.auth.email')).fill(email);
    await page.getByLabel(text('ra.auth.password')).fill(password);
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
  };
  const mailTo = async (recipient: string) => {
    const files = await readdir(portal.outboxDir).catch(() => [] as string[]);
    const mails = await Promise.all(
      files.sort().map(async (f) => parseEml(await readFile(path.join(portal.outboxDir, f), 'utf8'))),
    );
    return mails.filter((mail) => mail.headers.to === recipient).at(-1);
  };
  const dialog = (page: Page) => page.getByRole('dialog');
  const detail = (page: Page) => page.getByTestId('resource-detail');
  const offered = (page: Page) => actionTiles(detail(page), text('ui.actions.showMore')).offered();

  beforeAll(async () => {
    ensureClientBuilt();
    portal = await startPortal(PORT);
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await portal?.stop();
  });

  it('the super admin creates a product admin, who sets the password from the mail and logs in', async () => {
    const superadmin = await newPage();
    await login(superadmin, 'superadmin@example.com');
    await superadmin.waitForURL('**/creditors', slow);
    await superadmin.goto(`${portal.baseUrl}/admins`);
    const form = forms.createAdminUser;
    await superadmin.getByRole('button', { name: text(form.label), exact: true }).click();
    await superadmin.waitForURL(/createAdminUser=true/);
    const field = (name: string, role: 'textbox' | 'checkbox' | 'combobox' = 'textbox') =>
      dialog(superadmin).getByRole(role, { name: text(form.labels[name]), exact: true });
    await field('firstName').fill('Petra');
    await field('lastName').fill('Produkt');
    await field('email').fill(EMAIL);
    await field('productAdmin', 'checkbox').check();
    await field('product', 'combobox').click();
    await superadmin.getByRole('option', { name: text('enums.productType.SMAFA'), exact: true }).click();
    expect(await seriousA11yViolations(superadmin)).toEqual([]);
    await dialog(superadmin)
      .getByRole('button', { name: text(form.submitLabel), exact: true })
      .click();
    await expect.poll(() => dialog(superadmin).count(), slow).toBe(0);
    await expect
      .poll(() => superadmin.locator('.MuiSnackbar-root').textContent(), slow)
      .toContain(text('adminCommands.administratorCreated'));

    // in the admins list; the super admin grants a management permission
    const row = superadmin.getByRole('row').filter({ hasText: EMAIL });
    await expect.poll(() => row.count(), slow).toBe(1);
    await row.click();
    await expect
      .poll(() => detail(superadmin).textContent(), slow)
      .toContain(text('roles.ROLE_PRODUCT_ADMIN'));
    await expect.poll(() => offered(superadmin), slow).toContain(actionLabel('admins', 'permissions'));
    await detail(superadmin)
      .getByRole('button', { name: actionLabel('admins', 'permissions'), exact: true })
      .click();
    await dialog(superadmin)
      .getByRole('checkbox', { name: text(forms.adminPermissions.labels.updateUser), exact: true })
      .check();
    await dialog(superadmin)
      .getByRole('button', { name: text(forms.adminPermissions.submitLabel), exact: true })
      .click();
    await expect.poll(() => dialog(superadmin).count(), slow).toBe(0);

    // the invitation mail's link sets the password; the product admin logs in to the own product
    await expect
      .poll(async () => (await mailTo(EMAIL))?.text ?? '', { timeout: 30_000 })
      .toMatch(/set-password/);
    const mail = (await mailTo(EMAIL))!;
    expect(mail.text).toContain(text('roles.ROLE_PRODUCT_ADMIN'));
    const link = mail.text.match(/\/set-password\/[\w-]+/)![0];
    const invited = await newPage();
    await invited.goto(`${portal.baseUrl}${link}`);
    const setPassword = dialog(invited);
    await setPassword.getByRole('textbox', { name: text('fields.password'), exact: true }).fill(PASSWORD);
    await setPassword
      .getByRole('textbox', { name: text('fields.passwordRepeat'), exact: true })
      .fill(PASSWORD);
    await setPassword
      .getByRole('button', { name: text(forms.acceptInvitation.submitLabel), exact: true })
      .click();
    await invited.waitForURL('**/login', slow);
    await login(invited, EMAIL, PASSWORD);
    await invited.waitForURL('**/creditors', slow);
    const products = invited.getByRole('cell', { name: text('enums.productType.SMAFA'), exact: true });
    await expect.poll(() => products.count(), slow).toBeGreaterThan(0);
    const others = invited.getByRole('cell', { name: text('enums.productType.TPF'), exact: true });
    expect(await others.count()).toBe(0);
  });

  it("offers the users' actions that fit the state: a new user the registration mail, an active one the reset", async () => {
    const admin = await newPage();
    await login(admin, 'admin@example.com');
    await admin.waitForURL('**/creditors', slow);
    await admin.goto(`${portal.baseUrl}/users?filters[search][]=assistant-apl@example.com`);
    const invitedRow = admin.getByRole('row').filter({ hasText: 'assistant-apl@example.com' });
    await expect.poll(() => invitedRow.count(), slow).toBe(1);
    await invitedRow.click();
    await expect.poll(() => offered(admin), slow).toContain(actionLabel('users', 'registrationMail'));
    expect(await offered(admin)).not.toContain(actionLabel('users', 'resetPassword'));
    await detail(admin)
      .getByRole('button', { name: actionLabel('users', 'registrationMail'), exact: true })
      .click();
    await expect
      .poll(() => dialog(admin).getByRole('textbox').first().inputValue(), slow)
      .toBe('assistant-apl@example.com');
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await dialog(admin)
      .getByRole('button', { name: text(forms.sendRegistrationMail.submitLabel), exact: true })
      .click();
    await expect.poll(() => dialog(admin).count(), slow).toBe(0);
    await expect
      .poll(async () => (await mailTo('assistant-apl@example.com'))?.text ?? '', { timeout: 30_000 })
      .toMatch(/set-password/);

    await admin.goto(`${portal.baseUrl}/users?filters[search][]=observer@example.com`);
    const activeRow = admin.getByRole('row').filter({ hasText: 'observer@example.com' });
    await expect.poll(() => activeRow.count(), slow).toBe(1);
    await activeRow.click();
    await expect.poll(() => offered(admin), slow).toContain(actionLabel('users', 'resetPassword'));
    expect(await offered(admin)).not.toContain(actionLabel('users', 'registrationMail'));
    // the contact dialog opens prefilled with the creditor's contact
    await detail(admin)
      .getByRole('button', { name: actionLabel('users', 'updateContactInformation'), exact: true })
      .click();
    const contactName = dialog(admin).getByRole('textbox', {
      name: text(forms.updateContactInformation.labels.contactName),
      exact: true,
    });
    await expect.poll(() => contactName.inputValue(), slow).not.toBe('');
    expect(await seriousA11yViolations(admin)).toEqual([]);
  });

  it('acting as a creditor user, the admin view shows the process log of a debtor; off, the user sees what the user sees', async () => {
    const admin = await newPage();
    await login(admin, 'admin@example.com');
    await admin.waitForURL('**/creditors', slow);
    await admin.goto(`${portal.baseUrl}/users?filters[search][]=creditor@example.com`);
    const row = admin.getByRole('row').filter({ hasText: 'creditor@example.com' });
    await expect.poll(() => row.count(), slow).toBe(1);
    await row.click();
    await expect.poll(() => offered(admin), slow).toContain(actionLabel('users', 'impersonate'));
    await detail(admin)
      .getByRole('button', { name: actionLabel('users', 'impersonate'), exact: true })
      .click();
    await dialog(admin)
      .getByRole('button', { name: text('adminUi.impersonateConfirm') })
      .click();
    await admin.waitForURL(`${portal.baseUrl}/`, slow);
    const toggle = admin.getByLabel(text('adminUi.adminView'), { exact: true });
    await expect.poll(() => toggle.count(), slow).toBe(1);
    expect(await toggle.isChecked()).toBe(false);

    await admin.goto(`${portal.baseUrl}/debtors`);
    const debtorRow = admin.getByRole('row').nth(1);
    await expect.poll(() => debtorRow.count(), slow).toBe(1);
    await debtorRow.click();
    const tabs = detail(admin).getByRole('tab');
    await expect.poll(() => tabs.allTextContents(), slow).toContain(text('resources.debtors.tabs.history'));
    expect(await tabs.allTextContents()).not.toContain(text('resources.debtors.tabs.processLog'));
    await toggle.check();
    await expect
      .poll(() => tabs.allTextContents(), slow)
      .toContain(text('resources.debtors.tabs.processLog'));
    await detail(admin)
      .getByRole('tab', { name: text('resources.debtors.tabs.processLog') })
      .click();
    const panel = detail(admin).getByRole('tabpanel');
    await expect
      .poll(
        async () =>
          (await panel.getByTestId('process-log-entry').count()) +
          (await panel.getByTestId('process-log-empty').count()),
        slow,
      )
      .toBeGreaterThan(0);
    expect(await seriousA11yViolations(admin)).toEqual([]);
    // kept in local storage
    expect(await admin.evaluate(() => localStorage.getItem('kontor.adminView'))).toBe('true');
  });
});
