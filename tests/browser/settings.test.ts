import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../generated/commands';
import { enums } from '../../generated/enums';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/**
 * Management works in the settings (schema/commands/settings.yaml): adds a company user, who shows
 * in the list as new; changes the user's role; removes the user; changes how often an address is
 * reminded. Asserts what the user sees.
 */
const PORT = 3441;
const USER = { name: 'Susi Steuerberatung', email: 'susi.steuer@example.com' };
const roleLabel = (role: string) => text(`roles.${role}`);
const enumLabel = (name: string, value: string) =>
  text(enums[name].values.find((entry) => entry.value === value)!.label);
const slow = { timeout: 15_000 };

describe.skipIf(!chromiumAvailable())('management manages company users and e-mail notifications', () => {
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
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const dialog = () => page.getByRole('dialog');
  const snackbar = (message: string) => page.locator('.MuiSnackbar-root').filter({ hasText: message });
  const choose = async (combobox: Locator, option: string) => {
    await combobox.click();
    await page.getByRole('option', { name: option, exact: true }).click();
    // the menu fades out: gone before anything is checked (axe would measure the fading options)
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    await expect.poll(() => page.locator('.MuiMenu-root, .MuiPopover-root').count()).toBe(0);
  };
  const userRow = () => page.getByTestId('company-user-row').filter({ hasText: USER.email });

  it('logs in as management', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill('management@example.com');
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
  });

  it('adds a company user, who is listed as new', async () => {
    await page.goto(`${portal.baseUrl}/settings?tab=companyUsers`);
    await page.getByRole('button', { name: text('settings.actions.addUser'), exact: true }).click();
    await expect
      .poll(() => dialog().getByRole('heading').first().textContent())
      .toBe(text('forms.createCompanyUser.title'));
    await dialog()
      .getByRole('textbox', { name: text('forms.createCompanyUser.fields.name'), exact: true })
      .fill(USER.name);
    await dialog()
      .getByRole('textbox', { name: text('fields.email'), exact: true })
      .fill(USER.email);
    await choose(dialog().getByRole('combobox'), roleLabel('ROLE_CREDITOR-OBSERVER'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog()
      .getByRole('button', { name: text('forms.createCompanyUser.submit'), exact: true })
      .click();

    await expect.poll(() => snackbar(text('messages.companyUsers.created')).count(), slow).toBe(1);
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => userRow().count(), slow).toBe(1);
    const shown = await userRow().textContent();
    expect(shown).toContain(USER.name);
    expect(shown).toContain(roleLabel('ROLE_CREDITOR-OBSERVER'));
    expect(shown).toContain(enumLabel('userStatus', 'new'));
  });

  it('refuses the same address again with a German message in the dialog, keeping the input', async () => {
    await page.getByRole('button', { name: text('settings.actions.addUser'), exact: true }).click();
    await dialog()
      .getByRole('textbox', { name: text('forms.createCompanyUser.fields.name'), exact: true })
      .fill('Zweite Susi');
    await dialog()
      .getByRole('textbox', { name: text('fields.email'), exact: true })
      .fill(USER.email.toUpperCase());
    await choose(dialog().getByRole('combobox'), roleLabel('ROLE_CREDITOR-MANAGEMENT'));
    await dialog()
      .getByRole('button', { name: text('forms.createCompanyUser.submit'), exact: true })
      .click();
    await expect
      .poll(() => dialog().getByRole('alert').textContent(), slow)
      .toBe(text('settings.emailTaken'));
    expect(
      await dialog()
        .getByRole('textbox', { name: text('fields.email'), exact: true })
        .inputValue(),
    ).toBe(USER.email.toUpperCase());
    await dialog()
      .getByRole('button', { name: text('ui.form.cancel'), exact: true })
      .click();
    await expect.poll(() => dialog().count()).toBe(0);
  });

  it("changes the user's role in the prefilled dialog", async () => {
    await userRow()
      .getByRole('button', {
        name: text('settings.actions.editUser', 'SMAFA', { name: USER.name }),
        exact: true,
      })
      .click();
    const name = dialog().getByRole('textbox', {
      name: text('forms.editCompanyUser.fields.name'),
      exact: true,
    });
    await expect.poll(() => name.inputValue()).toBe(USER.name);
    const role = dialog().getByRole('combobox');
    await expect.poll(() => role.textContent()).toContain(roleLabel('ROLE_CREDITOR-OBSERVER'));
    await choose(role, roleLabel('ROLE_CREDITOR-ASSISTANT'));
    await dialog()
      .getByRole('button', { name: text('ui.form.submit'), exact: true })
      .click();
    await expect.poll(() => snackbar(text('settings.companyUserUpdated')).count(), slow).toBe(1);
    await expect.poll(() => userRow().textContent(), slow).toContain(roleLabel('ROLE_CREDITOR-ASSISTANT'));
  });

  it('offers no change or removal of the own access', async () => {
    const own = page.getByTestId('company-user-row').filter({ hasText: 'management@example.com' });
    expect(await own.getByRole('button').count()).toBe(0);
  });

  it('removes the user after a confirmation', async () => {
    await userRow()
      .getByRole('button', {
        name: text('settings.actions.deleteUser', 'SMAFA', { name: USER.name }),
        exact: true,
      })
      .click();
    await expect
      .poll(() => dialog().textContent())
      .toContain(text('messages.companyUsers.deleteConfirm', 'SMAFA', { name: USER.name }));
    await dialog()
      .getByRole('button', { name: text(commands.deleteCompanyUser.label), exact: true })
      .click();
    await expect.poll(() => snackbar(text('messages.companyUsers.deleted')).count(), slow).toBe(1);
    await expect.poll(() => userRow().count(), slow).toBe(0);
  });

  it('changes how often an address is reminded', async () => {
    await page.goto(`${portal.baseUrl}/settings?tab=emailNotifications`);
    const row = page.getByTestId('email-reminder-row').filter({ hasText: 'creditor@example.com' });
    await expect.poll(() => row.count(), slow).toBe(1);
    await row
      .getByRole('button', {
        name: text('settings.actions.editAddress', 'SMAFA', { email: 'creditor@example.com' }),
        exact: true,
      })
      .click();
    expect(
      await dialog()
        .getByRole('textbox', { name: text('fields.email'), exact: true })
        .inputValue(),
    ).toBe('creditor@example.com');
    await choose(dialog().getByRole('combobox'), enumLabel('reminderFrequency', 'three_monthly'));
    await dialog()
      .getByRole('button', { name: text('ui.form.submit'), exact: true })
      .click();
    await expect.poll(() => snackbar(text('settings.reminderSaved')).count(), slow).toBe(1);
    await expect
      .poll(() => row.textContent(), slow)
      .toContain(enumLabel('reminderFrequency', 'three_monthly'));
  });
});
