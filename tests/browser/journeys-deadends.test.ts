import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../generated/commands';
import { resources } from '../../generated/resources';
import { buildPdf } from '../../src/server/einvoice/testing/build-pdf';
import { seriousA11yViolations } from './helpers/axe';
import { actionTiles } from './helpers/action-tiles';
import { chromiumAvailable, launchChromium, LOGIN_WAIT } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/**
 * The smaller dead ends of issue 28 (items 6, 9 and 12), each from where the user starts to where
 * they wanted to go, in SMAFA and TPF (tpf.localhost), on a laptop (1440×900) and a phone
 * (390×844) where the screen shows. One server for the file.
 */
const PORT = 3474;
const slow = { timeout: 20_000 };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
type Product = 'SMAFA' | 'TPF';
const LOGIN: Record<Product, string> = { SMAFA: 'creditor@example.com', TPF: 'creditor-tpf@example.com' };

describe.skipIf(!chromiumAvailable())('the smaller dead ends of issue 28', () => {
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

  const origin = (product: Product) =>
    product === 'TPF' ? `http://tpf.localhost:${portal.port}` : portal.baseUrl;
  /** a German browser context of a size; the cookie banner answered unless `cookies` says otherwise */
  const newPage = async (viewport: { width: number; height: number }, cookies: string | null = 'false') => {
    const context: BrowserContext = await browser.newContext({
      locale: 'de-DE',
      timezoneId: 'Europe/Berlin',
      viewport,
      acceptDownloads: true,
    });
    if (cookies !== null)
      await context.addInitScript((choice) => {
        if (localStorage.getItem('kontor.cookiesAccepted') === null)
          localStorage.setItem('kontor.cookiesAccepted', choice);
      }, cookies);
    return { context, page: await context.newPage() };
  };
  const token = async (user: string) => {
    tokens[user] ??= await fetch(`${portal.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: user, password: 'Demo1234!' }),
    }).then(async (response) => (await response.json()).token);
    return tokens[user];
  };
  const api = async (user: string, url: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const response = await fetch(`${portal.baseUrl}/api${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await token(user)}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
  /** logs a demo user in on the product's portal */
  const logIn = async (page: Page, login: string, product: Product = 'SMAFA') => {
    await page.goto(`${origin(product)}/login`);
    await page.getByLabel(text('ra.auth.email')).fill(login);
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), LOGIN_WAIT);
  };
  const detail = (page: Page) => page.getByTestId('resource-detail');

  describe('item 6: every link lands where its action can be taken', () => {
    for (const [product, viewport] of [
      ['SMAFA', DESKTOP],
      ['TPF', PHONE],
    ] as const) {
      it(`${product}: "Neue Entscheidung erforderlich" leads to the open decision and its answer (${viewport.width} px)`, async () => {
        const login = LOGIN[product];
        const notifications = (await api(login, '/user-information/notification/list?rowsPerPage=100')).body
          .entries as { type: string; title: string; voucher?: { id: number; numberToShow?: string } }[];
        const waiting = notifications.find((entry) => entry.type === 'work_queue' && entry.voucher);
        expect(waiting, 'a demo notification of a waiting decision').toBeDefined();
        const { context, page } = await newPage(viewport);
        await logIn(page, login, product);
        await page.goto(`${origin(product)}/?showNotifications=true`);
        const panel = page.getByRole('dialog', { name: text('ui.toolbar.notifications', product) });
        const entry = panel.getByTestId('notification-entry').filter({ hasText: waiting!.title }).first();
        await expect.poll(() => entry.count(), slow).toBe(1);
        await entry.getByRole('link').click();
        // the voucher opens on its open decisions, whose row leads to the answer in the work queue
        await page.waitForURL(new RegExp(`/vouchers/main/${waiting!.voucher!.id}\\?tab=workQueue`), slow);
        const decision = detail(page).getByTestId('detail-row-link').first();
        await expect.poll(() => decision.count(), slow).toBe(1);
        await decision.click();
        await page.waitForURL(/\/work-queue\/\d+/, slow);
        const answer = resources.workQueue.detail.actions.find((action) => action.key === 'answer')!;
        await expect
          .poll(
            () =>
              detail(page)
                .getByRole('button', { name: text(answer.label, product), exact: true })
                .count(),
            slow,
          )
          .toBe(1);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await context.close();
      });

      it(`${product}: an upload awaiting a decision, opened as a voucher, moves to where it is decided (${viewport.width} px)`, async () => {
        const login = LOGIN[product];
        const pending = (
          await api(login, '/unprocessed-voucher/list?filters[status][]=pending&rowsPerPage=100')
        ).body.vouchers as { id: number }[];
        // one the creditor can decide: processed anyway, or handed over as a normal invoice
        let decidable: { id: number; action: string } | undefined;
        for (const { id } of pending) {
          const permissions = (await api(login, `/unprocessed-voucher/show/${id}`)).body.permissions ?? {};
          const action = permissions.continueVoucher
            ? 'continue'
            : permissions.transferBasicProcess
              ? 'transferBasicProcess'
              : '';
          if (action) {
            decidable = { id, action };
            break;
          }
        }
        expect(decidable, 'a demo upload awaiting the creditor’s decision').toBeDefined();
        const { context, page } = await newPage(viewport);
        await logIn(page, login, product);
        await page.goto(`${origin(product)}/vouchers/main/${decidable!.id}`);
        await page.waitForURL(new RegExp(`/unprocessed/${decidable!.id}$`), slow);
        const label = text(
          resources.unprocessed.detail.actions.find((action) => action.key === decidable!.action)!.label,
          product,
        );
        const tiles = actionTiles(detail(page), text('ui.actions.showMore', product));
        await expect.poll(() => tiles.offered(), slow).toContain(label);
        await context.close();
      });
    }

    for (const viewport of [DESKTOP, PHONE]) {
      it(`SMAFA: a fresh upload says "wird gelesen" instead of 0,00 € and – (${viewport.width} px; TPF takes no uploads)`, async () => {
        const product = 'SMAFA';
        const login = LOGIN[product];
        const form = new FormData();
        form.set('voucherType', 'invoice');
        form.set('deliveryType', 'post');
        const name = `Frisch-${viewport.width}.pdf`;
        form.append(
          'invoiceFiles',
          new Blob([new Uint8Array(buildPdf())], { type: 'application/pdf' }),
          name,
        );
        const uploaded = await fetch(`${portal.baseUrl}/api/voucher/upload`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${await token(login)}` },
          body: form,
        });
        expect(uploaded.status).toBe(200);
        const [id] = ((await uploaded.json()) as { voucherIds: number[] }).voucherIds;
        const { context, page } = await newPage(viewport);
        await logIn(page, login, product);
        const reading = text('ui.detail.beingRead', product);
        // in processing: the row of the upload (a card on the phone), and its detail
        await page.goto(`${origin(product)}/unprocessed`);
        const row = page.getByTestId('resource-row').filter({ hasText: name });
        await expect.poll(() => row.count(), slow).toBe(1);
        await expect.poll(() => row.textContent(), slow).toContain(reading);
        expect(await row.textContent()).not.toContain('0,00 €');
        await page.goto(`${origin(product)}/unprocessed/${id}`);
        await expect.poll(() => detail(page).getByText(reading).count(), slow).toBeGreaterThan(1);
        expect(await detail(page).textContent()).not.toContain('0,00 €');
        // among the vouchers: the newest upload comes first
        await page.goto(`${origin(product)}/vouchers`);
        const first = page.getByTestId('resource-row').first();
        await expect.poll(() => first.getByTestId('cell-amount').textContent(), slow).toBe(reading);
        expect(await first.textContent()).not.toContain('0,00 €');
        await context.close();
      }, 90_000);
    }
  });

  describe('item 9: smaller dead ends', () => {
    it('SMAFA: an Austrian debtor’s IBAN is taken in the payment data, on a laptop and a phone', async () => {
      const debtors = (await api(LOGIN.SMAFA, '/debtor/list?filters[status][]=active&rowsPerPage=50')).body
        .debtors as { id: number; hasActivePermanentDebts?: boolean }[];
      for (const [viewport, debtor, iban] of [
        [DESKTOP, debtors[0], 'AT61 1904 3002 3457 3201'],
        [PHONE, debtors[1], 'AT48 3200 0000 1234 5864'],
      ] as const) {
        const { context, page } = await newPage(viewport);
        await logIn(page, LOGIN.SMAFA);
        await page.goto(`${portal.baseUrl}/debtors/main/${debtor.id}?action=paymentData`);
        const dialog = page.getByRole('dialog');
        const field = (label: string, role: 'textbox' | 'combobox' | 'checkbox' = 'textbox') =>
          dialog.getByRole(role, { name: label, exact: true });
        await field(text('fields.paymentMethod'), 'combobox').click();
        await page
          .getByRole('option', { name: text('enums.paymentMethod.direct_debit_mandate'), exact: true })
          .click();
        await field(text('fields.accountOwner')).fill('Alpenholz GmbH');
        await field(text('fields.iban')).fill(iban);
        await field(text('forms.paymentData.fields.city')).fill('Salzburg');
        await field(text('forms.paymentData.fields.date')).fill('01.02.2026');
        await field(text('fields.referenceNumber')).fill(`AT-MANDAT-${viewport.width}`);
        await field(text('fields.sepaMandateAvailable'), 'checkbox').check();
        await dialog.getByRole('button', { name: text('ui.form.submit'), exact: true }).click();
        await expect.poll(() => dialog.count(), slow).toBe(0);
        expect(await page.getByText(text('validation.iban')).count()).toBe(0);
        const shown = (await api(LOGIN.SMAFA, `/debtor/show/${debtor.id}`)).body;
        expect(shown.sepaMandate?.iban).toBe(iban.replace(/ /g, ''));
        await context.close();
      }
    });

    for (const [product, viewport] of [
      ['SMAFA', DESKTOP],
      ['TPF', PHONE],
    ] as const) {
      it(`${product}: a reminder address is removed after a confirmation (${viewport.width} px)`, async () => {
        const login = LOGIN[product];
        const email = `weg-${viewport.width}@example.com`;
        const saved = await api(login, '/user-information/command/creditor-setting/update', {
          email,
          frequency: 'daily',
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        const { context, page } = await newPage(viewport);
        await logIn(page, login, product);
        await page.goto(`${origin(product)}/settings?tab=emailNotifications`);
        const row = page.getByTestId('email-reminder-row').filter({ hasText: email });
        await expect.poll(() => row.count(), slow).toBe(1);
        await row
          .getByRole('button', {
            name: text('settings.actions.deleteAddress', product, { email }),
            exact: true,
          })
          .click();
        const dialog = page.getByRole('dialog');
        await expect
          .poll(() => dialog.textContent(), slow)
          .toContain(text('messages.emailReminders.deleteConfirm', product, { email }));
        await dialog
          .getByRole('button', {
            name: text(commands.deleteEmailReminderSetting.label, product),
            exact: true,
          })
          .click();
        await expect.poll(() => row.count(), slow).toBe(0);
        const settings = (await api(login, '/user-information/creditor-settings/details')).body;
        expect(settings.emailReminderSetting.map((s: { email: string }) => s.email)).not.toContain(email);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await context.close();
      });

      it(`${product}: one statement opens as its PDF and counts as read (${viewport.width} px)`, async () => {
        const login = LOGIN[product];
        const first = (await api(login, '/creditor/creditor-voucher/list?rowsPerPage=15')).body
          .creditorVouchers[0];
        await fetch(`${portal.baseUrl}/api/creditor/creditor-voucher/command/status/unread-multiple`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await token(login)}` },
          body: JSON.stringify({ creditorVoucherIdentifiers: [first.identifier] }),
        });
        const { context, page } = await newPage(viewport);
        await logIn(page, login, product);
        await page.goto(`${origin(product)}/master-data?tab=creditorVouchers`);
        const row = page.getByTestId('creditor-voucher-row').first();
        await expect.poll(() => row.count(), slow).toBe(1);
        const open = row
          .getByRole('button')
          .filter({ hasText: text('pages.creditorVouchers.open', product) });
        const [file] = await Promise.all([page.waitForEvent('download'), open.click()]);
        expect(file.suggestedFilename()).toBe(first.archiveSourceFile.split('/').pop());
        await expect
          .poll(
            async () =>
              (await api(login, '/creditor/creditor-voucher/list?rowsPerPage=15')).body.creditorVouchers[0]
                .readStatus,
            slow,
          )
          .toBe('read');
        await context.close();
      });
    }

    for (const [product, viewport] of [
      ['SMAFA', DESKTOP],
      ['TPF', PHONE],
    ] as const) {
      it(`${product}: a location opens a view of its own from the customer’s locations (${viewport.width} px)`, async () => {
        const login = LOGIN[product];
        const debtors = (await api(login, '/debtor/list?rowsPerPage=50')).body.debtors as { id: number }[];
        let debtor:
          | { id: number; locations: { id: number; name: string; customDebtorNumber?: string }[] }
          | undefined;
        for (const { id } of debtors) {
          const shown = (await api(login, `/debtor/show/${id}`)).body;
          if (shown.locations?.length > 1) {
            debtor = shown;
            break;
          }
        }
        expect(debtor, 'a demo customer with two locations').toBeDefined();
        const location = debtor!.locations[1];
        const { context, page } = await newPage(viewport);
        await logIn(page, login, product);
        await page.goto(`${origin(product)}/debtors/main/${debtor!.id}?tab=locations`);
        const rows = detail(page).getByRole('tabpanel').getByTestId('detail-row-link');
        await expect.poll(() => rows.count(), slow).toBe(debtor!.locations.length);
        await rows.filter({ hasText: location.name }).first().click();
        await page.waitForURL(new RegExp(`/debtors/sub/${debtor!.id},${location.id}\\?tab=locations$`), slow);
        const own = detail(page).getByTestId('detail-sub');
        await expect
          .poll(() => own.getByRole('heading').textContent(), slow)
          .toBe(`${text('resources.debtors.sub', product)}: ${location.name}`);
        if (location.customDebtorNumber)
          expect(await own.textContent()).toContain(location.customDebtorNumber);
        const top = await own.evaluate((element) => element.getBoundingClientRect().top);
        expect(top).toBeLessThan(viewport.height);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await context.close();
      });
    }

    it('SMAFA: cookie consent is withdrawn in the settings as easily as it was given', async () => {
      const { context, page } = await newPage(DESKTOP, null);
      await page.goto(`${portal.baseUrl}/login`);
      await page.getByTestId('cookie-banner').getByRole('button').last().click();
      expect(await page.evaluate(() => localStorage.getItem('kontor.cookiesAccepted'))).toBe('true');
      await logIn(page, LOGIN.SMAFA);
      await page.goto(`${portal.baseUrl}/settings?tab=general`);
      const allow = page.getByRole('switch', { name: text('pages.settings.cookiesAllow') });
      await expect.poll(() => allow.isChecked(), slow).toBe(true);
      await allow.uncheck();
      expect(await page.evaluate(() => localStorage.getItem('kontor.cookiesAccepted'))).toBe('false');
      expect(await page.getByText(text('pages.settings.cookiesDeclined')).count()).toBe(1);
      await page.reload();
      await expect.poll(() => allow.isChecked(), slow).toBe(false);
      await context.close();
    });

    it('the assistant (no dashboard) lands on the first page they have, not an empty one (SMAFA: TPF has no demo assistant)', async () => {
      for (const [login, product, viewport] of [
        ['assistant@example.com', 'SMAFA', DESKTOP],
        ['assistant@example.com', 'SMAFA', PHONE],
      ] as const) {
        const { context, page } = await newPage(viewport);
        await logIn(page, login, product);
        await page.waitForURL(`${origin(product)}/vouchers`, slow);
        expect(await page.getByText(text('pages.dashboard.noWidgets', product)).count()).toBe(0);
        await expect.poll(() => page.getByTestId('resource-row').count(), slow).toBeGreaterThan(0);
        await context.close();
      }
    });

    it('a deep link on a phone opens the detail in sight, not below the list (SMAFA and TPF)', async () => {
      for (const product of ['SMAFA', 'TPF'] as const) {
        const login = LOGIN[product];
        const vouchers = (await api(login, '/voucher/list?rowsPerPage=50&filters[status][]=closed')).body
          .vouchers as {
          id: number;
        }[];
        const { context, page } = await newPage(PHONE);
        await logIn(page, login, product);
        await page.goto(`${origin(product)}/vouchers/main/${vouchers.at(-1)!.id}`);
        const card = detail(page);
        await expect.poll(() => card.count(), slow).toBe(1);
        await expect.poll(() => page.getByTestId('resource-row').count(), slow).toBeGreaterThan(0);
        const top = await card.evaluate((element) => element.getBoundingClientRect().top);
        expect(top).toBeGreaterThanOrEqual(0);
        expect(top).toBeLessThan(PHONE.height / 2);
        await context.close();
      }
    });
  });

  describe('item 12: lists at 1440 px', () => {
    const headers = (page: Page) => page.getByRole('columnheader').allInnerTexts();
    it('the voucher list shows "Belegdatum" and keeps "Status" in sight when a column is switched on', async () => {
      for (const product of ['SMAFA', 'TPF'] as const) {
        const { context, page } = await newPage(DESKTOP);
        await logIn(page, LOGIN[product], product);
        await page.goto(`${origin(product)}/vouchers`);
        const label = (value: string) =>
          text(resources.vouchers.list.columns.find((column) => column.value === value)!.text, product);
        await expect.poll(async () => (await headers(page)).length, slow).toBeGreaterThanOrEqual(8);
        expect(await headers(page)).toEqual(
          expect.arrayContaining([label('voucherDate'), label('statusToShow')]),
        );
        await page.getByRole('button', { name: text('ui.list.columns', product), exact: true }).click();
        await page.getByRole('menuitemcheckbox', { name: new RegExp(`^${label('location.name')}`) }).click();
        await page.keyboard.press('Escape');
        await expect.poll(() => headers(page), slow).toContain(label('location.name'));
        // "Status" is fully inside the table's box: nothing to scroll to
        // the table's own scroll area (inside the list's card, which has the same name)
        const region = page.getByRole('region', { name: text(resources.vouchers.label, product) }).last();
        const status = page.getByRole('columnheader', { name: label('statusToShow'), exact: true });
        const [box, cell] = [await region.boundingBox(), await status.boundingBox()];
        expect(cell!.x + cell!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
        expect(await region.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
        await context.close();
      }
    });

    it('the history in the side panel is read in full, and the tiles are told apart by their icons', async () => {
      for (const [product, viewport] of [
        ['SMAFA', DESKTOP],
        ['TPF', PHONE],
      ] as const) {
        const login = LOGIN[product];
        const open = (await api(login, '/voucher/list?rowsPerPage=15&filters[status][]=open')).body
          .vouchers as {
          id: number;
          requiresProcessing?: boolean;
        }[];
        const voucher = open.find((row) => !row.requiresProcessing)!;
        const { context, page } = await newPage(viewport);
        await logIn(page, login, product);
        await page.goto(`${origin(product)}/vouchers/main/${voucher.id}?tab=history`);
        const panel = detail(page).getByRole('tabpanel');
        // too narrow for five columns: each entry is a block of label and value pairs
        const entries = panel.locator('table[data-layout="entries"]');
        await expect.poll(() => entries.count(), slow).toBe(1);
        await expect.poll(() => entries.getByRole('row').count(), slow).toBeGreaterThan(1);
        // every label and value inside the panel: nothing cut at its edge
        const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
        expect(overflow).toBeLessThanOrEqual(1);
        const labels = await entries
          .getByRole('row')
          .nth(1)
          .getByRole('cell')
          .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content));
        const columns = resources.vouchers.detail.tabs.find((tab) => tab.key === 'history')!.table!.columns;
        expect(labels).toEqual(columns.map((column) => JSON.stringify(text(column.text, product))));
        const tiles = actionTiles(detail(page), text('ui.actions.showMore', product));
        await expect.poll(() => tiles.offered(), slow).not.toEqual([]);
        // each tile's drawing (its icon's path) differs from every other tile's
        const icons = await detail(page)
          .getByTestId('action-tile')
          .evaluateAll((tiles) =>
            tiles.map((tile) => tile.querySelector('svg path')?.getAttribute('d') ?? ''),
          );
        expect(icons.length).toBeGreaterThan(1);
        expect(icons).not.toContain('');
        expect(new Set(icons).size).toBe(icons.length);
        await context.close();
      }
    });

    it('the action log shows date and time, the newest real action first', async () => {
      // an action just taken (a login is logged) must head the list, above the demo data
      await token('management@example.com');
      const { context, page } = await newPage(DESKTOP);
      await logIn(page, 'superadmin@example.com');
      await page.goto(`${portal.baseUrl}/action-log`);
      const cells = page.getByTestId('cell-creationDate');
      await expect.poll(() => cells.count(), slow).toBeGreaterThan(1);
      const shown = await cells.allInnerTexts();
      for (const value of shown) expect(value).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
      const now = new Date();
      const moment = (value: string) => {
        const [, d, m, y, hh, mm] = value.match(/^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})$/)!;
        return `${y}${m}${d}${hh}${mm}`;
      };
      // sorted newest first, and the first is the superadmin's own login a moment ago
      expect(shown.map(moment)).toEqual([...shown.map(moment)].sort().reverse());
      const berlin = new Intl.DateTimeFormat('de-DE', {
        timeZone: 'Europe/Berlin',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(now);
      expect(shown[0].startsWith(berlin)).toBe(true);
      const first = page.getByTestId('resource-row').first();
      expect(await first.textContent()).toContain('superadmin@example.com');
      await context.close();
    });
  });
});
