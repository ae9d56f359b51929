/**
 * `npm test`: every suite — unit, API on PGlite, API on PostgreSQL (when TEST_DATABASE_URL is set),
 * browser (when Debian's Chromium is installed).
 * A suite that cannot run is a loud warning on a developer machine and a failure in CI (CI=true).
 * The browser suite runs beside the others: its files mostly wait (pages, polls, the processing
 * pauses) while unit and API suites keep the cores busy, so one after the other wasted half the run.
 * Its output is kept and printed as one block when both lanes are done, so the log reads in order.
 * Ends with one line `N passed, N failed` summed over all suites.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const inCI = !!process.env.CI && process.env.CI !== 'false';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const extraArgs = process.argv.slice(2);
const out = mkdtempSync(join(tmpdir(), 'kontor-test-'));

interface Suite {
  name: string;
  project: string;
  env: Record<string, string>;
  /** why the suite cannot run here, if it cannot */
  missing?: string;
}
const suites: Suite[] = [
  { name: 'unit', project: 'unit', env: {} },
  { name: 'api (PGlite)', project: 'api', env: { KONTOR_TEST_DB: 'pglite' } },
  {
    name: 'api (PostgreSQL)',
    project: 'api',
    env: { KONTOR_TEST_DB: 'postgres' },
    missing: process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set',
  },
  {
    name: 'browser',
    project: 'browser',
    env: { CHROMIUM_PATH: chromium },
    missing: existsSync(chromium) ? undefined : `${chromium} is missing (apt-get install -y chromium)`,
  },
];

let passed = 0;
let failed = 0;
const problems: string[] = [];

/** Runs one suite's vitest; `quiet` keeps its output in a file instead of the terminal. */
async function runSuite(suite: Suite, index: number, quiet: boolean): Promise<string | undefined> {
  if (suite.missing) {
    const line = `SUITE NOT RUN: ${suite.name} — ${suite.missing}`;
    console.error(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}\n`);
    if (inCI) problems.push(line);
    return undefined;
  }
  const report = join(out, `suite-${index}.json`);
  const log = join(out, `suite-${index}.log`);
  if (!quiet) console.log(`\n=== ${suite.name} ===`);
  else console.log(`\n=== ${suite.name}: runs beside the other suites; its output follows at the end ===`);
  const output = quiet ? openSync(log, 'w') : 'inherit';
  const child = spawn(
    'npx',
    ['vitest', 'run', '--project', suite.project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs],
    { stdio: ['ignore', output, output], env: { ...process.env, ...suite.env } },
  );
  const status = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  if (typeof output === 'number') closeSync(output);
  const result = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
  passed += result?.numPassedTests ?? 0;
  failed += result?.numFailedTests ?? 0;
  if (status !== 0) problems.push(`${suite.name}: vitest exited with ${status}`);
  else if (!result?.numPassedTests && !extraArgs.length) problems.push(`${suite.name}: no test ran`);
  return quiet ? log : undefined;
}

const [browser] = suites.filter((suite) => suite.project === 'browser');
const browserLane = runSuite(browser, suites.indexOf(browser), true);
for (const [i, suite] of suites.entries()) if (suite !== browser) await runSuite(suite, i, false);
const browserLog = await browserLane;
if (browserLog) {
  console.log(`\n=== ${browser.name} ===`);
  process.stdout.write(readFileSync(browserLog));
}

console.log('');
for (const p of problems) console.error(`FAILED: ${p}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length ? 1 : 0);
