import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Runs axe on the page and returns the serious and critical violations in a readable form
 * (empty when the page passes). Waits first until no transition runs: a menu or dialog fading in or
 * out is half transparent, and axe would measure the contrast of the fade, not of the page.
 * With a modal dialog open only the dialog is checked.
 */
const MODAL = '[role="dialog"][aria-modal="true"]';

/**
 * A table's rows past the 30th: the same row component again with other values. Checking them adds
 * nothing a rule could find (contrast, names and roles do not depend on the values) but took axe
 * 45 s on the variant comparison's 400 rows — a third of a browser file's time in CI.
 */
const REPEATED_ROWS = 'table tbody tr:nth-child(n+31)';

export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // only the violations are read: axe need not gather the nodes of every passed rule (a third faster)
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).exclude(REPEATED_ROWS);
  // an open modal dialog is all a user can reach (the page beneath is inert and was checked on its
  // own, without the dialog): axe checks the dialog alone — half the work or less on a long list
  if ((await page.locator(MODAL).count()) > 0) axe.include(MODAL);
  const result = await axe.analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n${violation.nodes
          .slice(0, 5)
          .map((node) => `  ${node.target.join(' ')} — ${node.failureSummary?.replace(/\n/g, ' ')}`)
          .join('\n')}`,
    );
}
