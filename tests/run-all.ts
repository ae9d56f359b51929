/**
 * `npm test`: every suite — unit, API on PGlite, API on PostgreSQL (when TEST_DATABASE_URL is set),
 * browser (when Debian's Chromium is installed).
 * A suite that cannot run is a loud warning on a developer machine and a failure in CI (CI=true).
 * The browser suite and the API suite on PostgreSQL run beside unit → API on PGlite: the browser
 * files mostly wait (pages, polls, the processing pauses), and PostgreSQL does its work in its own
 * processes, so one after the other left the cores idle. Their output is kept and printed as one
 * block each when all lanes are done, so the log reads in order.
 * Ends with one line `N passed, N failed` summed over all suites.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from './browser/helpers/chromium-path';

const inCI = !!process.env.CI && process.env.CI !== 'false';
const chromium = chromiumPath();
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
    missing: existsSync(chromium) ? undefined : `${chromium} is missing (apt-get install -y chromium-headless-shell, or chromium)`,
  },
];

let passed = 0;
let failed = 0;
const problems: string[] = [];
/** every failed test, named at the very end: CI's record keeps only the tail of the output */
const failures: string[] = [];
const started = Date.now();
/** each suite's wall time, printed at the end: where CI's minutes go */
const durations: string[] = [];

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
  const start = Date.now();
  const child = spawn(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      suite.project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...extraArgs,
    ],
    { stdio: ['ignore', output, output], env: { ...process.env, ...suite.env } },
  );
  const status = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  if (typeof output === 'number') closeSync(output);
  const seconds = (at: number) => Math.round((at - started) / 1000);
  durations.push(`${suite.name}: ${seconds(start)}–${seconds(Date.now())} s`);
  const result = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
  passed += result?.numPassedTests ?? 0;
  failed += result?.numFailedTests ?? 0;
  for (const file of result?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const message = String(test.failureMessages?.[0] ?? '')
        .split('\n')
        .slice(0, 3)
        .join(' | ');
      failures.push(
        `${suite.name}: ${file.name.replace(process.cwd() + '/', '')} › ${test.fullName} — ${message.slice(0, 400)}`,
      );
    }
    // a file that failed outside its tests (an import, a hook) has no failed test to name
    if (
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((t: { status: string }) => t.status === 'failed')
    ) {
      failures.push(
        `${suite.name}: ${file.name.replace(process.cwd() + '/', '')} — ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 400)}`,
      );
    }
  }
  if (status !== 0) problems.push(`${suite.name}: vitest exited with ${status}`);
  else if (!result?.numPassedTests && !extraArgs.length) problems.push(`${suite.name}: no test ran`);
  return quiet ? log : undefined;
}

// The browser suite and the API suite on PostgreSQL run beside unit → API on PGlite: the browser
// files mostly wait, and on PostgreSQL the database work happens in the server's own processes, so
// the three lanes keep both cores busy to the end (one after the other left them idle for minutes).
const besideNames = new Set(['browser', 'api (PostgreSQL)']);
const beside = suites.filter((suite) => besideNames.has(suite.name));
const besideLanes = beside.map((suite) => runSuite(suite, suites.indexOf(suite), true));
for (const [i, suite] of suites.entries()) if (!besideNames.has(suite.name)) await runSuite(suite, i, false);
const besideLogs = await Promise.all(besideLanes);
for (const [i, log] of besideLogs.entries()) {
  if (!log) continue;
  console.log(`\n=== ${beside[i].name} ===`);
  process.stdout.write(readFileSync(log));
}

console.log(`\nsuites (seconds since the start): ${durations.join(', ')}`);
for (const f of failures) console.error(`FAILED TEST: ${f}`);
for (const p of problems) console.error(`FAILED: ${p}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length ? 1 : 0);
