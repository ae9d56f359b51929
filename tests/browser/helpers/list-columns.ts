import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { escapeRegExp, germanText } from './texts';

/** The header texts of the page's first list, one space between words. */
export async function listHeaders(page: Page): Promise<string[]> {
  return (await page.locator('thead').first().locator('th').allInnerTexts()).map((text) =>
    text.replace(/\s+/g, ' ').trim(),
  );
}

/**
 * Shows a column the list left out for want of width, as a user does: "Spalten", tick it, close.
 * Does nothing when the column is already shown.
 *
 * @example await showColumn(page, 'Hochgeladen am');
 */
export async function showColumn(page: Page, label: string): Promise<void> {
  if ((await listHeaders(page)).some((text) => text.startsWith(label))) return;
  await page.getByRole('button', { name: germanText('ui.list.columns'), exact: true }).click();
  const item = page.getByRole('menuitemcheckbox', { name: new RegExp(`^${escapeRegExp(label)}`) });
  // the list may have fitted the column in since the headers were read (its width settles while a
  // loaded page lays out): the menu's tick is what the click would change, so read it there
  if ((await item.getAttribute('aria-checked')) !== 'true') await item.click();
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await listHeaders(page)).some((text) => text.startsWith(label))).toBe(true);
}

/**
 * Makes a column the user's own choice, as a user does who wants it to stay: a column the list
 * filled in by its priority (ticked, but not chosen) is unticked and ticked again; one left out is
 * ticked. A chosen column keeps its place when others are switched on (issue 28).
 *
 * @example await chooseColumn(page, 'SAP-Nummer');
 */
export async function chooseColumn(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: germanText('ui.list.columns'), exact: true }).click();
  const item = page.getByRole('menuitemcheckbox', { name: new RegExp(`^${escapeRegExp(label)}`) });
  if ((await item.getAttribute('aria-checked')) === 'true') {
    await item.click();
    await expect.poll(() => item.getAttribute('aria-checked')).toBe('false');
  }
  await item.click();
  await expect.poll(() => item.getAttribute('aria-checked')).toBe('true');
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await listHeaders(page)).some((text) => text.startsWith(label))).toBe(true);
}
