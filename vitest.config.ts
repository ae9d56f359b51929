import { defineConfig } from 'vitest/config';

/**
 * Three kinds of suite, picked by `tests/run-all.ts` (behind `npm test`):
 * - unit: pure code, `*.spec.ts` beside it, plus the generator's fixture tests;
 * - api: `app.inject` against a real database — PGlite by default, PostgreSQL when
 *   `KONTOR_TEST_DB=postgres` and `TEST_DATABASE_URL` are set (same files, run twice);
 * - browser: Playwright driving Debian's Chromium against a running server.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.spec.ts', 'generator/**/*.spec.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
