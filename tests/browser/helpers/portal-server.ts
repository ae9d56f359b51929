import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { ROOT } from './client-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a migrated, seeded data directory written by the browser suite's global setup */
    browserTemplate: string;
    /** the server as one module (./server-bundle.ts), written by the same global setup */
    serverBundle: string;
  }
}

export interface RunningPortal {
  baseUrl: string;
  port: number;
  /** where the file mailer writes the sent mails (.eml) — `<data dir>/outbox` */
  outboxDir: string;
  /** the server's process id (the benchmarks read its CPU time from /proc) */
  pid: number;
  stop(): Promise<void>;
}

/** a port that replaces a file's own (and, as `…_TEMPLATE_PORT`, the global setup's): for running one file beside someone else's suite */
export const PORT_ENV = 'KONTOR_BROWSER_PORT';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the real server (`src/server/main.ts`) on a port with a fresh PGlite data directory and
 * waits until `/api/healthy` answers. The directory is a copy of the suite's template (migrated,
 * demo data written once by the global setup) when there is one; otherwise the server migrates and
 * seeds it itself, as `npm start` does on a new machine.
 *
 * @example const portal = await startPortal(3201); … await portal.stop();
 */
export async function startPortal(requestedPort: number, timeoutMs = 150_000): Promise<RunningPortal> {
  // KONTOR_BROWSER_PORT moves a file's server to a port of one's own (engineers sharing a machine)
  const port = Number(process.env[PORT_ENV]) || requestedPort;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kontor-browser-'));
  const template = suiteTemplate();
  if (template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
  const { halt, pid } = await launch(port, dataDir, timeoutMs);
  return {
    baseUrl: `http://localhost:${port}`,
    port,
    outboxDir: path.join(dataDir, 'outbox'),
    pid,
    stop: async () => {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the suite's global setup provides, when running under vitest's browser suite (the bench runs without). */
function provided<K extends 'browserTemplate' | 'serverBundle'>(key: K): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}
const suiteTemplate = () => provided('browserTemplate');

/**
 * Runs the server once on a new data directory — migrations, demo data, the demo e-invoice — and
 * stops it cleanly, so each test file starts from a copy instead of seeding. Answers the directory;
 * the caller removes it.
 */
export async function prepareTemplate(port: number): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kontor-browser-template-'));
  const { halt } = await launch(port, dataDir, 150_000);
  await halt();
  return dataDir;
}

/** Spawns the server on `dataDir` and waits for `/api/healthy`; `halt` stops it (PGlite closed). */
async function launch(
  port: number,
  dataDir: string,
  timeoutMs: number,
): Promise<{ halt: () => Promise<void>; pid: number }> {
  // the suite's bundle of the server when there is one (the same code without tsx's loader), else the sources
  const bundle = provided('serverBundle');
  const entry = bundle && existsSync(bundle) ? [bundle] : ['--import', 'tsx', 'src/server/main.ts'];
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const halt = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // PGlite must close cleanly; give it time before forcing
      await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
    }
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`The server exited with code ${child.exitCode}:\n${output}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/healthy`);
      if (response.ok) return { halt, pid: child.pid ?? 0 };
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  await halt();
  rmSync(dataDir, { recursive: true, force: true });
  throw new Error(`The server did not become healthy within ${timeoutMs} ms:\n${output}`);
}
