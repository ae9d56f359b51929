import { buildClient } from './helpers/client-build';

/**
 * Builds the client once per browser-suite run, so the server under test serves the current
 * code (each test file still calls `ensureClientBuilt()`, which then finds `dist/` fresh).
 * Wire it in vitest.config.ts: browser project → `globalSetup: ['tests/browser/global-setup.ts']`.
 */
export default function setup(): void {
  buildClient();
}
