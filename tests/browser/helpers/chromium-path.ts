import { existsSync } from 'node:fs';

/**
 * The Chromium the browser suite drives: `CHROMIUM_PATH` when set; else Debian's headless shell
 * (`apt-get install -y chromium-headless-shell`, the old headless mode Playwright itself prefers for
 * headless runs) when installed; else Debian's full Chromium (`apt-get install -y chromium`).
 * Measured on the same pages: the shell needs ~20 % less CPU per page load than the full browser's
 * new headless mode (bench/README.md, "CI time") — half of CI's CPU is Chromium's.
 */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? CANDIDATES[CANDIDATES.length - 1];
}

/** where Debian puts them, the preferred first */
const CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
