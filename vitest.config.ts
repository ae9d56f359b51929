import { defineConfig } from 'vitest/config';
import LongFilesFirst from './tests/helpers/long-files-first.ts';

/**
 * Three kinds of suite, picked by `tests/run-all.ts` (behind `npm test`):
 * - unit: pure code, `*.spec.ts` beside it, plus the generator's fixture tests;
 * - api: `app.inject` against a real database — PGlite by default, PostgreSQL when
 *   `KONTOR_TEST_DB=postgres` and `TEST_DATABASE_URL` are set (same files, run twice);
 * - browser: Playwright driving Debian's Chromium against a running server (one per file).
 */
export default defineConfig({
  test: {
    // the long files start first, so no lane ends on one of them running alone
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.spec.ts', 'generator/**/*.spec.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          // a spec that starts a PGlite (initdb ~2 s alone) or a JVM waits far longer beside CI's
          // other lanes: 60 s for its hooks, a hang still fails
          hookTimeout: 60_000,
          // and a test 30 s: reading a 10 MB e-invoice took over vitest's 5 s beside CI's other lanes
          testTimeout: 30_000,
          // a worker runs its spec files one after the other with the modules it loaded (the
          // generated configuration, the validators, the e-invoice reader are imported once, not per
          // file: the import time was half of the lane); globals a spec stubs are put back after each
          // test, so no file sees another's fetch or localStorage
          isolate: false,
          unstubGlobals: true,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup.ts'],
          // every file has its own database copy, so two files run side by side even on a
          // two-core machine (vitest's default there is one worker; CI time stays under 20 minutes)
          maxWorkers: 2,
          // files share their worker's loaded modules (no module-level state is kept between files;
          // each file builds its own app on its own database): the suite takes half the time; the
          // apps of a worker also share the compiled validators and serializers
          // (src/server/plugins/compiled-schemas.ts): ~0.2 s of CPU per app instead of ~1.6 s
          isolate: false,
          // a test that builds a second app or snapshots the database for a refusal takes 10–30 s
          // while CI keeps both cores busy with the browser lane: 60 s, a hang still fails; a
          // worker's first file builds its first app (every validator compiled, the database
          // loaded) while CI's load is at its peak (a load average of 12 on two cores): its hook
          // took over 60 s there once, so hooks get 180 s
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          environment: 'node',
          // a test of many steps took 10–14 s alone and over 60 s beside CI's other lanes (a load
          // average of 12 on two cores): 120 s, a hang still fails
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // each file runs its own server (own port, own copy of the seeded data directory) and its
          // own Chromium, so two files run side by side: a browser file mostly waits (processing
          // pauses, polls, page loads); `npm test` runs this suite beside the API suites, which keep
          // the cores busy meanwhile (KONTOR_BROWSER_WORKERS overrides the two; three, and the API
          // suites niced to leave the cores to them, took as long in CI and starved the API files'
          // time limits)
          maxWorkers: Number(process.env.KONTOR_BROWSER_WORKERS) || 2,
          // a worker runs its files one after the other with the modules it loaded (playwright, the
          // generated configuration, the helpers keep no state between files; each file starts its
          // own server and Chromium): a second or two less per file on CI's busy cores
          isolate: false,
          // a page under load (CI, two files at once) may take seconds to settle: polls wait up to
          // 15 s by default instead of vitest's 1 s; a poll that should fail still fails
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
