import { type ChildProcess, spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { generate } from './generate';
import { GeneratorError, loadTree } from './load';
import { writeFiles } from './write';

/**
 * `npm run dev` — the product owners' and developers' watch mode (issue 16):
 * - regenerates `generated/` on every change under `schema/` or `variants/`; the portal in the
 *   browser reloads by itself (Vite's dev server, the API behind its `/api` proxy);
 * - a YAML mistake appears as Vite's error overlay with `file:line: message`; nothing is written,
 *   so the last good state keeps running until the YAML is fixed;
 * - the API (`src/server/main.ts`, PGlite in DATA_DIR or DATABASE_URL as usual) restarts when
 *   `generated/` or the server code changes, and runs with the dev tools on (KONTOR_DEV_TOOLS=1:
 *   the product comparison at `/dev/variant-comparison` needs no login).
 * Ports: PORT (web, default 5173) and API_PORT (default 3000). KONTOR_ROOT points at another
 * checkout (tests run it on a copy).
 */
const root = resolve(process.env.KONTOR_ROOT ?? resolve(import.meta.dirname, '..'));
const webPort = Number(process.env.PORT ?? 5173);
const apiPort = Number(process.env.API_PORT ?? 3000);
const WATCHED = ['schema', 'variants'].map((dir) => resolve(root, dir) + sep);

/** The outcome of the last regeneration: null when good, else its problems. */
let lastProblems: string[] | null = null;

async function regenerate(): Promise<{ written: string[] } | { problems: string[] }> {
  try {
    const files = await generate(loadTree(root));
    const { written } = writeFiles(resolve(root, 'generated'), files);
    lastProblems = null;
    return { written };
  } catch (error) {
    if (error instanceof GeneratorError) {
      lastProblems = error.problems;
      return { problems: error.problems };
    }
    lastProblems = [String((error as Error)?.stack ?? error)];
    return { problems: lastProblems };
  }
}

function overlay(server: ViteDevServer, problems: string[]) {
  const first = /^([^:]+\.yaml):(\d+)/.exec(problems[0] ?? '');
  server.ws.send({
    type: 'error',
    err: {
      message: `${problems.join('\n')}\n\n${problems.length} Problem(e) in der YAML — nichts wurde erzeugt; das Portal läuft mit dem letzten gültigen Stand weiter.`,
      stack: '',
      plugin: 'kontor:generate',
      ...(first ? { id: resolve(root, first[1]), loc: { file: resolve(root, first[1]), line: Number(first[2]), column: 1 } } : {}),
    },
  });
}

/** The Vite plugin: watch the YAML, regenerate, show problems as the overlay. */
function kontorYaml(): Plugin {
  return {
    name: 'kontor:generate',
    configureServer(server) {
      let timer: NodeJS.Timeout | undefined;
      const onChange = (file: string) => {
        if (!file.endsWith('.yaml') || !WATCHED.some((dir) => file.startsWith(dir))) return;
        clearTimeout(timer);
        timer = setTimeout(async () => {
          const result = await regenerate();
          const name = relative(root, file);
          if ('problems' in result) {
            console.error(`[kontor] ${name}: YAML-Fehler\n  ${result.problems.join('\n  ')}`);
            overlay(server, result.problems);
          } else {
            console.log(`[kontor] ${name} geändert: ${result.written.length} Datei(en) in generated/ neu geschrieben`);
            // generated/ changes reload the page through Vite's module graph; nothing changed
            // (e.g. a comment, or the fix restores the last good state) still clears the overlay
            if (!result.written.length) server.ws.send({ type: 'full-reload' });
          }
        }, 150);
      };
      // node's own recursive watch: Vite's watcher reports only files of its module graph
      for (const dir of WATCHED) {
        const watcher = watch(dir, { recursive: true }, (_event, name) => name && onChange(resolve(dir, String(name))));
        server.httpServer?.once('close', () => watcher.close());
      }
      // a page opened (or reloaded) while the YAML is broken sees the overlay too
      server.ws.on('connection', () => {
        if (lastProblems) setTimeout(() => lastProblems && overlay(server, lastProblems), 200);
      });
    },
  };
}

function startApi(): ChildProcess {
  const child = spawn(
    process.execPath,
    [
      ...['generated', 'src/server', 'src/shared'].map((dir) => `--watch-path=${resolve(root, dir)}`),
      '--import',
      'tsx',
      'src/server/main.ts',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: String(apiPort),
        HOST: process.env.API_HOST ?? '127.0.0.1',
        KONTOR_DEV_TOOLS: '1',
        // the dev server serves the client; the API serves no dist/
        CLIENT_DIR: resolve(root, '.dev-no-client'),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      },
    },
  );
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[kontor] API beendet (${signal ?? code}); npm run dev bitte neu starten.`);
      process.exit(1);
    }
  });
  return child;
}

let stopping = false;
const first = await regenerate();
if ('problems' in first) {
  console.error(`[kontor] YAML-Fehler — generated/ bleibt beim letzten Stand:\n  ${first.problems.join('\n  ')}`);
}
const api = startApi();
const server = await createServer({
  root,
  configFile: resolve(root, 'vite.config.ts'),
  ...(process.env.VITE_CACHE_DIR ? { cacheDir: process.env.VITE_CACHE_DIR } : {}),
  server: {
    port: webPort,
    strictPort: true,
    host: process.env.HOST ?? 'localhost',
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  plugins: [kontorYaml()],
});
await server.listen();
server.printUrls();
console.log(`[kontor] Entwicklungsmodus: YAML unter schema/ und variants/ wird beobachtet; Produktvergleich: http://localhost:${webPort}/dev/variant-comparison`);

async function shutdown() {
  if (stopping) return;
  stopping = true;
  // the API first: its watch supervisor stops the server it runs (PGlite closes cleanly)
  const apiExited = new Promise((done) => (api.exitCode !== null ? done(null) : api.once('exit', done)));
  api.kill('SIGTERM');
  try {
    await server.close();
  } catch (error) {
    console.error('[kontor] Vite konnte nicht sauber beendet werden', error);
  }
  await apiExited;
  process.exit(0);
}
// Vite ends the process itself on SIGTERM (and on stdin end in CI): the API must not outlive it
process.on('exit', () => {
  if (api.exitCode === null) api.kill('SIGTERM');
});
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
