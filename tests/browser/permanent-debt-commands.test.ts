import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import { resources } from '../../generated/resources';
import { actionTiles } from './helpers/action-tiles';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { escapeRegExp, germanText as text } from './helpers/texts';

/**
 * The demo creditor stops a running permanent debt and creates its successor from the same detail
 * (issue 9 item 3): the stop dialog asks for the confirmation, the permanent debt then shows as
 * ended; the create dialog starts with its debtor, location, subject and amounts; the new one is
 * created with its first debit 20 days ahead. Issue 28: the list shows the status and offers
 * "anlegen" (on a phone too), the debtor's detail offers it with that customer chosen, and customer
 * and location are searchable pickers.
 */
const PORT = 3414;
const slow = { timeout: 15_000 };
const actionLabel = (key: string) =>
  text(resources.permanentDebts.detail.actions.find((action) => action.key === key)!.label);
const germanDay = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${String(date.getDate()).padStart(2, '0')}.${String(date.getMonth() + 1).padStart(2, '0')}.${date.getFullYear()}`;
};

describe.skipIf(!chromiumAvailable())('creditor stops and creates a permanent debt', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let running: {
    id: number;
    subject: string;
    customNumber: string;
    debtor: { id: number };
    location: { id: number };
    sepa?: { iban?: string };
  };

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
  const detail = () => page.getByTestId('resource-detail');
  const api = async (path: string, init: RequestInit = {}) => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const response = await fetch(`${portal.baseUrl}/api${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
    });
    return response.json();
  };
  const openTile = async (key: string) => {
    await actionTiles(detail(), text('ui.actions.showMore')).open(actionLabel(key));
    await expect.poll(() => dialog().count(), slow).toBe(1);
  };

  it('logs in and opens a running permanent debt', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill('creditor@example.com');
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
    const { vouchers } = await api(
      '/permanent-debt/list?rowsPerPage=100&filters[status][]=active&filters[status][]=created',
    );
    expect(vouchers.length).toBeGreaterThan(0);
    const shownAll = await Promise.all(
      vouchers.map((v: { id: number }) => api(`/permanent-debt/${v.id}/show`)),
    );
    const perLocation = new Map<number, number>();
    for (const shown of shownAll)
      perLocation.set(shown.location.id, (perLocation.get(shown.location.id) ?? 0) + 1);
    // one whose debtor has a SEPA mandate and the only running one at its location, so that a successor can be created
    for (const shown of shownAll) {
      if (shown.status === 'active' && shown.sepa?.iban && perLocation.get(shown.location.id) === 1) {
        running = shown;
        break;
      }
    }
    expect(running, 'a running permanent debt with a SEPA mandate').toBeDefined();
    await page.goto(`${portal.baseUrl}/permanent-debts/${running.id}`);
    await expect.poll(() => detail().textContent(), slow).toContain(running.subject);
  });

  it('stops it after the confirmation; it shows as ended', async () => {
    await openTile('stop');
    await dialog().getByRole('checkbox').check();
    await dialog()
      .getByRole('button', { name: text(forms.stopPermanentDebt.submitLabel), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    await expect
      .poll(async () => (await api(`/permanent-debt/${running.id}/show`)).status, slow)
      .toBe('stopped');
    await expect.poll(() => detail().textContent(), slow).toContain(text('enums.permanentDebtStatus.ended'));
  });

  it('shows the stopped one as ended in the list’s status column (1440 px)', async () => {
    await page.goto(`${portal.baseUrl}/permanent-debts`);
    const row = page.getByTestId('resource-row').filter({ hasText: running.customNumber });
    await expect.poll(() => row.count(), slow).toBe(1);
    expect(await page.locator('thead th').allInnerTexts()).toContain(text('fields.status'));
    expect(await row.textContent()).toContain(text('enums.permanentDebtStatus.ended'));
  });

  /** active customers with a SEPA mandate and a location without a running permanent debt */
  const freeLocations = async (count: number) => {
    const { vouchers } = await api(
      '/permanent-debt/list?rowsPerPage=100&filters[status][]=active&filters[status][]=created',
    );
    const taken = new Set(
      (await Promise.all(vouchers.map((v: { id: number }) => api(`/permanent-debt/${v.id}/show`)))).map(
        (shown: { location: { id: number } }) => shown.location.id,
      ),
    );
    taken.add(running.location.id);
    const found: {
      debtor: { id: number; name: string };
      location: { id: number; name: string; customNumber?: string };
    }[] = [];
    for (const debtor of (await api('/debtor/picker')) as {
      id: number;
      name: string;
      locations: { id: number; name: string; customNumber?: string }[];
    }[]) {
      const location = debtor.locations.find((l) => !taken.has(l.id));
      if (!location) continue;
      const shown = await api(`/debtor/show/${debtor.id}`);
      if (!shown.sepaMandate?.iban) continue;
      found.push({ debtor, location });
      if (found.length === count) break;
    }
    expect(found.length, 'customers with a SEPA mandate and a free location').toBe(count);
    return found;
  };
  const debtorField = () => dialog().getByRole('combobox', { name: text('fields.debtor'), exact: true });
  const locationField = () => dialog().getByRole('combobox', { name: text('fields.location'), exact: true });
  const chooseLocation = async (location: { name: string; customNumber?: string }) => {
    await expect.poll(() => locationField().isEnabled(), slow).toBe(true);
    const label = location.customNumber ? `${location.name} (${location.customNumber})` : location.name;
    if ((await locationField().inputValue()).includes(label)) return;
    await locationField().click();
    await page
      .getByRole('option', { name: new RegExp(`^${escapeRegExp(label)}`) })
      .first()
      .click();
    await expect.poll(() => locationField().inputValue(), slow).toContain(label);
  };
  const fillAndCreate = async (subject: string) => {
    await dialog()
      .getByRole('textbox', { name: text('fields.subject'), exact: true })
      .fill(subject);
    await dialog()
      .getByRole('textbox', { name: text('fields.grossAmount'), exact: true })
      .fill('119,00');
    await dialog()
      .getByRole('textbox', { name: text('forms.createPermanentDebt.fields.startDate') })
      .fill(germanDay(21));
    await dialog()
      .getByRole('button', { name: text(forms.createPermanentDebt.submitLabel), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    const { vouchers } = await api('/permanent-debt/list?rowsPerPage=100&filters[status][]=created');
    const created = vouchers.find((v: { subject: string }) => v.subject === subject);
    expect(created, subject).toBeDefined();
    return api(`/permanent-debt/${created.id}/show`);
  };

  it('creates one from a customer’s detail: the customer is chosen in the picker', async () => {
    const [{ debtor, location }] = await freeLocations(1);
    await page.goto(`${portal.baseUrl}/debtors/main/${debtor.id}`);
    await actionTiles(detail(), text('ui.actions.showMore')).open(text(forms.createPermanentDebt.label));
    await expect.poll(() => debtorField().inputValue(), slow).toBe(debtor.name);
    await chooseLocation(location);
    const shown = await fillAndCreate('Wartung aus dem Kunden');
    expect([shown.debtor.id, shown.location.id]).toEqual([debtor.id, location.id]);
  });

  it('creates one from the list’s button on a phone, searching the customer by name', async () => {
    const [, { debtor, location }] = await freeLocations(2);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${portal.baseUrl}/permanent-debts`);
      await page.getByRole('button', { name: text(forms.createPermanentDebt.label), exact: true }).click();
      await expect
        .poll(() => dialog().getByRole('heading').first().textContent(), slow)
        .toBe(text(forms.createPermanentDebt.label));
      expect(await locationField().isDisabled()).toBe(true);
      // typed, then chosen from the search's options; a click that landed while the options were
      // replaced by the next search's (CI's load: the field kept "Can Ko", 2026-11-29) is tried again,
      // as a user would, with the search typed anew
      await expect
        .poll(
          async () => {
            if ((await debtorField().inputValue()) !== debtor.name) {
              await debtorField().fill(debtor.name.slice(0, Math.min(6, debtor.name.length)));
              await page
                .getByRole('option', { name: new RegExp(`^${escapeRegExp(debtor.name)}`) })
                .first()
                .click({ timeout: 15_000 });
            }
            return debtorField().inputValue();
          },
          { timeout: 90_000, interval: 1_000 },
        )
        .toBe(debtor.name);
      await chooseLocation(location);
      const shown = await fillAndCreate('Miete aus der Liste');
      expect([shown.debtor.id, shown.location.id]).toEqual([debtor.id, location.id]);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('creates the successor from the same detail, prefilled with debtor, location and subject', async () => {
    await page.goto(`${portal.baseUrl}/permanent-debts/${running.id}`);
    await openTile('create');
    const subject = dialog().getByRole('textbox', { name: text('fields.subject'), exact: true });
    await expect.poll(() => subject.inputValue(), slow).toBe(running.subject);
    await subject.fill(`${running.subject} (neu)`);
    await dialog()
      .getByRole('textbox', { name: text('forms.createPermanentDebt.fields.startDate') })
      .fill(germanDay(20));
    await dialog()
      .getByRole('button', { name: text(forms.createPermanentDebt.submitLabel), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    const { vouchers } = await api('/permanent-debt/list?rowsPerPage=100&filters[status][]=created');
    const created = vouchers.find((v: { subject: string }) => v.subject === `${running.subject} (neu)`);
    expect(created).toBeDefined();
    const shown = await api(`/permanent-debt/${created.id}/show`);
    expect([shown.debtor.id, shown.location.id]).toEqual([running.debtor.id, running.location.id]);
  });
});
