import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import { resources } from '../../generated/resources';
import { variants } from '../../generated/variants';
import { navEntry, UPLOAD_KEY } from '../../src/client/layout/navigation';
import { parseEml } from '../../src/server/adapters/mail/testing/read-eml';
import { seriousA11yViolations } from './helpers/axe';
import { actionTiles } from './helpers/action-tiles';
import { chromiumAvailable, launchChromium, LOGIN_WAIT } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';
import { buildPdf } from '../../src/server/einvoice/testing/build-pdf';

/**
 * Journeys a new user took in the browser and where they ended (issue 28): each one from where the
 * user starts (a mail in the file outbox, a list, a detail) to where they wanted to go, in SMAFA and
 * TPF, on a desktop (1440×900) and a phone (390×844). One server for every journey of the file.
 */
const PORT = 3476;
const PASSWORD = 'Herbst-2031!';
const slow = { timeout: 20_000 };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(!chromiumAvailable())('journeys that end where the user wanted to go', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    ensureClientBuilt();
    portal = await startPortal(PORT);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  /** a German browser context of a size, on the page's host (tpf.localhost for TPF) */
  const newPage = async (viewport: {
    width: number;
    height: number;
  }): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport });
    await context.addInitScript(() => {
      if (localStorage.getItem('kontor.cookiesAccepted') === null)
        localStorage.setItem('kontor.cookiesAccepted', 'false');
    });
    return { context, page: await context.newPage() };
  };
  const api = async (user: string, url: string, body?: unknown): Promise<{ status: number; body: any }> => {
    tokens[user] ??= await fetch(`${portal.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: user, password: 'Demo1234!' }),
    }).then(async (response) => (await response.json()).token);
    const response = await fetch(`${portal.baseUrl}/api${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens[user]}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
  /** the only link of the last mail to `recipient` that the outbox wrote (waits for the mail worker) */
  const mailedLink = async (recipient: string, pattern: RegExp): Promise<string> => {
    let link = '';
    await expect
      .poll(
        async () => {
          const files = await readdir(portal.outboxDir).catch(() => [] as string[]);
          const mails = await Promise.all(
            files.sort().map(async (f) => parseEml(await readFile(path.join(portal.outboxDir, f), 'utf8'))),
          );
          const text = mails.filter((mail) => mail.headers.to === recipient).at(-1)?.text ?? '';
          link = text.match(/https?:\/\/\S+/g)?.find((url) => pattern.test(url)) ?? '';
          return link;
        },
        { timeout: 30_000 },
      )
      .toMatch(pattern);
    return link;
  };

  /** logs a demo user in on the page's portal */
  const logIn = async (page: Page, login: string, base = portal.baseUrl) => {
    await page.goto(`${base}/login`);
    await page.getByLabel(text('ra.auth.email')).fill(login);
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), LOGIN_WAIT);
  };

  it('an admin registers a creditor: the fee model is a picker with the product’s default, a refusal shows at its field (item 5)', {
    timeout: 180_000,
  }, async () => {
    // (the whole registration twice, laptop and phone: over a minute beside CI's other lanes)
    const form = forms.createCreditor;
    const label = (field: string) =>
      text((form.uiSchema as Record<string, { 'ui:title': string }>)[field]['ui:title']);
    for (const [viewport, company] of [
      [DESKTOP, 'Journey Laptop GmbH'],
      [PHONE, 'Journey Phone GmbH'],
    ] as const) {
      const { context, page } = await newPage(viewport);
      await logIn(page, 'superadmin@example.com');
      await page.goto(`${portal.baseUrl}/creditors`);
      await page.getByRole('button', { name: text(form.label), exact: true }).click();
      const dialog = page.getByRole('dialog');
      const box = (field: string, role: 'textbox' | 'combobox' | 'checkbox' = 'textbox') =>
        dialog.getByRole(role, { name: label(field), exact: true });
      const choose = async (field: string, option: string) => {
        await box(field, 'combobox').click();
        await page.getByRole('option', { name: option, exact: true }).click();
      };
      const matrix = box('serviceFeeMatrixIdentifier', 'combobox');
      await expect.poll(() => matrix.isDisabled(), slow).toBe(true);
      // the product's default fee model is chosen with the product, and follows it
      const defaults = (await api('superadmin@example.com', '/creditor-service-fee/sap-matrix/list'))
        .body as {
        name: string;
        sapIdentifier: string;
        productType: string;
        isDefault: boolean;
      }[];
      const defaultOf = (product: string) => {
        const entry = defaults.find((e) => e.productType === product && e.isDefault)!;
        return `${entry.name} (${entry.sapIdentifier})`;
      };
      await choose('productType', text('enums.productType.TPF'));
      await expect.poll(() => matrix.inputValue(), slow).toBe(defaultOf('TPF'));
      await choose('productType', text('enums.productType.SMAFA'));
      await expect.poll(() => matrix.inputValue(), slow).toBe(defaultOf('SMAFA'));
      await matrix.click();
      expect(await page.getByRole('option').count()).toBe(
        defaults.filter((e) => e.productType === 'SMAFA').length,
      );
      await page.keyboard.press('Escape');

      await box('companyName').fill(company);
      await choose('salutation', text('enums.salutation.Frau'));
      await box('firstName').fill('Jana');
      await box('lastName').fill('Journey');
      await box('foundingDate').fill('01.05.2018');
      await box('turnover').fill('2.000.000,00');
      await box('factorableTurnover').fill('1.000.000,00');
      await box('streetAndHouse').fill('Hafenstraße 7');
      await box('zip').fill('20457');
      await box('city').fill('Hamburg');
      await box('phone').fill('040 987654');
      await box('email').fill('creditor@example.com');
      await choose('legalFormKey', text('enums.legalForm.GMBH'));
      await box('sepaAccountOwner').fill(company);
      await box('sepaIban').fill('DE89 3704 0044 0532 0130 00');
      await box('sepaCity').fill('Hamburg');
      await box('sepaDate').fill('02.01.2026');
      await box('sepaMandateAvailable', 'checkbox').check();
      await box('intermediaryNumber').fill('123456');
      await box('privacyPolicyAccepted', 'checkbox').check();
      await box('contractDate').fill('01.12.2026');
      await choose('setupFee', text('enums.setupFee.0'));
      await dialog.getByRole('button', { name: text(form.submitLabel), exact: true }).click();
      // the e-mail already has a login: said at the field, which is scrolled to and focused, not at the dialog's top
      const email = box('email');
      await expect.poll(() => email.getAttribute('aria-invalid'), slow).toBe('true');
      expect(await dialog.getByText(text('validation.emailTaken')).first().isVisible()).toBe(true);
      expect(
        await dialog
          .getByRole('alert')
          .filter({ hasText: text('validation.emailTaken') })
          .count(),
      ).toBe(0);
      await expect.poll(() => email.evaluate((input) => input === document.activeElement), slow).toBe(true);
      const inView = await email.evaluate((input) => {
        const rect = input.getBoundingClientRect();
        return rect.top >= 0 && rect.bottom <= window.innerHeight;
      });
      expect(inView).toBe(true);
      const address = `${company.split(' ')[1].toLowerCase()}.journey@example.com`;
      await email.fill(address);
      await dialog.getByRole('button', { name: text(form.submitLabel), exact: true }).click();
      await expect.poll(() => dialog.count(), slow).toBe(0);
      await context.close();
    }
  });

  it('a blocked and a terminated creditor see upload and "Kunden anlegen" switched off with the reason (item 7)', async () => {
    for (const [login, status, viewport] of [
      ['blocked@example.com', 'blocked', DESKTOP],
      ['terminated@example.com', 'terminated', PHONE],
    ] as const) {
      const { context, page } = await newPage(viewport);
      await logIn(page, login);
      await page.goto(`${portal.baseUrl}/debtors`);
      const reason = text(`messages.creditorStatus.lockedReason.${status}`);
      const create = page.getByRole('button', { name: text(forms.createDebtor.label), exact: true });
      await expect.poll(() => create.count(), slow).toBe(1);
      expect(await create.isDisabled()).toBe(true);
      expect(await page.getByText(reason).first().isVisible()).toBe(true);
      if (viewport === PHONE) await page.getByRole('button', { name: text('ra.action.open_menu') }).click();
      const upload = page.getByRole('menuitem').filter({ hasText: text(navEntry(UPLOAD_KEY).label) });
      await expect.poll(() => upload.getAttribute('aria-disabled'), slow).toBe('true');
      expect(await upload.textContent()).toContain(reason);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it('the public pages link the product’s imprint and privacy policy, on a phone too (item 8)', async () => {
    for (const [code, origin, viewport] of [
      ['SMAFA', () => portal.baseUrl, PHONE],
      ['TPF', () => `http://tpf.localhost:${portal.port}`, DESKTOP],
    ] as const) {
      const { context, page } = await newPage(viewport);
      await page.goto(`${origin()}/onboarding`);
      const footer = page.getByRole('contentinfo');
      for (const [key, href] of [
        ['pages.onboarding.imprint', variants[code].links.imprint],
        ['pages.onboarding.privacy', variants[code].links.privacy],
      ]) {
        const link = footer.getByRole('link', { name: text(key, code), exact: true });
        await expect.poll(() => link.getAttribute('href'), slow).toBe(href);
        expect(await link.isVisible()).toBe(true);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it('deleting an unprocessed upload closes its detail instead of leaving "nicht gefunden" open (item 6)', async () => {
    // two uploads of its own, in their editing pause (3 minutes): the demo data's unprocessed
    // uploads may have left their pause by the time this runs (their processing starts, no delete)
    await api('creditor@example.com', '/user-management/user/current');
    const form = new FormData();
    form.set('voucherType', 'invoice');
    form.set('deliveryType', 'post');
    for (const name of ['Rechnung-Loeschen-1.pdf', 'Rechnung-Loeschen-2.pdf'])
      form.append('invoiceFiles', new Blob([new Uint8Array(buildPdf())], { type: 'application/pdf' }), name);
    const uploaded = await fetch(`${portal.baseUrl}/api/voucher/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens['creditor@example.com']}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const deletable = ((await uploaded.json()) as { voucherIds: number[] }).voucherIds;
    expect(deletable.length, 'two uploads').toBe(2);
    for (const [viewport, id] of [
      [DESKTOP, deletable[0]],
      [PHONE, deletable[1]],
    ] as const) {
      const { context, page } = await newPage(viewport);
      await logIn(page, 'creditor@example.com');
      await page.goto(`${portal.baseUrl}/unprocessed/${id}`);
      const detail = page.getByTestId('resource-detail');
      const cancel = resources.unprocessed.detail.actions.find((action) => action.key === 'cancel')!;
      await actionTiles(detail, text('ui.actions.showMore')).open(text(cancel.label));
      await page.getByRole('dialog').getByRole('button').last().click();
      await expect.poll(() => detail.count(), slow).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/unprocessed');
      expect(await page.getByText(text('ui.detail.notFound')).count()).toBe(0);
      expect((await api('creditor@example.com', `/unprocessed-voucher/show/${id}`)).status).toBe(404);
      await context.close();
    }
  });

  describe('a mailed link opens the product’s portal and lets the user in (items 1, 2)', () => {
    /**
     * Opens the mailed link like the recipient, leaves the page alone for well over the ~9 s after
     * which it used to go to /login (the page's clock moved on), sets the password and logs in.
     */
    const setPasswordThroughLink = async (
      link: string,
      form: 'acceptInvitation' | 'passwordReset',
      login: string,
      viewport: { width: number; height: number },
    ) => {
      const { context, page } = await newPage(viewport);
      const sessionChecks: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/user-management/user/current')) sessionChecks.push(request.url());
      });
      await page.clock.install();
      await page.goto(link);
      const dialog = page.getByRole('dialog');
      await expect
        .poll(() => dialog.getByRole('heading').first().textContent(), slow)
        .toBe(text(`forms.${form}.title`));
      for (let i = 0; i < 4; i++) {
        await page.clock.fastForward(5_000);
        await page.waitForLoadState('networkidle');
      }
      expect(page.url()).toBe(link);
      expect(sessionChecks).toEqual([]);
      await dialog.getByRole('textbox', { name: text('fields.password'), exact: true }).fill(PASSWORD);
      await dialog.getByRole('textbox', { name: text('fields.passwordRepeat'), exact: true }).fill(PASSWORD);
      await dialog.getByRole('button', { name: text(forms[form].submitLabel), exact: true }).click();
      await page.waitForURL('**/login', slow);
      await page.getByLabel(text('ra.auth.email')).fill(login);
      await page.getByLabel(text('ra.auth.password')).fill(PASSWORD);
      await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
      await page.waitForURL(`${new URL(link).origin}/`, slow);
      await context.close();
    };
    const smafa = () => portal.baseUrl;
    const tpf = () => `http://tpf.localhost:${portal.port}`;

    it('SMAFA: a company user’s invitation (desktop) and a forgotten password (phone)', async () => {
      const invited = await api(
        'management@example.com',
        '/user-management/command/register-creditor-company-user',
        {
          name: 'Jana Journey',
          email: 'jana.journey@example.com',
          role: 'creditor-assistant',
        },
      );
      expect(invited.status, JSON.stringify(invited.body)).toBe(200);
      const invitation = await mailedLink('jana.journey@example.com', /\/set-password\//);
      expect(invitation.startsWith(`${smafa()}/set-password/`), invitation).toBe(true);
      await setPasswordThroughLink(invitation, 'acceptInvitation', 'jana.journey@example.com', DESKTOP);

      const requested = await fetch(`${portal.baseUrl}/api/user-management/command/password-reset/request`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'observer@example.com' }),
      });
      expect(requested.status).toBe(200);
      const reset = await mailedLink('observer@example.com', /\/reset-password\//);
      expect(reset.startsWith(`${smafa()}/login/`), reset).toBe(true);
      await setPasswordThroughLink(reset, 'passwordReset', 'observer@example.com', PHONE);
    });

    it('SMAFA: a new administrator’s invitation (phone)', async () => {
      const created = await api('superadmin@example.com', '/user-management/command/register-administrator', {
        firstName: 'Ada',
        lastName: 'Journey',
        email: 'ada.journey@example.com',
        productAdmin: false,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const invitation = await mailedLink('ada.journey@example.com', /\/set-password\//);
      expect(invitation.startsWith(`${smafa()}/set-password/`), invitation).toBe(true);
      await setPasswordThroughLink(invitation, 'acceptInvitation', 'ada.journey@example.com', PHONE);
    });

    it('TPF: a company user’s invitation (phone) and a forgotten password (desktop) open tpf.localhost', async () => {
      const invited = await api(
        'creditor-tpf@example.com',
        '/user-management/command/register-creditor-company-user',
        {
          name: 'Tom Journey',
          email: 'tom.journey@example.com',
          role: 'creditor-assistant',
        },
      );
      expect(invited.status, JSON.stringify(invited.body)).toBe(200);
      const invitation = await mailedLink('tom.journey@example.com', /\/set-password\//);
      expect(invitation.startsWith(`${tpf()}/set-password/`), invitation).toBe(true);
      await setPasswordThroughLink(invitation, 'acceptInvitation', 'tom.journey@example.com', PHONE);

      const requested = await fetch(`${portal.baseUrl}/api/user-management/command/password-reset/request`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'observer-tpf@example.com' }),
      });
      expect(requested.status).toBe(200);
      const reset = await mailedLink('observer-tpf@example.com', /\/reset-password\//);
      expect(reset.startsWith(`${tpf()}/login/`), reset).toBe(true);
      await setPasswordThroughLink(reset, 'passwordReset', 'observer-tpf@example.com', DESKTOP);
    });
  });
});
