import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../generated/commands';
import { forms } from '../../generated/forms';
import { resources } from '../../generated/resources';
import { seriousA11yViolations } from './helpers/axe';
import { actionTiles } from './helpers/action-tiles';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { escapeRegExp, germanText as text } from './helpers/texts';

/**
 * Admin functions (issue 11): the state-of-affairs import — choose a CSV, see the preview with a row
 * error, go back and choose the corrected file, import, see the result; a creditor's master data
 * edited in the prefilled dialog; DOC2Portal switched for the creditor's main user; its case file sent; an external
 * voucher created (and a second transfer of its number refused); a debtor-assignment case assigned through the
 * searchable pickers.
 */
const PORT = 3520;
const slow = { timeout: 30_000 };

const HEADER =
  'code;title;text;followUpAction;rejectAction;acceptFileRequired;rejectFileRequired;optionType;optionCode;optionText;fullAmount;noteRequired';
const csv = (...rows: string[]) => Buffer.from(`${[HEADER, ...rows].join('\r\n')}\r\n`, 'utf8');

describe.skipIf(!chromiumAvailable())('admin functions', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const dialog = () => page.getByRole('dialog');
  /** An admin API answer, with the logged-in admin's token. */
  const api = async (path: string) => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    return (
      await fetch(`${portal.baseUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json();
  };
  /** The second SMAFA demo creditor as the admin list shows it. */
  const secondCreditor = async () =>
    (await api('/creditor/list?rowsPerPage=100')).creditors.find(
      (c: any) => c.user?.username === 'creditor2@example.com',
    );
  /** A creditor's detail, opened; answers its action tiles (all of them, "Mehr anzeigen" opened). */
  const creditorDetail = async (creditorId: number) => {
    await page.goto(`${portal.baseUrl}/creditors/${creditorId}`);
    return actionTiles(page.getByTestId('resource-detail'), text('ui.actions.showMore'));
  };

  beforeAll(async () => {
    ensureClientBuilt();
    portal = await startPortal(PORT);
    browser = await launchChromium();
    context = await germanContext(browser);
    page = await context.newPage();
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill('admin@example.com');
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await portal?.stop();
  });

  it('imports a state-of-affairs CSV: preview with a row error, fix, import, result', async () => {
    await page.goto(`${portal.baseUrl}/admin-actions`);
    await page.getByRole('link', { name: text(forms.stateOfAffairsImport.label) }).click();
    await expect
      .poll(() => dialog().getByRole('heading').first().textContent(), slow)
      .toBe(text(forms.stateOfAffairsImport.label));
    // the example CSV is offered
    await expect.poll(() => dialog().getByTestId('state-of-affairs-example').isVisible(), slow).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const files = dialog().getByRole('button', {
      name: text(forms.stateOfAffairsImport.labels.files),
      exact: true,
    });
    const good = [
      'SV-950;Browser-Frage;;default;default;nein;nein;accepted;JA;Ja;ja;nein',
      'SV-950;Browser-Frage;;default;default;nein;nein;rejected;NEIN;Nein;ja;nein',
    ];
    await files.setInputFiles({
      name: 'fehler.csv',
      mimeType: 'text/csv',
      buffer: csv(good[0], good[1].replace(';ja;nein', ';ja;vielleicht')),
    });
    const previewButton = dialog().getByRole('button', {
      name: text(commands.previewStateOfAffairsImport.label),
      exact: true,
    });
    await previewButton.click();
    await expect
      .poll(() => dialog().getByTestId('preview-row-3').textContent(), slow)
      .toContain('„vielleicht“ ist kein Ja/Nein-Wert');
    expect(await dialog().getByTestId('preview-row-2').textContent()).toContain(
      text('ui.stateOfAffairsImport.ok'),
    );
    const importButton = dialog().getByRole('button', {
      name: text(commands.importStatesOfAffairs.label),
      exact: true,
    });
    expect(await importButton.isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // back to the form, the corrected file instead
    await dialog()
      .getByRole('button', { name: text('ra.action.back'), exact: true })
      .click();
    await dialog()
      .getByRole('button', { name: `${text('ra.action.remove')}: fehler.csv` })
      .click();
    await files.setInputFiles({ name: 'korrigiert.csv', mimeType: 'text/csv', buffer: csv(...good) });
    await previewButton.click();
    await expect
      .poll(() => dialog().getByTestId('state-of-affairs-preview').textContent(), slow)
      .toContain('SV-950');
    await expect.poll(() => importButton.isDisabled(), slow).toBe(false);
    await importButton.click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    // the result: the server's message (succeeded, or succeeded with the clean-up of used states failed)
    await expect
      .poll(
        async () =>
          (await page.getByText(text('messages.stateOfAffairsImport.succeeded')).count()) +
          (await page.getByText(/Aufräumen ist fehlgeschlagen/).count()),
        slow,
      )
      .toBeGreaterThan(0);
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const example = await fetch(`${portal.baseUrl}/api/state-of-affairs/import/example`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await example.text()).toContain('SV-950;Browser-Frage');
  });

  it('edits a creditor in the prefilled dialog', async () => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const list = await fetch(`${portal.baseUrl}/api/creditor/list?rowsPerPage=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { creditors } = await list.json();
    const creditorId = creditors.find((c: any) => c.user?.username === 'creditor2@example.com').identifier;
    await page.goto(`${portal.baseUrl}/creditors/${creditorId}`);
    const detail = page.getByTestId('resource-detail');
    const label = text(resources.creditors.detail.actions.find((action) => action.key === 'edit')!.label);
    await expect
      .poll(() => detail.getByRole('button', { name: label, exact: true }).count(), slow)
      .toBeGreaterThan(0);
    await detail.getByRole('button', { name: label, exact: true }).click();
    const field = (name: string) =>
      dialog().getByRole('textbox', { name: text(forms.editCreditor.labels[name]), exact: true });
    // prefilled with the creditor's data
    await expect.poll(() => field('companyName').inputValue(), slow).not.toBe('');
    expect(await field('city').inputValue()).not.toBe('');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await field('city').fill('Flensburg');
    await dialog()
      .getByRole('button', { name: text(forms.editCreditor.submitLabel), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    await expect
      .poll(() => page.getByText(text('adminCommands.creditorUpdated')).count(), slow)
      .toBeGreaterThan(0);
    const details = await fetch(`${portal.baseUrl}/api/creditor/${creditorId}/details`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect((await details.json()).contact.city).toBe('Flensburg');
  });

  it('changes the minimum annual service fee in the dialog prefilled with the current period', async () => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const headers = { Authorization: `Bearer ${token}` };
    const { creditors } = await (
      await fetch(`${portal.baseUrl}/api/creditor/list?rowsPerPage=100`, { headers })
    ).json();
    const creditorId = creditors.find((c: any) => c.user?.username === 'creditor2@example.com').identifier;
    const before = (
      await (await fetch(`${portal.baseUrl}/api/creditor/${creditorId}/details`, { headers })).json()
    ).serviceFeePeriod;
    await page.goto(`${portal.baseUrl}/creditors/${creditorId}`);
    const detail = page.getByTestId('resource-detail');
    const label = text(
      resources.creditors.detail.actions.find((action) => action.key === 'minimumAnnualServiceFee')!.label,
    );
    // four tiles per row, the rest behind "Mehr anzeigen"
    await actionTiles(detail, text('ui.actions.showMore')).open(label);
    const form = forms.editMinimumAnnualServiceFee;
    const fee = dialog().getByRole('textbox', { name: text(form.labels.currentAnnualServiceFee) });
    // prefilled with the current period's fee (German money input)
    await expect.poll(() => fee.inputValue(), slow).not.toBe('');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fee.fill('1.234,00');
    await dialog()
      .getByRole('button', { name: text(form.submitLabel), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    await expect
      .poll(() => page.getByText(text('adminCommands.serviceFeePeriodSaved')).count(), slow)
      .toBeGreaterThan(0);
    const after = (
      await (await fetch(`${portal.baseUrl}/api/creditor/${creditorId}/details`, { headers })).json()
    ).serviceFeePeriod;
    expect(after).toMatchObject({ currentAnnualServiceFee: 123_400, start: before.start, end: before.end });
  });

  it('switches DOC2Portal (invoices) in the creditor detail for its main user and sees the effect', async () => {
    const creditorId = (await secondCreditor()).identifier;
    const before = (await api(`/creditor/${creditorId}/details`)).invoicesEnabled;
    const actionOf = (key: string) => resources.creditors.detail.actions.find((a) => a.key === key)!;
    const [action, opposite] = before
      ? [actionOf('disableDoc2portal'), actionOf('enableDoc2portal')]
      : [actionOf('enableDoc2portal'), actionOf('disableDoc2portal')];
    const form = forms[action.dialog!];
    const tiles = await creditorDetail(creditorId);
    await tiles.open(text(action.label));
    // the main user the switch is sent for, shown by its label (read-only, not "optional")
    const mainUser = dialog().getByRole('textbox', { name: text(form.labels.username), exact: true });
    await expect.poll(() => mainUser.inputValue(), slow).toBe('creditor2@example.com');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog()
      .getByRole('button', { name: text(form.submitLabel), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    await expect.poll(() => page.getByText(text('messages.changesSaved')).count(), slow).toBeGreaterThan(0);
    // the detail now offers the way back, and the creditor's flag is switched
    await expect.poll(() => tiles.offered(), slow).toContain(text(opposite.label));
    expect(await tiles.offered()).not.toContain(text(action.label));
    expect((await api(`/creditor/${creditorId}/details`)).invoicesEnabled).toBe(!before);
  });

  it("sends a creditor's case file from its detail, naming it by its SAP number", async () => {
    const creditor = await secondCreditor();
    expect(creditor.isSendToSap).toBe(true);
    const tiles = await creditorDetail(creditor.identifier);
    await tiles.open(text(resources.creditors.detail.actions.find((a) => a.key === 'sendCaseFile')!.label));
    const sent = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && request.url().includes('/api/creditor/creditor-cor-send-case-file/'),
    );
    await dialog()
      .getByRole('button', { name: text(commands.sendCaseFile.label), exact: true })
      .click();
    expect(new URL((await sent).url()).pathname).toBe(
      `/api/creditor/creditor-cor-send-case-file/${creditor.sapNumber}`,
    );
    await expect
      .poll(() => page.getByText(text('adminCommands.caseFileSent')).count(), slow)
      .toBeGreaterThan(0);
  });

  it('creates an external voucher for a creditor chosen by name and SAP number; a second transfer of its number is refused', async () => {
    const { sapNumber, name } = await secondCreditor();
    const logged = async () =>
      (await api('/action-log/list?rowsPerPage=15&filters[actionType][]=external_voucher_create'))
        .count as number;
    const before = await logged();
    expect(before).toBeTypeOf('number');
    const form = forms.externalVoucher;
    const customNumber = `EXT-${Date.now()}`;
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      'latin1',
    );
    await page.goto(`${portal.baseUrl}/admin-actions`);
    const createVoucher = async () => {
      await page.getByRole('link', { name: text(form.label) }).click();
      await expect
        .poll(() => dialog().getByRole('heading').first().textContent(), slow)
        .toBe(text(form.label));
      await dialog()
        .getByRole('combobox', { name: text(form.labels.creditorSapNumber) })
        .click();
      // the creditor by its name, SAP number and city — not by a bare SAP number (issue 28 item 10)
      const option = page.getByRole('option', {
        name: new RegExp(`^${escapeRegExp(name)} · SAP ${sapNumber}\\b`),
      });
      expect(await page.getByRole('option', { name: sapNumber, exact: true }).count()).toBe(0);
      await option.click();
      await dialog()
        .getByRole('button', { name: text(form.labels.files), exact: true })
        .setInputFiles({
          name: 'rechnung.pdf',
          mimeType: 'application/pdf',
          buffer: pdf,
        });
      await dialog()
        .getByRole('textbox', { name: text(form.labels.customNumber) })
        .fill(customNumber);
      await dialog()
        .getByRole('button', { name: text(form.submitLabel), exact: true })
        .click();
    };

    await createVoucher();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    await expect
      .poll(() => page.getByText(text('messages.externalVoucher.created')).count(), slow)
      .toBeGreaterThan(0);
    expect(await logged()).toBe(before + 1);

    // bnet takes a voucher number once: the dialog stays open with the spec's error, nothing is created
    await createVoucher();
    await expect
      .poll(() => dialog().getByRole('alert').textContent(), slow)
      .toContain(text('messages.externalVoucher.transferFailed'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await logged()).toBe(before + 1);
    await dialog()
      .getByRole('button', { name: text('ra.action.cancel'), exact: true })
      .click();
  });

  it('assigns a case to a debtor and location picked from searchable lists', async () => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const get = async (path: string) =>
      (await fetch(`${portal.baseUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    const { debtorAssignments } = await get('/debtor-assignment-list?rowsPerPage=100');
    let chosen: { id: number; debtor: any } | undefined;
    for (const entry of debtorAssignments.filter((e: any) =>
      ['in_review', 'open', 'progress'].includes(e.status),
    )) {
      const details = await get(`/debtor-assignment-details/${entry.identifier}`);
      const debtor = (details.debtors ?? []).find((d: any) =>
        (d.locations ?? []).some((l: any) => ['active', 'reactivated'].includes(l.status)),
      );
      if (debtor) {
        chosen = { id: entry.identifier, debtor };
        break;
      }
    }
    expect(chosen, 'an open case with a candidate debtor in the demo data').toBeTruthy();
    await page.goto(`${portal.baseUrl}/assign-debtors/${chosen!.id}`);
    const detail = page.getByTestId('resource-detail');
    const label = text(
      resources.assignDebtors.detail.actions.find((action) => action.key === 'assign')!.label,
    );
    await expect
      .poll(() => detail.getByRole('button', { name: label, exact: true }).count(), slow)
      .toBeGreaterThan(0);
    await detail.getByRole('button', { name: label, exact: true }).click();
    const debtorPicker = dialog().getByRole('combobox', {
      name: text(forms.assignDebtor.labels.debtorIdentifier),
    });
    await debtorPicker.fill(chosen!.debtor.name.slice(0, 6));
    await page.getByRole('option').filter({ hasText: chosen!.debtor.name }).first().click();
    const locationPicker = dialog().getByRole('combobox', {
      name: text(forms.assignDebtor.labels.locationIdentifier),
    });
    if (!(await locationPicker.inputValue())) {
      await locationPicker.click();
      await page.getByRole('option').first().click();
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog()
      .getByRole('button', { name: text(commands.assignDebtor.label), exact: true })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    await expect
      .poll(async () => (await get(`/debtor-assignment-details/${chosen!.id}`)).status, slow)
      .toBe('accepted');
  });
});
