import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import { resources } from '../../generated/resources';
import { variants } from '../../generated/variants';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text, escapeRegExp } from './helpers/texts';

/**
 * The public onboarding on further variant hosts (issue 12 item 5): a product request on the SMAFA
 * host that the admins then find under "Produktanfragen", and full applications in SMAFA (factoring,
 * intermediary number and golden rules required), FAS (billing: no factoring fields, no golden
 * rules, the asset consultant fields blacklisted), APL (billing, intermediary number required) and
 * FW (factoring, asset consultant fields blacklisted), with axe on every step — with TPF in
 * onboarding.test.ts every product that sells through the onboarding. Hosts as in
 * onboarding.test.ts: `<code>.localhost` picks the variant.
 */
const PORT = 3530;
const slow = { timeout: 20_000 };

describe.skipIf(!chromiumAvailable())(
  'onboarding: request and applications on the SMAFA, FAS, APL and FW hosts',
  () => {
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
    beforeEach(async () => {
      page = await (await germanContext(browser)).newPage();
    });

    /** A field by its label: required ones carry "*", optional ones "(optional)". */
    const input = (key: string, role: 'textbox' | 'combobox' | 'checkbox' = 'textbox', product = 'SMAFA') =>
      page.getByRole(role, {
        name: new RegExp(`^${escapeRegExp(text(key, product))}(\\s*\\*|\\s*\\(optional\\))?$`),
      });
    const choose = async (key: string, option: string) => {
      await input(key, 'combobox').click();
      await page.getByRole('option', { name: option, exact: true }).click();
      // axe on the page, not on the choice list while it fades out
      await expect.poll(() => page.getByRole('listbox').count(), slow).toBe(0);
    };
    const next = () => page.getByRole('button', { name: text('pages.onboarding.next') }).click();
    const progress = () => page.getByTestId('onboarding-progress').textContent();
    const axeClean = async () => expect(await seriousA11yViolations(page)).toEqual([]);
    const host = (code: string) => `http://${variants[code].hosts[0]}:${portal.port}`;

    it('SMAFA: a product request is sent from the landing page and listed for the admins', async () => {
      await page.goto(`${host('SMAFA')}/onboarding`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent(), slow)
        .toBe(text('pages.onboarding.landingTitle', 'SMAFA', { productName: variants.SMAFA.productName }));
      await axeClean();
      await page.getByRole('link', { name: text('pages.onboarding.requestAction') }).click();
      await page.waitForURL('**/onboarding/request/smafa', slow);
      await expect.poll(() => input('fields.companyName').count(), slow).toBe(1);
      await axeClean();

      // all mistakes at once; the intermediary number is required in SMAFA and must have 6 digits
      const submit = page.getByRole('button', { name: text(forms.productRequest.submitLabel) });
      await input('fields.intermediaryNumber').fill('12345');
      // leaving the field shows its mistake (the layout moves): click only once it stands
      await input('fields.intermediaryNumber').press('Tab');
      await expect.poll(() => page.getByText(text('validation.intermediaryNumber')).count(), slow).toBe(1);
      await submit.click();
      // checked in the browser, every empty required field at once (not only the server's first refusal)
      await expect.poll(() => page.getByText(text('validation.required')).count(), slow).toBeGreaterThan(5);
      expect(await page.getByRole('status').count()).toBe(0);
      await axeClean();

      await input('fields.companyName').fill('Anfrage Browser GmbH');
      await choose('fields.legalFormKey', text('enums.legalForm.GMBH'));
      await choose('fields.salutation', 'Herr');
      await input('fields.firstName').fill('Bruno');
      await input('fields.lastName').fill('Browser');
      await input('fields.email').fill('bruno.browser@example.com');
      await input('fields.phone').fill('089 123456');
      await input('fields.zip').fill('80331');
      await input('fields.city').fill('München');
      await input('fields.turnover').fill('500.000,00');
      await input('fields.intermediaryNumber').fill('123456');
      await page.getByRole('textbox', { name: /^Ihre Nachricht/ }).fill('Bitte rufen Sie vormittags an.');
      await input('fields.privacyPolicyAccepted', 'checkbox').check();
      await submit.click();
      await expect
        .poll(() => page.getByRole('status').innerText(), slow)
        .toContain(text('pages.onboarding.requestDone'));
      await axeClean();

      // the admins find the lead under "Produktanfragen" with its details
      const admin = await (await germanContext(browser)).newPage();
      await admin.goto(`http://localhost:${portal.port}/login`);
      await admin.getByLabel(text('ra.auth.email')).fill('superadmin@example.com');
      await admin.getByLabel(text('ra.auth.password')).fill('Demo1234!');
      await admin.getByRole('button', { name: text('ra.auth.sign_in') }).click();
      await admin.waitForURL((url) => !url.pathname.endsWith('/login'), slow);
      await admin.goto(`http://localhost:${portal.port}${resources.productRequests.route.split('/:')[0]}`);
      const row = admin.getByRole('row', { name: /Anfrage Browser GmbH/ });
      await expect.poll(() => row.count(), slow).toBe(1);
      await row.click();
      await expect
        .poll(() => admin.getByText('Bitte rufen Sie vormittags an.').count(), slow)
        .toBeGreaterThan(0);
      expect(await admin.getByText('bruno.browser@example.com').count()).toBeGreaterThan(0);
      expect(await seriousA11yViolations(admin)).toEqual([]);
    });

    /** Steps 1–3 of an application with the values every product asks. */
    async function companyLegalSepa(product: string, email: string, company: string) {
      await page.goto(`${host(product)}/onboarding`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent(), slow)
        .toBe(text('pages.onboarding.landingTitle', product, { productName: variants[product].productName }));
      await axeClean();
      await page.getByRole('link', { name: text('pages.onboarding.applyAction') }).click();
      await page.waitForURL(`**/onboarding/register/${product.toLowerCase()}`, slow);
      await expect.poll(progress, slow).toBe('Schritt 1 von 5');
      await axeClean();
      await input('fields.companyName').fill(company);
      await choose('fields.salutation', 'Frau');
      await input('fields.firstName').fill('Greta');
      await input('fields.lastName').fill('Gründer');
      await input('fields.foundingDate').fill('01.03.2019');
      await input('fields.foundingDate').press('Tab');
      await input('fields.turnover').fill('3.000.000,00');
      await input('fields.streetAndHouse').fill('Lindenallee 12');
      await input('fields.zip').fill('50667');
      await input('fields.city').fill('Köln');
      await input('fields.phone').fill('0221 445566');
      await input('fields.email').fill(email);
    }

    async function legalAndSepa() {
      await next();
      await expect.poll(progress, slow).toBe('Schritt 2 von 5');
      await choose('fields.legalFormKey', text('enums.legalForm.GMBH'));
      await axeClean();
      await next();
      await expect.poll(progress, slow).toBe('Schritt 3 von 5');
      await input('fields.sepaAccountOwner').fill('Greta Gründer');
      await input('fields.sepaIban').fill('DE89 3704 0044 0532 0130 00');
      await input('fields.sepaCity').fill('Köln');
      await input('fields.sepaDate').fill('02.01.2026');
      await input('fields.sepaDate').press('Tab');
      await input('fields.sepaMandateAvailable', 'checkbox').check();
      await axeClean();
      await next();
      await expect.poll(progress, slow).toBe('Schritt 4 von 5');
    }

    /** The error texts shown at a field (rjsf's list `<field id>__error` under it), null without the field. */
    const fieldErrors = async (key: string) =>
      (await input(key).count()) === 0
        ? null
        : input(key).evaluate((el) => document.getElementById(`${el.id}__error`)?.textContent ?? '');
    /** "Weiter" with this intermediary number: step 4 stays and says at the field what is wrong (and that only). */
    const refusedAtStep4 = async (value: string) => {
      await input('fields.intermediaryNumber').fill(value);
      await next();
      const message = text(value ? 'validation.intermediaryNumber' : 'validation.required');
      const shown = async () => ({
        step: await progress(),
        error: await fieldErrors('fields.intermediaryNumber'),
      });
      await expect.poll(shown, slow).toEqual({ step: 'Schritt 4 von 5', error: message });
      expect(await page.getByRole('alert').first().textContent()).toMatch(/markierten Felder \(1\)/);
    };

    const send = async (email: string) => {
      await page.getByRole('button', { name: text(forms.productApplication.submitLabel) }).click();
      await expect.poll(() => page.getByRole('status').innerText(), slow).toContain(email);
      await axeClean();
    };

    it('SMAFA: a full application — factoring fields, intermediary number and the golden rules', async () => {
      const email = 'greta.smafa@example.com';
      await companyLegalSepa('SMAFA', email, 'Gründer Factoring GmbH');
      await input('fields.factorableTurnover').fill('99.999,99');
      await next();
      // below the factorable turnover's minimum: the step stays, with the rule's text
      await expect
        .poll(async () => (await page.locator('main').innerText()).includes('100.000,00'), slow)
        .toBe(true);
      expect(await progress()).toBe('Schritt 1 von 5');
      await axeClean();
      await input('fields.factorableTurnover').fill('1.000.000,00');
      await input('fields.factorableTurnover').press('Tab');
      await expect
        .poll(async () => (await page.locator('main').innerText()).includes('100.000,00'), slow)
        .toBe(false);
      await legalAndSepa();
      // SMAFA requires the intermediary number (marked "*")
      expect(await page.getByRole('textbox', { name: /^Vermittlernummer\s*\*/ }).count()).toBe(1);
      await refusedAtStep4('');
      await input('fields.intermediaryNumber').fill('654321');
      await input('fields.intermediaryAssetConsultantName').fill('Vera Vermittler');
      await axeClean();
      await next();
      await expect.poll(progress, slow).toBe('Schritt 5 von 5');
      await expect.poll(() => page.getByText(text('pages.onboarding.conditions')).count(), slow).toBe(1);
      await input('fields.factoringRulesRead', 'checkbox').check();
      await input('fields.privacyPolicyAccepted', 'checkbox').check();
      await axeClean();
      await send(email);
    });

    it('FAS (billing): no factoring fields, golden rules or asset consultant fields — the application goes through', async () => {
      const email = 'greta.fas@example.com';
      await companyLegalSepa('FAS', email, 'Gründer Abrechnung GmbH');
      for (const key of ['fields.factorableTurnover', 'fields.creditorLimit'])
        expect(await input(key).count(), key).toBe(0);
      expect(await input('fields.automaticallyCalculateCreditorLimit', 'checkbox').count()).toBe(0);
      await legalAndSepa();
      // blacklisted in FAS (filled with the product type by the server); the intermediary number is optional
      expect(await input('fields.intermediaryAssetConsultantName').count()).toBe(0);
      expect(await input('fields.assetConsultantNumber').count()).toBe(0);
      // optional here, but if given it has 6 digits; left empty the step goes on
      await refusedAtStep4('12345');
      await input('fields.intermediaryNumber').fill('');
      await axeClean();
      await next();
      await expect.poll(progress, slow).toBe('Schritt 5 von 5');
      expect(await input('fields.factoringRulesRead', 'checkbox').count()).toBe(0);
      await input('fields.privacyPolicyAccepted', 'checkbox').check();
      await axeClean();
      await send(email);
    });

    it('APL (billing through the partner): no factoring fields, the intermediary number required', async () => {
      const email = 'greta.apl@example.com';
      await companyLegalSepa('APL', email, 'Gründer Partnerabrechnung GmbH');
      expect(await input('fields.factorableTurnover', 'textbox', 'APL').count()).toBe(0);
      await legalAndSepa();
      expect(await page.getByRole('textbox', { name: /^Vermittlernummer\s*\*/ }).count()).toBe(1);
      // an empty or a five-digit number keeps the step and says why at the field
      await refusedAtStep4('');
      await refusedAtStep4('12345');
      await input('fields.intermediaryNumber').fill('246810');
      await next();
      await expect.poll(progress, slow).toBe('Schritt 5 von 5');
      expect(await input('fields.factoringRulesRead', 'checkbox').count()).toBe(0);
      await input('fields.privacyPolicyAccepted', 'checkbox').check();
      await axeClean();
      await send(email);
    });

    it('FW (the provider\'s own factoring): factoring fields and golden rules, no asset consultant fields', async () => {
      const email = 'greta.fw@example.com';
      await companyLegalSepa('FW', email, 'Gründer Eigenmarke GmbH');
      await input('fields.factorableTurnover').fill('1.000.000,00');
      await legalAndSepa();
      expect(await input('fields.intermediaryAssetConsultantName').count()).toBe(0);
      expect(await input('fields.assetConsultantNumber').count()).toBe(0);
      await next();
      await expect.poll(progress, slow).toBe('Schritt 5 von 5');
      await input('fields.factoringRulesRead', 'checkbox').check();
      await input('fields.privacyPolicyAccepted', 'checkbox').check();
      await axeClean();
      await send(email);
    });
  },
);
