import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import {
  type FormPageTexts,
  formPageSlice,
  PORTAL_FORM_PAGES,
} from '../../../src/client/i18n/catalogue-slices';
import { lazyPagesIn } from '../../helpers/lazy-pages';
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
    const [response, sizes] = await Promise.all([
      request.response().catch(() => null),
      request.sizes().catch(() => null),
    ]);
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
  JSON.parse(readFileSync(path.join(ROOT, 'dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;

/**
 * The source modules that loading `source` can import lazily (`import('…')`), from the build's
 * manifest: its own chunk's and those of the chunks it imports statically (a lazy import written in
 * a module of the portal's base sits in the base's chunk, src/client/lazy/base-chunks.ts).
 *
 * @example lazyImports('src/client/App.tsx') // ['src/client/pages/Dashboard.tsx', …]
 */
export function lazyImports(source: string): string[] {
  const manifest = readManifest();
  if (!manifest[source]) throw new Error(`no chunk for ${source} in the build manifest`);
  const lazy = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.dynamicImports ?? []) lazy.add(imported);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(source);
  return [...lazy];
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

/** The gzip size of one file of `dist/`, compressed once per process (every route shares the base's files). */
const gzipSizes = new Map<string, number>();
const gzipSize = (file: string) => {
  const size = gzipSizes.get(file) ?? gzipSync(readFileSync(path.join(ROOT, 'dist', file))).length;
  gzipSizes.set(file, size);
  return size;
};

/** The gzip size of the chunks that the given modules need (what the route budgets count). */
export const gzipOf = (sources: string[]): number =>
  [...chunkFiles(sources)].reduce((sum, file) => sum + gzipSize(file), 0);

/** The login page's modules: the light login entry and the host's own variant (localhost: SMAFA), fetched beside it. */
export const LOGIN_ROUTE = ['index.html', 'src/client/login/LoginEntry.tsx', 'generated/products/smafa.ts'];

/** The modules every route after the login needs besides its page (the dashboard's set without it). */
export const PORTAL_BASE = [
  'index.html',
  'generated/products/smafa.ts',
  'src/client/App.tsx',
  'src/client/layout/KontorLayout.tsx',
];

/**
 * A resource list's route (every list: `ResourceListPage`, with the vouchers' DATEV button): the base,
 * the list page and the list's slice of the catalogue; its detail panel is its own chunk, fetched when
 * a record opens (issue 32), counted in the route with a record open.
 */
export const LIST_ROUTE = [
  ...PORTAL_BASE,
  'src/client/resources/ResourceListPage.tsx',
  'virtual:kontor-portal-list-catalogue',
];

/** The slice of the catalogue a page waits for (`lazyPage`'s `texts`), as the module the build serves it as. */
const textsModule = (texts: string): string[] => {
  if (texts === 'first') return [];
  if (texts === 'all') return ['virtual:kontor-portal-rest-catalogue'];
  if (texts === 'list') return ['virtual:kontor-portal-list-catalogue'];
  if (texts in PORTAL_FORM_PAGES) return [formPageSlice(texts as FormPageTexts)];
  throw new Error(`lazyPage names texts '${texts}' that no slice serves`);
};

/**
 * The heaviest route: every page module App.tsx loads lazily (the build manifest's dynamic imports),
 * each counted with the portal's base, the layout (also for the public pages that have none: an upper
 * bound) and the texts it waits for, as App.tsx and the login page name them in `lazyPage` (a list
 * the list's slice, a password or onboarding page its own, another page the whole rest of the
 * catalogue, which is also what a page they do not name is counted with).
 */
export function heaviestRoute(): { page: string; bytes: number } {
  const pages = lazyImports('src/client/App.tsx').filter((source) => source.startsWith('src/client/'));
  if (pages.length < 10)
    throw new Error(`App.tsx loads only ${pages.length} modules lazily: has the routing changed?`);
  const texts = new Map(
    ['src/client/App.tsx', 'src/client/pages/LoginPage.tsx']
      .flatMap((file) => lazyPagesIn(file))
      .map((page) => [page.module, page.texts]),
  );
  return pages
    .map((page) => ({
      page,
      bytes: gzipOf([...PORTAL_BASE, page, ...textsModule(texts.get(page) ?? 'all')]),
    }))
    .reduce((heaviest, route) => (route.bytes > heaviest.bytes ? route : heaviest));
}
