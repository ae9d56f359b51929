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
  await page.getByRole('menuitemcheckbox', { name: new RegExp(`^${escapeRegExp(label)}`) }).click();
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await listHeaders(page)).some((text) => text.startsWith(label))).toBe(true);
}
