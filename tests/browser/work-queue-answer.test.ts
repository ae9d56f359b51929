import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../generated/forms';
import { resources } from '../../generated/resources';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';

/**
 * The demo creditor answers a work-queue decision (issue 9 item 4): opens it from the list, chooses
 * an answer among the item's options (no free text), adds a note, sends — the item is sent and the
 * toolbar's unhandled badge falls.
 */
const PORT = 3411;
const slow = { timeout: 15_000 };
const answerLabel = text(resources.workQueue.detail.actions.find((action) => action.key === 'answer')!.label);

interface Option {
  code: string;
  text: string;
  noteRequired: boolean;
}
interface Item {
  identifier: number;
  title: string;
  status: string;
  stateOfAffairs: {
    acceptedOptions: Option[];
    rejectedOptions: Option[];
    followUpAction: string;
    rejectAction: string;
    acceptFileRequired: boolean;
    rejectFileRequired: boolean;
  } | null;
}

describe.skipIf(!chromiumAvailable())('creditor answers a work-queue decision', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let item: Item;
  let option: Option;
  let unhandledBefore: number;

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

  const dialog = () => page.getByRole('dialog', { name: text(forms.workQueueAnswer.label) });
  const detail = () => page.getByTestId('resource-detail');
  const api = async (path: string) => {
    const token = await page.evaluate(() => localStorage.getItem('kontor.token'));
    const response = await fetch(`${portal.baseUrl}/api${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return response.json();
  };
  const badge = () => page.getByTestId('work-queue-badge').locator('.MuiBadge-badge');

  it('logs in and finds an open decision with an answer that needs no further action', async () => {
    await page.goto(`${portal.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByLabel(text('ra.auth.email')).fill('creditor@example.com');
    await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
    await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
    const { items } = (await api('/user-information/work-queue/list?rowsPerPage=100')) as { items: Item[] };
    for (const candidate of items) {
      const state = candidate.stateOfAffairs;
      if (!state || !['open', 'read'].includes(candidate.status)) continue;
      // a rejection that leads to no follow-up and needs no file: the answer alone is the decision
      const fitting =
        state.rejectAction === 'default' && !state.rejectFileRequired ? state.rejectedOptions[0] : undefined;
      if (fitting) {
        item = candidate;
        option = fitting;
        break;
      }
    }
    expect(item, 'an open decision of the demo creditor').toBeDefined();
    unhandledBefore = (await api('/user-information/work-queue/count-unhandled')).count;
    await expect.poll(async () => Number(await badge().textContent()), slow).toBe(unhandledBefore);
  });

  it("opens the decision and its answer dialog with the item's options", async () => {
    await page.goto(`${portal.baseUrl}/work-queue/${item.identifier}`);
    const tile = detail().getByRole('button', { name: answerLabel, exact: true });
    await expect.poll(() => tile.count(), slow).toBe(1);
    await tile.click();
    await expect.poll(() => dialog().count(), slow).toBe(1);
    const offered = [...item.stateOfAffairs!.acceptedOptions, ...item.stateOfAffairs!.rejectedOptions].map(
      (o) => o.text,
    );
    for (const name of offered) expect(await dialog().getByRole('radio', { name }).count(), name).toBe(1);
    // there is no free text for the answer itself
    expect(await dialog().getByRole('textbox').count()).toBe(0);
  });

  it('passes axe with the dialog open', async () => {
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('asks for an answer first, then shows what the chosen answer leads to', async () => {
    await dialog()
      .getByRole('button', { name: text(forms.workQueueAnswer.submitLabel) })
      .click();
    await expect.poll(() => dialog().getByText(text('validation.required')).count(), slow).toBeGreaterThan(0);
    await dialog().getByRole('radio', { name: option.text }).check();
    await expect
      .poll(() => dialog().getByTestId('work-queue-follow-up').textContent(), slow)
      .toBe(`${text('fields.followUpAction')}: ${text('enums.workQueueFollowUp.default')}`);
  });

  it('sends the answer with a note: the item is sent and the badge falls', async () => {
    await dialog().getByRole('textbox').fill('Mit dem Kunden telefonisch geklärt.');
    await dialog()
      .getByRole('button', { name: text(forms.workQueueAnswer.submitLabel) })
      .click();
    await expect.poll(() => dialog().count(), slow).toBe(0);
    const shown = await api(`/user-information/work-queue/show/${item.identifier}`);
    expect(shown).toMatchObject({ status: 'send', answerCode: option.code });
    expect(shown.messages.at(-1).text).toContain('Mit dem Kunden telefonisch geklärt.');
    await expect.poll(async () => Number(await badge().textContent()), slow).toBe(unhandledBefore - 1);
    // answered: the action is offered no more
    await expect
      .poll(() => detail().getByRole('button', { name: answerLabel, exact: true }).count(), slow)
      .toBe(0);
  });
});
