import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { ROOT } from './client-build';
import { hostOf } from './server-bundle';

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
  // migrations and demo data at CI's start, beside the API suites' templates, the client build and
  // the checks (a load of 12 on two cores): 28 s alone, once ~150 s there; a hang still fails
  const { halt } = await launch(port, dataDir, 420_000);
  await halt();
  return dataDir;
}

type HostMessage = { type: 'ready' | 'started' | 'stopped' } | { type: 'failed'; error: string };

/** A server host process (./server-host.ts) and what it printed. */
class ServerHost {
  /** the host's last 200 KB of output */
  output = '';
  /** how many characters were cut off the front of `output` */
  private dropped = 0;
  private waiting: ((message: HostMessage) => void) | undefined;
  private readonly exited: Promise<void>;

  constructor(readonly child: ChildProcess) {
    const keep = (chunk: Buffer) => {
      const all = this.output + chunk;
      const cut = Math.max(0, all.length - 200_000);
      this.dropped += cut;
      this.output = all.slice(cut);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('message', (message: HostMessage) => this.waiting?.(message));
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.waiting?.({ type: 'failed', error: `the server host exited (${signal ?? code})` });
        resolve();
      }),
    );
    // the vitest worker may end while its host waits for the next file: the host ends with it
    child.unref();
    child.channel?.unref();
    for (const stream of [child.stdout, child.stderr]) (stream as unknown as { unref?: () => void } | null)?.unref?.();
  }

  /** A mark in the output: `since(mark)` is what the host printed after it (what is still kept). */
  mark(): number {
    return this.dropped + this.output.length;
  }

  since(mark: number): string {
    return this.output.slice(Math.max(0, mark - this.dropped));
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The host's next message (after sending `message`, if given), or a failure after `timeoutMs`. */
  next(message: object | undefined, timeoutMs: number): Promise<HostMessage> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => answer({ type: 'failed', error: `no answer from the server host within ${timeoutMs} ms` }), timeoutMs);
      const answer = (reply: HostMessage) => {
        clearTimeout(timer);
        this.waiting = undefined;
        resolve(reply);
      };
      this.waiting = answer;
      if (message) this.child.send(message);
    });
  }

  async kill(): Promise<void> {
    if (this.alive) this.child.kill('SIGKILL');
    await this.exited;
  }
}

/** This vitest worker's server host (its files run one after the other, each with its own server). */
let workerHost: ServerHost | undefined;

async function serverHost(module: string, timeoutMs: number): Promise<ServerHost> {
  if (workerHost?.alive) return workerHost;
  const host = new ServerHost(
    spawn(process.execPath, [module], { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] }),
  );
  const ready = await host.next(undefined, timeoutMs);
  if (ready.type !== 'ready') {
    await host.kill();
    throw new Error(`The server host did not start: ${'error' in ready ? ready.error : ready.type}\n${host.output}`);
  }
  workerHost = host;
  return host;
}

/**
 * Starts the server on `dataDir` and waits for `/api/healthy`; `halt` stops it (PGlite closed).
 * Under the browser suite it runs in this worker's server host (./server-host.ts: one Node process
 * for the worker's files, a new server for each); elsewhere (the global setup's template, the
 * benchmarks) in a process of its own.
 */
async function launch(
  port: number,
  dataDir: string,
  timeoutMs: number,
): Promise<{ halt: () => Promise<void>; pid: number }> {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const bundle = provided('serverBundle');
  if (bundle && existsSync(hostOf(bundle))) {
    const host = await serverHost(hostOf(bundle), timeoutMs);
    const from = host.mark();
    const halt = async () => {
      if (!host.alive) return;
      // a server that does not stop within 10 s takes its host with it (the next file starts a new one)
      const stopped = await host.next({ type: 'stop' }, 10_000);
      if (stopped.type !== 'stopped') await host.kill();
    };
    const started = await host.next({ type: 'start', env }, timeoutMs);
    if (started.type !== 'started') {
      await host.kill();
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`The server did not start: ${'error' in started ? started.error : started.type}\n${host.since(from)}`);
    }
    await waitHealthy(port, timeoutMs, () => host.alive, async () => {
      await host.kill();
      rmSync(dataDir, { recursive: true, force: true });
      return host.since(from);
    });
    return { halt, pid: host.child.pid ?? 0 };
  }
  // the suite's bundle of the server when there is one (the same code without tsx's loader), else the sources
  return launchProcess(port, dataDir, timeoutMs, env, bundle && existsSync(bundle) ? [bundle] : ['--import', 'tsx', 'src/server/main.ts']);
}

/** Spawns the server (`node …entry`) on `dataDir` in a process of its own and waits for `/api/healthy`. */
async function launchProcess(
  port: number,
  dataDir: string,
  timeoutMs: number,
  env: NodeJS.ProcessEnv,
  entry: string[],
): Promise<{ halt: () => Promise<void>; pid: number }> {
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: ROOT,
    env,
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
  await waitHealthy(port, timeoutMs, () => child.exitCode === null, async () => {
    await halt();
    rmSync(dataDir, { recursive: true, force: true });
    return `${child.exitCode !== null ? `(exit code ${child.exitCode})\n` : ''}${output}`;
  });
  return { halt, pid: child.pid ?? 0 };
}

/**
 * Polls `/api/healthy` until it answers; `alive` false or the deadline passing fails with what
 * `giveUp` answers (the output).
 *
 * @example await waitHealthy(3490, 150_000, () => child.exitCode === null, async () => output);
 */
export async function waitHealthy(port: number, timeoutMs: number, alive: () => boolean, giveUp: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`The server exited:\n${await giveUp()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/healthy`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  throw new Error(`The server did not become healthy within ${timeoutMs} ms:\n${await giveUp()}`);
}
