import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The repository root (the client is built from and into it). */
export const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST_INDEX = path.join(ROOT, 'dist/index.html');
/** Everything the client bundle is built from. */
const INPUTS = [
  'src/client',
  'src/shared',
  'generated',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
];

const newestMtime = (target: string): number => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
    stat.mtimeMs,
  );
};

/** Whether `dist/` is missing or older than any of its inputs. */
export function clientBuildIsStale(): boolean {
  if (!existsSync(DIST_INDEX)) return true;
  const built = statSync(DIST_INDEX).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(ROOT, input)) > built);
}

/**
 * Builds the client with vite (the server serves `dist/`) — always the production build: a caller
 * running under vitest has NODE_ENV=test, which vite passes on to React, and the browser tests then
 * drove React's development build (bigger, slower, not what users get).
 */
export function buildClient(): void {
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}

/**
 * Builds the client unless `dist/` is already newer than every input (`npm start` and the browser
 * tests; a fresh clone has no dist/ and builds once). Returns whether it built.
 */
export function ensureClientBuilt(): boolean {
  if (!clientBuildIsStale()) return false;
  buildClient();
  return true;
}
