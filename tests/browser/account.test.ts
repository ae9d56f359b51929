import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import { parseEml } from '../../src/server/adapters/mail/testing/read-eml';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/**
 * The first minutes of a user's life with the portal (issue 10, items 1–3): `optin@` reads and
 * accepts the terms and reaches the dashboard; `pwchange@` must change the password first; a user
 * who forgot the password asks for the link on the login page, opens it from the mail (read from
 * the file outbox) and logs in with the new password. Asserts what the user sees.
 */
const PORT = 3451;
const NEW_PASSWORD = 'Sommer-2031!';
const slow = { timeout: 20_000 };

describe.skipIf(!chromiumAvailable())(
  'own account: opt-in, forced password change, forgotten password',
  () => {
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
    const field = (label: string) => dialog().getByRole('textbox', { name: label, exact: true });
    const snackbar = (message: string) => page.locator('.MuiSnackbar-root').filter({ hasText: message });
    const login = async (email: string, password = 'Demo1234!') => {
      await logout();
      await page.goto(`${portal.baseUrl}/login`);
      await page.getByLabel(text('ra.auth.email')).fill(email);
      await page.getByLabel(text('ra.auth.password')).fill(password);
      await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    };
    const logout = async () => {
      if (page.url().startsWith(portal.baseUrl)) await page.evaluate(() => localStorage.clear());
    };

    it('optin@ downloads a document, accepts the terms and reaches the dashboard', async () => {
      await login('optin@example.com');
      await page.waitForURL('**/opt-in');
      const documents = page.getByTestId('opt-in-document');
      await expect.poll(() => documents.count(), slow).toBe(4);
      // every document can be downloaded as PDF
      const name = text('enums.termsDocumentType.termsAndConditions');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByRole('button', { name: `${name} ${text('account.download')}` })
          .first()
          .click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      // the page without header and sidebar still offers logout
      expect(await page.getByRole('button', { name: text('account.logout') }).count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole('button', { name: text('forms.acceptTerms.title'), exact: true }).click();
      const accept = dialog().getByRole('button', { name: text(forms.acceptTerms.submitLabel), exact: true });
      await dialog()
        .getByRole('checkbox', { name: text('forms.acceptTerms.fields.acceptAll') })
        .check();
      await accept.click();
      await page.waitForURL(`${portal.baseUrl}/`, slow);
      await expect.poll(() => snackbar(text('messages.entryChecks.optInAccepted')).count(), slow).toBe(1);
      await logout();
    });

    it('pwchange@ is sent to the password change, changes it and reaches the dashboard', async () => {
      await login('pwchange@example.com');
      await page.waitForURL('**/update-password', slow);
      await expect
        .poll(() => dialog().getByRole('heading').first().textContent(), slow)
        .toBe(text('forms.updatePassword.title'));
      await field(text('fields.oldPassword')).fill('Demo1234!');
      await field(text('fields.password')).fill('Demo1234!');
      await field(text('fields.passwordRepeat')).fill('Demo1234!');
      await dialog()
        .getByRole('button', { name: text(forms.updatePassword.submitLabel), exact: true })
        .click();
      // the same password is refused at the field, and the user stays
      await expect
        .poll(async () => (await dialog().allInnerTexts()).join('\n'), slow)
        .toContain(text('validation.passwordEqualsOld'));
      await field(text('fields.password')).fill(NEW_PASSWORD);
      await field(text('fields.passwordRepeat')).fill(NEW_PASSWORD);
      await dialog()
        .getByRole('button', { name: text(forms.updatePassword.submitLabel), exact: true })
        .click();
      await page.waitForURL(`${portal.baseUrl}/`, slow);
      await expect.poll(() => snackbar(text('account.passwordChanged')).count(), slow).toBe(1);

      await logout();
      await login('pwchange@example.com', NEW_PASSWORD);
      await page.waitForURL(`${portal.baseUrl}/`, slow);
      await logout();
    });

    it('contactcheck@ confirms the master data and reaches the dashboard', async () => {
      await login('contactcheck@example.com');
      await page.waitForURL('**/check-contact-information', slow);
      await page
        .getByRole('button', { name: text('enums.contactInformationAction.confirm'), exact: true })
        .click();
      await page.waitForURL(`${portal.baseUrl}/`, slow);
    });

    it('logs out through the user menu, and the server no longer takes the refresh token of the session', async () => {
      await login('optin@example.com');
      await page.waitForURL(`${portal.baseUrl}/`, slow);
      const refreshToken = await page.evaluate(() => localStorage.getItem('kontor.refreshToken'));
      expect(refreshToken).toBeTruthy();
      await page.getByRole('button', { name: text('ra.auth.user_menu') }).click();
      await page.getByRole('menuitem', { name: text('ra.auth.logout') }).click();
      await page.waitForURL('**/login', slow);
      const refreshed = await fetch(`${portal.baseUrl}/api/token/refresh`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      expect(refreshed.status).toBe(401);
    });

    /** The newest mail to `recipient` in the file outbox (the server's worker sends every few seconds). */
    const mailTo = async (recipient: string) => {
      const files = await readdir(portal.outboxDir).catch(() => [] as string[]);
      const mails = await Promise.all(
        files.sort().map(async (f) => parseEml(await readFile(path.join(portal.outboxDir, f), 'utf8'))),
      );
      return mails.filter((mail) => mail.headers.to === recipient).at(-1);
    };

    it('resets a forgotten password from the login page through the mailed link to a login', async () => {
      await page.goto(`${portal.baseUrl}/login`);
      await page.getByRole('button', { name: text('account.forgotPassword') }).click();
      await field(text('fields.email')).fill('observer@example.com');
      await dialog()
        .getByRole('button', { name: text(forms.passwordResetRequest.submitLabel), exact: true })
        .click();
      await expect.poll(() => snackbar(text('account.passwordResetRequested')).count(), slow).toBe(1);

      await expect
        .poll(async () => (await mailTo('observer@example.com'))?.text ?? '', { timeout: 30_000 })
        .toMatch(/reset-password/);
      const mail = await mailTo('observer@example.com');
      const link = mail!.text.match(/\/login\/\d+\/reset-password\/[\w-]+/)![0];

      await page.goto(`${portal.baseUrl}${link}`);
      await expect
        .poll(() => dialog().getByRole('heading').first().textContent(), slow)
        .toBe(text('forms.passwordReset.title'));
      expect((await seriousA11yViolations(page)).join('\n')).toBe('');
      await field(text('fields.password')).fill(NEW_PASSWORD);
      await field(text('fields.passwordRepeat')).fill(NEW_PASSWORD);
      await dialog()
        .getByRole('button', { name: text(forms.passwordReset.submitLabel), exact: true })
        .click();
      await page.waitForURL('**/login', slow);
      await expect.poll(() => snackbar(text('account.passwordResetDone')).count(), slow).toBe(1);

      await login('observer@example.com', NEW_PASSWORD);
      await page.waitForURL(`${portal.baseUrl}/`, slow);
      await logout();

      // the link works once: opened again, it says so
      await page.goto(`${portal.baseUrl}${link}`);
      await field(text('fields.password')).fill('Winter-2032!');
      await field(text('fields.passwordRepeat')).fill('Winter-2032!');
      await dialog()
        .getByRole('button', { name: text(forms.passwordReset.submitLabel), exact: true })
        .click();
      await expect
        .poll(async () => (await dialog().allInnerTexts()).join('\n'), slow)
        .toContain(text('validation.resetRequestExpired'));
    });
  },
);
