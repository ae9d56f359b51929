import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../generated/commands';
import { enums } from '../../generated/enums';
import { forms } from '../../generated/forms';
import { resources } from '../../generated/resources';
import { createLocalCreditAgency } from '../../src/server/adapters/credit-agency/local-credit-agency';
import { formatMoney } from '../../src/shared/format';
import { seriousA11yViolations } from './helpers/axe';
import { actionTiles } from './helpers/action-tiles';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { GERMAN_MONEY, germanText as text } from './helpers/texts';

/**
 * The creditor works on a customer through the commands of schema/commands/debtors.yaml: creates
 * it with the ident check (blacklist answer, back to the form, green answer, create), edits it, adds
 * a location, sets a SEPA mandate, deactivates a location (a refusal first), checks the solvency,
 * and finds every step in the history. Asserts what the user sees.
 */
const PORT = 3214;
const debtors = resources.debtors;
const actionLabel = (key: string) => text(debtors.detail.actions.find((action) => action.key === key)!.label);
const enumLabel = (name: string, value: string) =>
  text(enums[name].values.find((entry) => entry.value === value)!.label);
const NAME = 'Kontor Testhaus GmbH';
const RENAMED = 'Kontor Testhaus Nord GmbH';
const ADDRESS = { street: 'Hauptstr.', house: '12', zip: '20095', city: 'Hamburg' };
const BRANCH = {
  name: 'Kontor Testhaus – Lager Harburg',
  street: 'Lagerweg',
  house: '3',
  zip: '21073',
  city: 'Hamburg',
};
const IBAN = 'DE89370400440532013000';
/** Polls that wait for a command's round trip (the credit agency, a transaction, the reloads). */
const slow = { timeout: 15_000 };

