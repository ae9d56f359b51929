import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { ROOT } from './client-build';
import { networkQuiet } from './network';

/** the stored baselines (in the repository) and where a failed comparison leaves what it saw */
export const BASELINE_DIR = path.join(ROOT, 'tests/browser/__screenshots__');
export const FAILURE_DIR = path.join(ROOT, 'test-results/screenshots');

/**
 * pixelmatch's per-pixel colour threshold (0–1; its default 0.1): smaller differences are the same
 * colour. Anti-aliased pixels are not counted at all (pixelmatch detects them).
 */
const PIXEL_THRESHOLD = 0.1;
/**
 * The share of differing pixels a screen may have and still match: 0.1 % (about 1,300 pixels of a
 * 1440 × 900 screen) absorbs a glyph rendered a shade differently; a moved column, a wrapped
 * header, a missing button or a sideways-scrolling page differs in far more.
 */
export const MAX_DIFF_RATIO = 0.001;

/** `UPDATE_SCREENSHOTS=1`: rewrite the baselines from this run instead of comparing. */
const updating = () => process.env.UPDATE_SCREENSHOTS === '1';

/** Text that changes from day to day or minute to minute: German dates and times, relative times. */
const VOLATILE_TEXT = String.raw`\b\d{1,2}\.\d{1,2}\.(\d{4}|\d{2})\b|\b\d{1,2}:\d{2}\b|\b(vor|seit) \d+ (Sekunde|Minute|Stunde|Tag|Woche|Monat)|\b(heute|gestern)\b`;

/**
 * Marks every element whose own text is volatile (the demo data's dates move with the day the seed
 * ran; times and relative times with the clock) with `data-volatile`, so a screenshot masks it.
 * Only the innermost element is marked: its box, not the whole row, is covered.
 */
async function markVolatile(page: Page, numbersIn?: string): Promise<Locator> {
  await page.evaluate(
    ({ pattern, numbersIn }) => {
      const volatile = new RegExp(pattern, 'i');
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent) continue;
        const figure =
          numbersIn !== undefined && parent.closest(numbersIn) && /\d/.test(node.textContent ?? '');
        if (figure || volatile.test(node.textContent ?? '')) parent.setAttribute('data-volatile', '');
      }
      // inputs show their value outside the text nodes (a prefilled date field)
      for (const input of document.querySelectorAll('input')) {
        if (volatile.test(input.value)) input.setAttribute('data-volatile', '');
      }
    },
    { pattern: VOLATILE_TEXT, numbersIn },
  );
  return page.locator('[data-volatile]');
}

/**
 * A screenshot of the settled page: fonts loaded, no request or progress bar pending, no
 * transition running (animations are frozen), volatile text masked and the caret hidden; taken
 * again until two in a row are the same (a chart drawing itself in with JavaScript).
 * `numbersIn`: a selector whose every figure is volatile too (the dashboard's sums over "this
 * year" or "the last 90 days" move with the day the demo data was seeded relative to).
 */
export async function settledScreenshot(page: Page, numbersIn?: string): Promise<Buffer> {
  await networkQuiet(page).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page
    .locator('.MuiLinearProgress-root, .MuiCircularProgress-root, .MuiSkeleton-root')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  let previous: Buffer | undefined;
  for (let attempt = 0; attempt < 8; attempt++) {
    const mask = await markVolatile(page, numbersIn);
    const shot = await page.screenshot({
      animations: 'disabled',
      caret: 'hide',
      mask: [mask],
      maskColor: '#FF00FF',
    });
    if (previous && shot.equals(previous)) return shot;
    previous = shot;
    await page.waitForTimeout(400);
  }
  return previous!;
}

/** The outcome of comparing a screenshot with its baseline: what failed, readable, or null. */
export function compareWithBaseline(name: string, actual: Buffer): string | null {
  const file = path.join(BASELINE_DIR, `${name}.png`);
  if (updating()) {
    mkdirSync(BASELINE_DIR, { recursive: true });
    writeFileSync(file, actual);
    return null;
  }
  if (!existsSync(file)) {
    mkdirSync(BASELINE_DIR, { recursive: true });
    writeFileSync(file, actual);
    return `no baseline for "${name}": written to ${path.relative(ROOT, file)} — look at it, commit it, run again`;
  }
  const expected = PNG.sync.read(readFileSync(file));
  const seen = PNG.sync.read(actual);
  mkdirSync(FAILURE_DIR, { recursive: true });
  const keep = () => writeFileSync(path.join(FAILURE_DIR, `${name}.actual.png`), actual);
  if (expected.width !== seen.width || expected.height !== seen.height) {
    keep();
    return `"${name}" is ${seen.width}×${seen.height}, its baseline ${expected.width}×${expected.height}`;
  }
  const diff = new PNG({ width: seen.width, height: seen.height });
  const differing = pixelmatch(expected.data, seen.data, diff.data, seen.width, seen.height, {
    threshold: PIXEL_THRESHOLD,
  });
  const ratio = differing / (seen.width * seen.height);
  if (ratio <= MAX_DIFF_RATIO) return null;
  keep();
  writeFileSync(path.join(FAILURE_DIR, `${name}.diff.png`), PNG.sync.write(diff));
  return `"${name}" differs from its baseline in ${differing} pixels (${(ratio * 100).toFixed(2)} %, at most ${(
    MAX_DIFF_RATIO * 100
  ).toFixed(
    2,
  )} % allowed): see ${path.relative(ROOT, FAILURE_DIR)}/${name}.diff.png; a wanted change: UPDATE_SCREENSHOTS=1`;
}
