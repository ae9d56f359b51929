import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildClient } from './helpers/client-build';
import { prepareTemplate } from './helpers/portal-server';
import { buildServerBundle } from './helpers/server-bundle';

/**
 * Builds the client once per browser-suite run, so the server under test serves the current
 * code (each test file still calls `ensureClientBuilt()`, which then finds `dist/` fresh), and
 * writes one migrated, seeded data directory that every test file's server starts from a copy of
 * (seeding per file cost about ten seconds each), from the server bundled into one module
 * (./helpers/server-bundle.ts: a server's start without tsx's loader).
 * Wire it in vitest.config.ts: browser project → `globalSetup: ['tests/browser/global-setup.ts']`.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  buildClient();
  const bundle = await buildServerBundle();
  project.provide('serverBundle', bundle.entry);
  const template = await prepareTemplate(Number(process.env.KONTOR_BROWSER_TEMPLATE_PORT) || 3299);
  project.provide('browserTemplate', template);
  return () => {
    rmSync(template, { recursive: true, force: true });
    rmSync(bundle.dir, { recursive: true, force: true });
  };
}
