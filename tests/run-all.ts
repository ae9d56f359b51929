/**
 * `npm test`: every suite, in order — unit, API on PGlite, API on PostgreSQL (when
 * TEST_DATABASE_URL is set), browser (when Debian's Chromium is installed).
 * A suite that cannot run is a loud warning on a developer machine and a failure in CI (CI=true).
 * Ends with one line `N passed, N failed` summed over all suites.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
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
for (const [i, suite] of suites.entries()) {
  if (suite.missing) {
    const line = `SUITE NOT RUN: ${suite.name} — ${suite.missing}`;
    console.error(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}\n`);
    if (inCI) problems.push(line);
    continue;
  }
  console.log(`\n=== ${suite.name} ===`);
  const report = join(out, `suite-${i}.json`);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--project', suite.project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs],
    { stdio: 'inherit', env: { ...process.env, ...suite.env } },
  );
  const result = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
  passed += result?.numPassedTests ?? 0;
  failed += result?.numFailedTests ?? 0;
  if (run.status !== 0) problems.push(`${suite.name}: vitest exited with ${run.status}`);
  else if (!result?.numPassedTests && !extraArgs.length) problems.push(`${suite.name}: no test ran`);
}

console.log('');
for (const p of problems) console.error(`FAILED: ${p}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length ? 1 : 0);
