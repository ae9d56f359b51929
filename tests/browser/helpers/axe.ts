import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import type { Frame, Page } from 'playwright-core';

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

/** axe-core's browser bundle, read once per worker */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core in a frame, loaded once per document: an SPA keeps its document across its routes, so
 * later checks of the same page only run the rules. (@axe-core/playwright sent the 550 KB source
 * again on every check and finished each run in a new blank page: 4–5 s of CPU per check against
 * 1.5 s, about a quarter of the browser suite's Chromium time in CI.) A frame that cannot take it (a PDF
 * viewer, a frame gone meanwhile) is left out.
 */
async function ensureAxe(frame: Frame): Promise<void> {
  const loaded = await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!loaded) await frame.evaluate(`${AXE_SOURCE}\n;axe.configure({ allowedOrigins: ['<same_origin>'] });`);
}

/** axe.run on the page (same-origin frames included), as axe-core documents it. */
export async function runAxe(page: Page, context: ElementContext, options: RunOptions): Promise<AxeResults> {
  await ensureAxe(page.mainFrame());
  for (const frame of page.frames().filter((candidate) => candidate !== page.mainFrame())) {
    // a frame that cannot take axe (a PDF viewer, a frame gone meanwhile) is not checked, as
    // @axe-core/playwright's legacy mode leaves it out
    await Promise.race([ensureAxe(frame), new Promise((resolve) => setTimeout(resolve, 5_000))]).catch(() => undefined);
  }
  // the arguments and the answer cross as JSON (plain types: playwright's generic mapping of axe's
  // own types would make the type check crawl)
  const answer: unknown = await page.evaluate(
    (args: string) => {
      const { ctx, opts } = JSON.parse(args);
      return (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(ctx, opts);
    },
    JSON.stringify({ ctx: context, opts: options }),
  );
  return answer as AxeResults;
}

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
  // an open modal dialog is all a user can reach (the page beneath is inert and was checked on its
  // own, without the dialog): axe checks the dialog alone — half the work or less on a long list
  const modal = (await page.locator(MODAL).count()) > 0;
  // only the violations are read: axe need not gather the nodes of every passed rule (a third faster)
  const result = await runAxe(
    page,
    modal ? { include: [MODAL], exclude: [REPEATED_ROWS] } : { exclude: [REPEATED_ROWS] },
    { resultTypes: ['violations'] },
  );
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
