import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, parseSync, type Rolldown } from 'vite';
import { catalogueSlice, isCatalogueSlice } from './src/client/i18n/catalogue-slices.ts';
import { BASE_CHUNKS, BASE_ROOTS, type BaseGraphs, baseChunkOf } from './src/client/lazy/base-chunks.ts';
import { type ModuleRecord, moduleRecord, type OxcModule, usedModules } from './src/client/lazy/used-modules.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Serves the catalogue slices of src/client/i18n/catalogue-slices.ts as virtual modules. */
function catalogueSlices(): Plugin {
  return {
    name: 'kontor-catalogue-slices',
    resolveId: (id) => (isCatalogueSlice(id) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith('\0') || !isCatalogueSlice(id.slice(1))) return undefined;
      const file = path.resolve(import.meta.dirname, 'generated/i18n/de.json');
      this.addWatchFile(file);
      const de = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(catalogueSlice(de, id.slice(1)))};`;
    },
  };
}

/**
 * The chunk groups that put the portal's always-loaded base into five chunks (src/client/lazy/base-chunks.ts).
 * The login's and the portal's static import graphs are read once per chunking pass.
 */
function baseChunkGroups(): Rolldown.CodeSplittingGroup[] {
  const root = (file: string) => path.resolve(import.meta.dirname, file);
  const graphs = new WeakMap<Rolldown.ChunkingContext, BaseGraphs>();
  const graphsOf = (ctx: Rolldown.ChunkingContext): BaseGraphs => {
    let known = graphs.get(ctx);
    if (!known) {
      const records = new Map<string, ModuleRecord | undefined>();
      const recordOf = (id: string) => {
        if (!records.has(id)) {
          const info = ctx.getModuleInfo(id);
          const module = info?.code ? (parseSync(id, info.code, { lang: 'js' }).module as OxcModule) : undefined;
          records.set(id, info ? moduleRecord(info, module) : undefined);
        }
        return records.get(id);
      };
      const { main, login, portal, layout } = BASE_ROOTS;
      known = {
        roots: new Set(Object.values(BASE_ROOTS).map(root)),
        login: usedModules([root(main), root(login)], recordOf),
        portal: usedModules([root(main), root(portal)], recordOf),
        layout: usedModules([root(main), root(portal), root(layout)], recordOf),
      };
      graphs.set(ctx, known);
    }
    return known;
  };
  // one group per chunk, highest priority first: a module both graphs share goes to the chunk both load
  return BASE_CHUNKS.map((chunk, index) => ({
    debugName: chunk,
    name: (id: string, ctx: Rolldown.ChunkingContext) => (baseChunkOf(id, graphsOf(ctx)) === chunk ? chunk : null),
    priority: BASE_CHUNKS.length - index,
  }));
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible file of the build; the server sends
 * them with the matching Content-Encoding (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'kontor-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * The client build: `index.html` at the root, output in `dist/` (served by the Fastify server) with
 * one chunk per page (React.lazy, see src/client/lazy), brotli and gzip copies of every asset, and
 * `.vite/manifest.json` (the bench and the tests read the chunk graph from it).
 * In development `/api` goes to the server on port 3000 (`npm run dev`).
 */
export default defineConfig({
  plugins: [react(), catalogueSlices(), precompress()],
  // the polyfill node-polyglot requires is native in every supported browser; no form renders
  // markdown, and rjsf's `$ref` lookups need no URI library: no form has a `$ref` (see the shims)
  resolve: {
    alias: {
      'fast-uri': path.resolve(import.meta.dirname, 'src/client/shims/fast-uri.ts'),
      'object.entries': path.resolve(import.meta.dirname, 'src/client/shims/object-entries.cjs'),
      'markdown-to-jsx/react': path.resolve(import.meta.dirname, 'src/client/shims/markdown-to-jsx.tsx'),
    },
  },
  define: { 'import.meta.env.VITE_KONTOR_VERSION': JSON.stringify(version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: { output: { codeSplitting: { groups: baseChunkGroups() } } },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': 'http://localhost:3000' },
  },
});
