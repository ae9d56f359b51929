import { mkdirSync, mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { ROOT } from './client-build';

/** where the browser suite's server bundles are written (inside the repository, so their packages resolve from node_modules) */
const BUNDLES = path.join(ROOT, 'node_modules/.cache/kontor-browser-server');

/**
 * Every module of `src/` keeps its own `import.meta.url` / `dirname` / `filename` in the bundle:
 * the server finds its migrations, content, assets and worker entry beside its source files, as it
 * does under tsx.
 */
const ownImportMeta: Plugin = {
  name: 'own-import-meta',
  setup(bundle) {
    bundle.onLoad({ filter: /[\\/]src[\\/].*\.(ts|tsx)$/ }, async ({ path: file }) => {
      let contents = await readFile(file, 'utf8');
      if (contents.includes('import.meta'))
        contents = contents
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
          .replaceAll('import.meta.filename', JSON.stringify(file));
      return { contents, loader: file.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * The server (`src/server/main.ts`) bundled with the packages left as imports, for the browser
 * suite: each of its ~37 server starts then loads a few files instead of the app's sources through
 * tsx's loader (bench/README.md, "CI time", sixth round: 2.3–3.8 CPU seconds less per start). The
 * code is the same; `npm start` and the API suite still run the sources through tsx. Written by the
 * suite's global setup once per run into a folder of its own (two runs in one checkout do not
 * overwrite each other), which its teardown removes; answers the folder and the entry file.
 */
export async function buildServerBundle(): Promise<{ dir: string; entry: string }> {
  mkdirSync(BUNDLES, { recursive: true });
  const dir = mkdtempSync(path.join(BUNDLES, 'run-'));
  await build({
    // main.ts as `npm start` runs it; server-host.ts runs a worker's servers one after the other
    entryPoints: [path.join(ROOT, 'src/server/main.ts'), path.join(ROOT, 'tests/browser/helpers/server-host.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // the modules imported on demand stay chunks of their own: the seed (faker, ~0.5 s to load)
    // only on an empty database, as under tsx
    splitting: true,
    outdir: dir,
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    plugins: [ownImportMeta],
    logLevel: 'warning',
  });
  return { dir, entry: path.join(dir, 'main.mjs') };
}

/** The server host's module beside a bundle's entry (./server-host.ts). */
export function hostOf(entry: string): string {
  return path.join(path.dirname(entry), 'server-host.mjs');
}