describe.skipIf(!chromiumAvailable())('creditor works on a customer through its commands', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let debtorId: string;

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
  const field = (label: string, role: 'textbox' | 'combobox' | 'checkbox' = 'textbox') =>
    dialog().getByRole(role, { name: label, exact: true });
  /** The green (or red) snackbar with this text. */
  const snackbar = (message: string) => page.locator('.MuiSnackbar-root').filter({ hasText: message });
  const choose = async (combobox: Locator, option: string) => {
    await combobox.click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  /** Opens a tile, behind "Mehr anzeigen" if it must. */
  const openAction = async (key: string) => {
    await actionTiles(detail(), text('ui.actions.showMore')).open(actionLabel(key));
    await page.waitForURL(new RegExp(`action=${key}`));
  };
  const openTab = async (key: string) => {
    await detail()
      .getByRole('tab', { name: text(`resources.debtors.tabs.${key}`) })
      .click();
    await page.waitForURL(new RegExp(`tab=${key}`));
    return detail().getByRole('tabpanel');
  };
  /** What a locator shows, as the user reads it (line breaks between blocks). */
  const textOf = async (locator: Locator) => (await locator.allInnerTexts()).join('\n');
  const api = async (path: string) => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const response = await fetch(`${portal.baseUrl}/api${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return response.json();
  };

  it('logs in as the demo creditor', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill('creditor@example.com');
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
  });

  it('keeps the marked errors of a failed check when the customer type shows other fields', async () => {
    await page.goto(`${portal.baseUrl}/debtors?createDebtor=true`);
    await expect
      .poll(() => dialog().getByRole('heading').first().textContent())
      .toBe(text('forms.createDebtor.title'));
    await dialog()
      .getByRole('button', { name: text(commands.identCheck.label), exact: true })
      .click();
    const marked = () => dialog().locator('.Mui-error').count();
    await expect.poll(marked).toBeGreaterThan(0);
    // a private customer: first and last name take the company name's place, and stay marked
    const type = field(text(forms.createDebtor.labels.debtorType), 'combobox');
    if ((await type.count()) > 0) {
      await type.click();
      await page.getByRole('option', { name: enumLabel('debtorType', 'customer'), exact: true }).click();
    } else await dialog().getByLabel(enumLabel('debtorType', 'customer'), { exact: true }).check();
    const lastName = field(text(forms.createDebtor.labels.lastName));
    await expect.poll(() => lastName.count()).toBe(1);
    await expect.poll(() => lastName.getAttribute('aria-invalid')).toBe('true');
    // the input itself is described by its error (a screen reader reads it there)
    const describedBy = (await lastName.getAttribute('aria-describedby')) ?? '';
    const descriptions = await Promise.all(
      describedBy
        .split(' ')
        .filter(Boolean)
        .map((id) => page.locator(`[id="${id}"]`).allInnerTexts()),
    );
    expect(descriptions.flat().join(' ')).toContain(text('validation.required'));
    expect(await marked()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
  });

  it('takes the list → detail → action → dialog path with the keyboard alone', async () => {
    await page.goto(`${portal.baseUrl}/debtors`);
    await page.getByTestId('resource-row').first().waitFor();
    /** Presses Tab until `reached` answers a name, and answers it. */
    const tabTo = async (reached: () => Promise<string | null>, limit = 120) => {
      for (let presses = 0; presses < limit; presses++) {
        const found = await reached();
        if (found) return found;
        await page.keyboard.press('Tab');
      }
      throw new Error(`not reached with ${limit} × Tab`);
    };
    const focusedRow = () =>
      page.evaluate(() =>
        document.activeElement?.getAttribute('data-testid') === 'resource-row' ? 'row' : null,
      );
    await tabTo(focusedRow);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/debtors\/main\/\d+/);
    await detail().waitFor();
    // the edit tile, or "Mehr anzeigen" first when the tile is behind it
    const labels = [actionLabel('edit'), text('ui.actions.showMore')];
    const focusedAction = () =>
      page.evaluate((names) => {
        const shown = (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '';
        return names.find((name) => shown === name) ?? null;
      }, labels);
    if ((await tabTo(focusedAction)) === labels[1]) {
      await page.keyboard.press('Enter');
      await tabTo(async () => ((await focusedAction()) === labels[0] ? labels[0] : null));
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(/action=edit/);
    // the dialog takes the focus in its first field; Escape closes it and leaves the record open
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement;
          const where = active?.closest('[role="dialog"]') ? 'dialog' : 'page';
          return `${where} ${active?.tagName} ${active?.getAttribute('role') ?? ''} ${active?.id ?? ''}`;
        }),
      )
      .toMatch(/^dialog (INPUT|TEXTAREA|DIV combobox) /);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
    expect(page.url()).not.toContain('action=');
    expect(page.url()).toMatch(/\/debtors\/main\/\d+/);
  });

  it('opens "Kunden anlegen" from the list toolbar and shows a blacklist answer of the ident check', async () => {
    await page.goto(`${portal.baseUrl}/debtors`);
    await page.getByRole('button', { name: text('forms.createDebtor.title'), exact: true }).click();
    await page.waitForURL(/createDebtor=true/);
    await expect
      .poll(() => dialog().getByRole('heading').first().textContent())
      .toBe(text('forms.createDebtor.title'));
    await field(text('forms.createDebtor.fields.name')).fill(`${NAME} ID_9`);
    await field(text('fields.street')).fill(ADDRESS.street);
    await field(text('fields.house')).fill(ADDRESS.house);
    await field(text('fields.zip')).fill(ADDRESS.zip);
    await field(text('fields.city')).fill(ADDRESS.city);
    await dialog()
      .getByRole('button', { name: text(commands.identCheck.label), exact: true })
      .click();

    const result = dialog().getByTestId('ident-check-result');
    await expect.poll(() => result.isVisible(), slow).toBe(true);
    expect(await result.getByTestId('ident-check-limit').textContent()).toBe(formatMoney(0));
    const shown = await textOf(result);
    expect(shown).toContain(enumLabel('solvencyColor', 'red'));
    expect(shown).toContain(`ID_9 – ${enumLabel('limitReasonCodeBusiness', 'ID_9')}`);
    expect(await textOf(dialog())).toContain(text('messages.debtors.onBlackList'));
    expect(await textOf(dialog())).toContain(text('entities.pendingDebtorDecision.fields.hasBlacklistEntry'));
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('goes back to the filled form, checks again and creates the customer', async () => {
    await dialog()
      .getByRole('button', { name: text('ra.action.back'), exact: true })
      .click();
    const name = field(text('forms.createDebtor.fields.name'));
    await expect.poll(() => name.inputValue()).toBe(`${NAME} ID_9`);
    expect(await field(text('fields.street')).inputValue()).toBe(ADDRESS.street);
    await name.fill(NAME);
    await dialog()
      .getByRole('button', { name: text(commands.identCheck.label), exact: true })
      .click();

    const expected = await createLocalCreditAgency().identCheck({
      debtorType: 'business',
      name: NAME,
      ...ADDRESS,
    });
    const limit = dialog().getByTestId('ident-check-limit');
    await expect.poll(() => limit.textContent(), slow).toBe(formatMoney(expected.limit));
    expect(await limit.textContent()).toMatch(GERMAN_MONEY);
    expect(await textOf(dialog().getByTestId('ident-check-result'))).toContain(
      enumLabel('solvencyColor', expected.color),
    );
    expect(await dialog().getByTestId('ident-check-existing').count()).toBe(0);

    // a refused creation says why (document 1 §8), a failed one names the technical error
    const create = dialog().getByRole('button', { name: text(commands.createDebtor.label), exact: true });
    const createCall = '**/api/debtor/create';
    await page.route(createCall, (route) =>
      route.fulfill({
        status: 409,
        json: {
          statusCode: 409,
          code: 'debtors.addDebtorError',
          reason: 'debtors.identCheckRequired',
          message: '…',
        },
      }),
    );
    await create.click();
    await expect
      .poll(() => dialog().getByRole('alert').textContent(), slow)
      .toBe(text('messages.debtors.identCheckRequired'));
    await page.unroute(createCall);
    await page.route(createCall, (route) => route.fulfill({ status: 500, json: { message: 'kaputt' } }));
    await create.click();
    await expect.poll(() => snackbar(text('messages.debtors.addDebtorError')).count(), slow).toBe(1);
    await page.unroute(createCall);
    expect(await dialog().getByTestId('ident-check-result').isVisible()).toBe(true);

    await create.click();
    await expect.poll(() => snackbar(text('messages.debtors.debtorCreated')).count(), slow).toBe(1);
    await page.waitForURL(/\/debtors\/main\/\d+/, slow);
    debtorId = /\/debtors\/main\/(\d+)/.exec(page.url())![1];
    expect(page.url()).not.toContain('createDebtor');
    await expect.poll(() => dialog().count(), slow).toBe(0);
    await expect.poll(() => detail().getByRole('heading', { level: 2 }).textContent()).toBe(NAME);
    // the list shows the new customer too
    await page.getByRole('searchbox', { name: text('resources.debtors.filters.search') }).fill(NAME);
    await expect.poll(() => page.getByTestId('resource-row').filter({ hasText: NAME }).count()).toBe(1);
  });

  it('shows the action tiles four to a row, the rest behind "Mehr anzeigen"', async () => {
    const tiles = detail().getByTestId('action-tile');
    await expect.poll(() => tiles.count()).toBe(4);
    const toggle = detail().getByRole('button', { name: text('ui.actions.showMore') });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const less = detail().getByRole('button', { name: text('ui.actions.showLess') });
    await expect.poll(() => less.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => tiles.count()).toBeGreaterThan(4);
    // a new customer has no mandate and no post address: what the server would refuse is not offered
    const labels = await tiles.allInnerTexts();
    expect(labels).not.toContain(actionLabel('removeSepaMandate'));
    expect(labels).toContain(actionLabel('checkSolvency'));
    await less.click();
    await expect.poll(() => tiles.count()).toBe(4);
  });

  it('edits the customer from a prefilled dialog; the detail and the history show the new name', async () => {
    await openAction('edit');
    const name = field(text('forms.editDebtor.fields.name'));
    await expect.poll(() => name.inputValue()).toBe(NAME);
    // a name of blanks is no name (issue 25): the German required text, and nothing is sent
    let sent = 0;
    const countUpdates = (request: { url(): string; method(): string }) => {
      if (request.method() === 'POST' && request.url().includes('/api/debtor/update/')) sent += 1;
    };
    page.on('request', countUpdates);
    // Enter in the field: sent as typed (the field trims only when it loses the focus)
    await name.fill('   ');
    await name.press('Enter');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
    const descriptions = await Promise.all(
      describedBy
        .split(' ')
        .filter(Boolean)
        .map((id) => page.locator(`[id="${id}"]`).allInnerTexts()),
    );
    expect(descriptions.flat().join(' ')).toContain(text('validation.required'));
    expect(sent).toBe(0);
    page.off('request', countUpdates);
    // the submit carries one Idempotency-Key and its button is disabled while the call runs
    const keys: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const updates = '**/api/debtor/update/*';
    await page.route(updates, async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      await held;
      await route.continue();
    });
    await name.fill(RENAMED);
    const submitButton = dialog().getByRole('button', { name: text('ui.form.submit'), exact: true });
    await submitButton.click();
    await expect.poll(() => submitButton.isDisabled()).toBe(true);
    release();
    await expect.poll(() => snackbar(text('messages.changesSaved')).count(), slow).toBeGreaterThan(0);
    await page.unroute(updates);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => detail().getByRole('heading', { level: 2 }).textContent(), slow).toBe(RENAMED);
    expect(page.url()).not.toContain('action=');

    const history = await openTab('history');
    await expect
      .poll(() => textOf(history.getByTestId('debtor-history-entry').first()))
      .toContain(text('history.debtorUpdated'));
    expect(await textOf(history.getByTestId('debtor-history-entry').first())).toContain(RENAMED);
  });

  it('shows a failed load of the location permissions with a reload', async () => {
    const permissions = '**/api/location/*/permissions';
    await page.route(permissions, (route) => route.fulfill({ status: 500, json: { message: 'kaputt' } }));
    await openAction('editLocation');
    const alert = dialog().getByRole('alert');
    await expect.poll(() => alert.textContent(), slow).toContain(text('pages.common.loadError'));
    await page.unroute(permissions);
    await alert.getByRole('button', { name: text('ui.list.reload') }).click();
    // the only location is chosen, and the form shows its data
    await expect.poll(() => field(text('forms.editLocation.fields.name')).inputValue(), slow).toBe(NAME);
    expect(await field(text('fields.street')).inputValue()).toBe(ADDRESS.street);
    // Cancel, not Escape: with the focus in the picker, Escape first closes its list
    await dialog()
      .getByRole('button', { name: text('ui.form.cancel'), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
  });

  it('adds a location', async () => {
    await openAction('addLocation');
    await expect.poll(() => field(text('forms.addLocation.fields.name')).inputValue()).toBe('');
    await field(text('forms.addLocation.fields.name')).fill(BRANCH.name);
    await field(text('fields.street')).fill(BRANCH.street);
    await field(text('fields.house')).fill(BRANCH.house);
    await field(text('fields.zip')).fill(BRANCH.zip);
    await field(text('fields.city')).fill(BRANCH.city);
    await dialog()
      .getByRole('button', { name: text('ui.form.submit'), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    const locations = await openTab('locations');
    await expect.poll(() => locations.locator('tbody tr').count()).toBe(2);
    expect(await locations.locator('tbody tr').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining(BRANCH.name)]),
    );
  });

  it('sets a SEPA mandate in the payment data; the offered actions follow', async () => {
    const offered = () => actionTiles(detail(), text('ui.actions.showMore')).offered();
    expect(await offered()).toEqual(expect.arrayContaining([actionLabel('deactivate')]));
    expect(await offered()).not.toContain(actionLabel('removeSepaMandate'));
    await openAction('paymentData');
    await choose(
      field(text('fields.paymentMethod'), 'combobox'),
      enumLabel('paymentMethod', 'direct_debit_mandate'),
    );
    await field(text('fields.accountOwner')).fill(RENAMED);
    await field(text('fields.iban')).fill(IBAN);
    await field(text('forms.paymentData.fields.city')).fill('Hamburg');
    await field(text('forms.paymentData.fields.date')).fill('01.02.2026');
    await field(text('fields.referenceNumber')).fill('MREF-KONTOR-1');
    await field(text('fields.sepaMandateAvailable'), 'checkbox').check();
    await dialog()
      .getByRole('button', { name: text('ui.form.submit'), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    const payment = await openTab('paymentData');
    await expect.poll(() => textOf(payment)).toContain('MREF-KONTOR-1');
    expect(await textOf(payment)).toContain(enumLabel('paymentMethod', 'direct_debit_mandate'));
    expect((await textOf(payment)).replace(/\s/g, '')).toContain(IBAN);
    expect(await textOf(payment)).toContain('01.02.2026');
    // the server's permissions, asked again after the command: a mandate can be removed, and it
    // blocks deactivating the customer
    await expect.poll(offered, slow).toContain(actionLabel('removeSepaMandate'));
    expect(await offered()).not.toContain(actionLabel('deactivate'));

    // opened again, the dialog shows the stored mandate
    await openAction('paymentData');
    await expect.poll(() => field(text('fields.referenceNumber')).inputValue()).toBe('MREF-KONTOR-1');
    expect(await field(text('forms.paymentData.fields.city')).inputValue()).toBe('Hamburg');
    // Cancel, not Escape: with the focus in the picker, Escape first closes its list
    await dialog()
      .getByRole('button', { name: text('ui.form.cancel'), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
  });

  it('says why no location fits "Postanschrift löschen"', async () => {
    await openAction('deletePostAddress');
    await expect
      .poll(() => dialog().getByTestId('command-blocked').textContent())
      .toBe(text('ui.actions.noTarget.deletePostAddress'));
    expect(
      await dialog()
        .getByRole('button', { name: text(commands.deletePostAddress.label), exact: true })
        .isDisabled(),
    ).toBe(true);
    await dialog()
      .getByRole('button', { name: text('ui.form.cancel') })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
  });

  it('deactivates a location through the picker; a refusal keeps the dialog open with its reason', async () => {
    await openAction('deactivateLocation');
    await expect
      .poll(() => dialog().getByRole('heading').first().textContent())
      .toBe(actionLabel('deactivateLocation'));
    expect(await textOf(dialog())).toContain(text(`messages.${commands.deactivateLocation.confirm}`));
    const confirm = dialog().getByRole('button', {
      name: text(commands.deactivateLocation.label),
      exact: true,
    });
    expect(await confirm.isDisabled()).toBe(true);
    const picker = dialog().getByRole('combobox', { name: text('entities.location.name') });
    await picker.fill('Harburg');
    const options = page.getByRole('option');
    await expect.poll(() => options.count()).toBe(1);
    expect(await textOf(options.first())).toContain(
      `${BRANCH.street} ${BRANCH.house}, ${BRANCH.zip} ${BRANCH.city}`,
    );
    await options.first().click();
    await expect.poll(() => confirm.isDisabled()).toBe(false);
    // polled: the enabled button's colour fades in
    await expect.poll(() => seriousA11yViolations(page), slow).toEqual([]);

    const deactivate = '**/api/location/*/deactivate';
    await page.route(deactivate, (route) =>
      route.fulfill({
        status: 409,
        json: {
          statusCode: 409,
          code: 'changesNotSaved',
          reason: 'debtors.deactivationBlocked',
          message: 'Server text',
        },
      }),
    );
    await confirm.click();
    await expect
      .poll(() => dialog().getByRole('alert').textContent(), slow)
      .toBe(text('messages.debtors.deactivationBlocked'));
    await page.unroute(deactivate);

    await confirm.click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    await expect.poll(() => snackbar(text('messages.changesSaved')).count(), slow).toBeGreaterThan(0);
    const locations = await openTab('locations');
    const branch = locations.locator('tbody tr').filter({ hasText: BRANCH.name });
    await expect.poll(() => textOf(branch)).toContain(enumLabel('debtorStatus', 'inactive'));
    // the other location keeps the customer active
    const header = await textOf(detail().locator('dl').first());
    expect(header).toContain(enumLabel('debtorStatus', 'active'));
  });

  it('checks the solvency and shows the traffic light before closing', async () => {
    await openAction('checkSolvency');
    await dialog()
      .getByRole('button', { name: text(commands.determineSolvency.label), exact: true })
      .click();
    const result = dialog().getByTestId('solvency-result');
    await expect.poll(() => result.count(), slow).toBe(1);
    const { solvency } = await api(`/debtor/show/${debtorId}`);
    const shown = await textOf(result);
    expect(shown).toContain(enumLabel('solvencyColor', solvency.color));
    expect(shown).toContain(
      `${solvency.reasonCode} – ${enumLabel('solvencyReasonCodeBusiness', solvency.reasonCode)}`,
    );
    await dialog()
      .getByRole('button', { name: text('ra.action.close') })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
  });

  it('lists every step in the history tab', async () => {
    const history = await openTab('history');
    const entries = history.getByTestId('debtor-history-entry');
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(6);
    const all = (await entries.allInnerTexts()).join('\n');
    for (const event of [
      'debtorCreated',
      'debtorUpdated',
      'locationAdded',
      'paymentDataUpdated',
      'locationDeactivated',
      'solvencyDetermined',
    ]) {
      expect(all).toContain(text(`history.${event}`));
    }
    expect(all).toContain(BRANCH.name);
    expect(all).toContain('MREF-KONTOR-1');
  });

  it('says when the ident check matched an existing customer, who then gets a new location', async () => {
    await page.goto(`${portal.baseUrl}/debtors?createDebtor=true`);
    await field(text('forms.createDebtor.fields.name')).fill(RENAMED);
    await field(text('fields.street')).fill('Am Kai');
    await field(text('fields.house')).fill('7');
    await field(text('fields.zip')).fill(ADDRESS.zip);
    await field(text('fields.city')).fill(ADDRESS.city);
    await dialog()
      .getByRole('button', { name: text(commands.identCheck.label), exact: true })
      .click();
    await expect
      .poll(() => dialog().getByTestId('ident-check-existing').textContent(), slow)
      .toBe(text('ui.identCheck.existingDebtor', 'SMAFA', { name: RENAMED }));
    await dialog()
      .getByRole('button', { name: text('ui.form.cancel'), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    expect(page.url()).not.toContain('createDebtor');
  });
});
