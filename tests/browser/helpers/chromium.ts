import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { chromiumPath } from './chromium-path';

/** Debian's headless shell or Chromium (./chromium-path.ts); CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = chromiumPath();

/**
 * Whether the browser suite can run. Without Chromium it fails loudly in CI and is skipped with
 * a loud warning elsewhere.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const message = `Chromium not found at ${CHROMIUM_PATH} — install it with: apt-get install -y chromium-headless-shell (or chromium)`;
  if (process.env.CI) throw new Error(`BROWSER TESTS CANNOT RUN IN CI: ${message}`);
  console.warn(`\n${'!'.repeat(80)}\n!!! BROWSER TESTS SKIPPED: ${message}\n${'!'.repeat(80)}\n`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      // no optimizing compiler (TurboFan) for the pages' JavaScript: a test's pages live seconds, too
      // short for optimized code to pay back its compiling; a login and six list loads cost Chromium
      // ~9 % less CPU (bench/README.md, "CI time", sixth round)
      '--js-flags=--no-opt',
      // variant hosts such as tpf.localhost must reach the local server
      '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1',
    ],
  });
}

/** how long a browser action waits for its element (see germanContext) */
export const ACTION_WAIT = 60_000;

/**
 * A German browser context, as the portal's users have — one that has answered the cookie banner
 * already (declined), so the banner covers nothing; `tests/browser/selfservice.test.ts` tests it.
 */
export async function germanContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: { width: 1440, height: 900 },
  });
  // an action (click, fill, setInputFiles) waits up to 60 s for its element instead of Playwright's
  // 30: beside CI's API lanes (a load of 12–15 on two cores) a dialog's field once took longer than
  // 30 s to appear; an element that never comes still fails, later (bench/README.md, "CI time")
  context.setDefaultTimeout(ACTION_WAIT);
  await context.addInitScript(() => {
    if (localStorage.getItem('kontor.cookiesAccepted') === null)
      localStorage.setItem('kontor.cookiesAccepted', 'false');
  });
  return context;
}

/**
 * How long a login's navigation away from /login may take: the password check (argon2) and the
 * portal's first chunks, on CI's two cores beside the API suites (a load of 13–15), took over 20 s
 * once; a login that fails still fails, later.
 */
export const LOGIN_WAIT = { timeout: 60_000 };
