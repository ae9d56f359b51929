import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import { variants } from '../../generated/variants';
import { parseEml } from '../../src/server/adapters/mail/testing/read-eml';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text, escapeRegExp } from './helpers/texts';

/**
 * The public onboarding (issue 12): a visitor on the freight host (tpf.localhost) finds the
 * product's landing page, fills the application step by step (all errors of a step at once, the
 * draft survives a reload), sends it, and the new main user sets the password from the
 * registration mail (read from the file outbox) and logs in. Portal-only hosts go to the login.
 */
const PORT = 3430;
const PASSWORD = 'Fracht-2031!';
const slow = { timeout: 20_000 };

describe.skipIf(!chromiumAvailable())('onboarding: product application on a variant host', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ensureClientBuilt();
    portal = await startPortal(PORT);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  /** A field by its label; required ones carry "*", optional ones "(optional)". */
  const input = (key: string, role: 'textbox' | 'combobox' | 'checkbox' = 'textbox') =>
    page.getByRole(role, { name: new RegExp(`^${escapeRegExp(text(key))}(\\s*\\*)?$`) });
  const next = () => page.getByRole('button', { name: text('pages.onboarding.next') }).click();
  const progress = () => page.getByTestId('onboarding-progress').textContent();
  const mailTo = async (recipient: string) => {
    const files = await readdir(portal.outboxDir).catch(() => [] as string[]);
    const mails = await Promise.all(
      files.sort().map(async (f) => parseEml(await readFile(path.join(portal.outboxDir, f), 'utf8'))),
    );
    return mails.filter((mail) => mail.headers.to === recipient).at(-1);
  };

  // every journey is a new visitor: a fresh browser context
  beforeEach(async () => {
    page = await (await germanContext(browser)).newPage();
  });

  it('sends a portal-only host to the login and an unknown product to the landing page', async () => {
    await page.goto(`http://${variants.DAA.hosts[0]}:${portal.port}/onboarding`);
    await page.waitForURL('**/login', slow);
    await page.goto(`http://${variants.TPF.hosts[0]}:${portal.port}/onboarding/register/unbekannt`);
    await page.waitForURL(/\/onboarding$/, slow);
  });

  it('TPF: a visitor applies in five steps and the main user logs in from the registration mail', async () => {
    const tpf = variants.TPF;
    const email = 'fracht.antrag@example.com';
    await page.goto(`http://${tpf.hosts[0]}:${portal.port}/onboarding`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), slow)
      .toBe(text('pages.onboarding.landingTitle', 'TPF', { productName: tpf.productName }));
    expect(await page.getByRole('img', { name: tpf.productName }).count()).toBeGreaterThan(0);
    // the public pages name the provider: imprint and privacy policy of the product (issue 28)
    for (const [key, href] of [
      ['pages.onboarding.imprint', tpf.links.imprint],
      ['pages.onboarding.privacy', tpf.links.privacy],
    ]) {
      expect(await page.getByRole('contentinfo').getByRole('link', { name: text(key, 'TPF'), exact: true }).getAttribute('href')).toBe(href);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    // an empty step shows all its errors at once — even for a "Weiter" in the very task the step first
    // shows in, before the navigation's (transition) renders have settled: a race once seen on CI
    await page.evaluate((label) => {
      const watch = new MutationObserver(() => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label);
        if (!button) return;
        watch.disconnect();
        button.click();
      });
      watch.observe(document.body, { childList: true, subtree: true });
    }, text('pages.onboarding.next'));
    await page.getByRole('link', { name: text('pages.onboarding.applyAction') }).click();
    await page.waitForURL('**/onboarding/register/tpf', slow);
    await expect.poll(progress, slow).toBe('Schritt 1 von 5');
    await expect
      .poll(() => page.getByRole('alert').first().textContent(), slow)
      .toMatch(/markierten Felder \(\d+\)/);
    // what the step shows, so a failure says what was there instead
    const shownErrors = async () => ({
      required: await page.getByText(text('validation.required')).count(),
      errors: await page.locator('.Mui-error').allInnerTexts(),
      progress: await progress(),
      url: page.url(),
    });
    await expect.poll(shownErrors, slow).toSatisfy((shown: { required: number }) => shown.required > 5);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // a required field's label shows one "*" (issue 28: "Firmenname * *")
    const labels = await page.locator('main label').allInnerTexts();
    expect(labels).toContain(`${text('fields.companyName', 'TPF')} *`);
    expect(labels.filter((label) => /\*\s*\*/.test(label))).toEqual([]);
    // a field the step shows only now (the limit, once not calculated) is marked too, and the others stay
    const marked = (await shownErrors()).required;
    await input('fields.automaticallyCalculateCreditorLimit', 'checkbox').uncheck();
    await expect.poll(shownErrors, slow).toSatisfy((shown: { required: number }) => shown.required === marked + 1);
    expect(await page.getByRole('alert').first().textContent()).toContain(`(${marked + 1})`);

    await input('fields.companyName').fill('Fracht Antrag GmbH');
    await input('fields.salutation', 'combobox').click();
    await page.getByRole('option', { name: 'Frau', exact: true }).click();
    await input('fields.firstName').fill('Frieda');
    await input('fields.lastName').fill('Fracht');
    await input('fields.foundingDate').fill('01.05.2018');
    await input('fields.foundingDate').press('Tab');
    await input('fields.turnover').fill('2.000.000,00');
    await input('fields.factorableTurnover').fill('1.000.000,00');
    // the freight variant's limit is at most 150.000,00 €
    await input('fields.automaticallyCalculateCreditorLimit', 'checkbox').uncheck();
    await input('fields.creditorLimit').fill('150.000,01');
    await input('fields.streetAndHouse').fill('Hafenstraße 7');
    await input('fields.zip').fill('20457');
    await input('fields.city').fill('Hamburg');
    await input('fields.phone').fill('040 987654');
    await input('fields.email').fill(email);
    await next();
    await expect
      .poll(async () => (await page.locator('main').innerText()).includes('150.000,00'), slow)
      .toBe(true);
    expect(await progress()).toBe('Schritt 1 von 5');
    await input('fields.creditorLimit').fill('150.000,00');
    await next();
    await expect.poll(progress, slow).toBe('Schritt 2 von 5');

    // the draft is kept in the tab: a reload keeps step and values
    await page.reload();
    await expect.poll(progress, slow).toBe('Schritt 2 von 5');
    await input('fields.legalFormKey', 'combobox').click();
    await page.getByRole('option', { name: text('enums.legalForm.GMBH'), exact: true }).click();
    // axe on the page, not on the choice list while it fades out (half-transparent options)
    await expect.poll(() => page.getByRole('listbox').count(), slow).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await next();
    await expect.poll(progress, slow).toBe('Schritt 3 von 5');
    await page.getByRole('button', { name: text('pages.onboarding.back') }).click();
    await expect.poll(progress, slow).toBe('Schritt 2 von 5');
    await next();
    await expect.poll(progress, slow).toBe('Schritt 3 von 5');

    await input('fields.sepaAccountOwner').fill('Fracht Antrag GmbH');
    await input('fields.sepaIban').fill('DE89 3704 0044 0532 0130 00');
    await input('fields.sepaCity').fill('Hamburg');
    await input('fields.sepaDate').fill('02.01.2026');
    await input('fields.sepaDate').press('Tab');
    await input('fields.sepaMandateAvailable', 'checkbox').check();
    await next();
    await expect.poll(progress, slow).toBe('Schritt 4 von 5');
    await next();
    await expect.poll(progress, slow).toBe('Schritt 5 von 5');
    await expect.poll(() => page.getByText(text('pages.onboarding.conditions')).count(), slow).toBe(1);
    // the documents the checkboxes confirm are linked above them and open (issue 28)
    const documents = page.getByRole('list', { name: text('pages.onboarding.documents', 'TPF') });
    expect(await documents.getByRole('link', { name: text('pages.onboarding.privacyDocument', 'TPF') }).getAttribute('href')).toBe(tpf.links.privacy);
    const rules = await documents.getByRole('link', { name: text('pages.onboarding.factoringRulesDocument', 'TPF') }).getAttribute('href');
    // fetched by the page: Node does not resolve tpf.localhost, Chromium does
    const rulesPage = await page.evaluate(async (href) => {
      const response = await fetch(href);
      return { status: response.status, body: await response.text() };
    }, new URL(rules!, page.url()).href);
    expect(rulesPage.status).toBe(200);
    expect(rulesPage.body).toContain(text('pages.onboarding.factoringRulesDocument', 'TPF'));
    await input('fields.factoringRulesRead', 'checkbox').check();
    await input('fields.privacyPolicyAccepted', 'checkbox').check();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: text(forms.productApplication.submitLabel) }).click();
    await expect.poll(() => page.getByRole('status').innerText(), slow).toContain(email);

    // the registration mail's link sets the password; the main user logs in (first: the terms)
    await expect
      .poll(async () => (await mailTo(email))?.text ?? '', { timeout: 30_000 })
      .toMatch(/set-password/);
    // the mail's link as it stands opens the product's portal (issue 28: it was https://tpf.localhost/…)
    const link = (await mailTo(email))!.text.match(/\S+\/set-password\/[\w-]+/)![0];
    expect(link).toMatch(new RegExp(`^http://${escapeRegExp(tpf.hosts[0])}:${portal.port}/set-password/`));
    await page.goto(link);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: text('fields.password'), exact: true }).fill(PASSWORD);
    await dialog.getByRole('textbox', { name: text('fields.passwordRepeat'), exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: text(forms.acceptInvitation.submitLabel), exact: true }).click();
    await page.waitForURL('**/login', slow);
    await page.getByLabel(text('ra.auth.email')).fill(email);
    await page.getByLabel(text('ra.auth.password')).fill(PASSWORD);
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL('**/opt-in', slow);
  });
});
