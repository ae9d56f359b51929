import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * Slices of the German catalogue for the first page (issue 13), so it does not download every text
 * of the portal: `virtual:kontor-login-catalogue` — the login entry's own texts, the server's
 * messages and the "Passwort vergessen?" dialog (fields, validation, its form);
 * `virtual:kontor-shell-catalogue` — what the shell around every page shows (failure pages, cookie
 * banner, the chunk loader).
 */
const CATALOGUE_SLICES: Record<string, string[]> = {
  'virtual:kontor-login-catalogue': ['account', 'messages', 'ui', 'fields', 'validation', 'forms.passwordResetRequest', 'selfservice.loader'],
  'virtual:kontor-shell-catalogue': ['selfservice.session', 'selfservice.loader', 'messages.cookies', 'messages.failurePage'],
};

function catalogueSlices(): Plugin {
  return {
    name: 'kontor-catalogue-slices',
    resolveId: (id) => (CATALOGUE_SLICES[id] ? `\0${id}` : undefined),
    load(id) {
      const parts = id.startsWith('\0') ? CATALOGUE_SLICES[id.slice(1)] : undefined;
      if (!parts) return undefined;
      const file = path.resolve(import.meta.dirname, 'generated/i18n/de.json');
      this.addWatchFile(file);
      const de = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const catalogue: Record<string, unknown> = {};
      for (const part of parts) {
        const keys = part.split('.');
        let from: unknown = de;
        let into = catalogue;
        for (const [i, key] of keys.entries()) {
          from = (from as Record<string, unknown> | undefined)?.[key];
          if (i === keys.length - 1) into[key] = from ?? {};
          else {
            into[key] ??= {};
            into = into[key] as Record<string, unknown>;
          }
        }
      }
      return `export default ${JSON.stringify(catalogue)};`;
    },
  };
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
  define: { 'import.meta.env.VITE_KONTOR_VERSION': JSON.stringify(version) },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': 'http://localhost:3000' },
  },
});
