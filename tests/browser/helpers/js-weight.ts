import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './client-build';

/** A script the page fetched: its path, the bytes on the wire and the Content-Encoding. */
export interface FetchedScript {
  path: string;
  transferBytes: number;
  encoding: string | undefined;
}

/**
 * Records every JavaScript file the page fetches from now on, with its bytes on the wire
 * (compressed size when sent compressed), the way the browser sees them.
 *
 * @example const scripts = recordScripts(page); await page.goto(url); … total(scripts)
 */
export function recordScripts(page: Page): FetchedScript[] {
  const scripts: FetchedScript[] = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    // a script still finishing when the page closes (the test is over) is not measured: its
    // response and sizes are gone, and an unawaited listener must not reject
    const [response, sizes] = await Promise.all([request.response().catch(() => null), request.sizes().catch(() => null)]);
    scripts.push({
      path: new URL(request.url()).pathname,
      transferBytes: sizes?.responseBodySize ?? 0,
      encoding: response?.headers()['content-encoding'],
    });
  });
  return scripts;
}

export const totalBytes = (scripts: FetchedScript[]): number =>
  scripts.reduce((sum, script) => sum + script.transferBytes, 0);

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const readManifest = () =>
  JSON.parse(readFileSync(path.join(ROOT, 'dist/.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/**
 * The source modules that `source` imports lazily (`import('…')`), from the build's manifest.
 *
 * @example lazyImports('src/client/App.tsx') // ['src/client/pages/Dashboard.tsx', …]
 */
export function lazyImports(source: string): string[] {
  const chunk = readManifest()[source];
  if (!chunk) throw new Error(`no chunk for ${source} in the build manifest`);
  return chunk.dynamicImports ?? [];
}

/**
 * The files of `dist/` that loading the given source modules needs (their static imports,
 * transitively), from the build's `.vite/manifest.json`.
 *
 * @example chunkFiles(['index.html', 'src/client/login/LoginEntry.tsx'])
 */
export function chunkFiles(sources: string[]): Set<string> {
  const manifest = readManifest();
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk for ${key} in the build manifest`);
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return files;
}
