import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './client-build';

export interface RunningPortal {
  baseUrl: string;
  port: number;
  /** where the file mailer writes the sent mails (.eml) — `<data dir>/outbox` */
  outboxDir: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the real server (`src/server/main.ts`) on a port with a fresh PGlite data directory, so
 * it migrates and writes the demo data, and waits until `/api/healthy` answers.
 *
 * @example const portal = await startPortal(3201); … await portal.stop();
 */
export async function startPortal(port: number, timeoutMs = 150_000): Promise<RunningPortal> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kontor-browser-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // PGlite must close cleanly; give it time before forcing
      await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with code ${child.exitCode}:\n${output}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/healthy`);
      if (response.ok) return { baseUrl, port, outboxDir: path.join(dataDir, 'outbox'), stop };
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  await stop();
  throw new Error(`The server did not become healthy within ${timeoutMs} ms:\n${output}`);
}
