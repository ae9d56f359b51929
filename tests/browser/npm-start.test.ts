import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ensureClientBuilt, ROOT } from './helpers/client-build';
import { waitHealthy } from './helpers/portal-server';

/**
 * `npm start` as a service manager or a container runs it: the portal answers, and a SIGTERM sent to
 * npm — the process they know — stops the server too, cleanly (exit 0, the port free again, the data
 * directory opens again). When `start` was two commands joined by `&&`, the shell between npm and the
 * server kept the signal: npm ended and the server ran on. In the browser suite because its global
 * set-up builds the client (`npm start` would otherwise build it here) and seeds the data directory
 * this copies.
 */
const PORT = 3490;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** whether the port can be listened on again (nothing holds it) */
const portFree = () =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(PORT, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

describe('npm start', () => {
  let dataDir: string;
  let npm: ChildProcess | undefined;
  let output = '';

  afterAll(async () => {
    // a server left running (npm gone, the server on: the failure this tests) must not hold the port:
    // npm leads its own process group, which its children stay in
    if (npm?.pid)
      try {
        process.kill(-npm.pid, 'SIGKILL');
      } catch {
        // the group has ended
      }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts `npm start` on a copy of the seeded data directory and waits until the portal answers. */
  const start = async () => {
    output = '';
    npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // a process group of its own (see afterAll); the SIGTERM below goes to npm alone
      detached: true,
    });
    npm.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    npm.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const child = npm;
    await waitHealthy(PORT, 150_000, () => child.exitCode === null, async () => output);
  };

  /** Sends SIGTERM to npm and answers npm's exit code and whether the port was free within 20 s. */
  const stop = async () => {
    const exited = new Promise<number | null>((resolve) => npm!.once('exit', (code) => resolve(code)));
    npm!.kill('SIGTERM');
    const code = await Promise.race([exited, sleep(20_000).then(() => 'still running' as const)]);
    const deadline = Date.now() + 20_000;
    let free = await portFree();
    while (!free && Date.now() < deadline) {
      await sleep(300);
      free = await portFree();
    }
    return { code, free };
  };

  it('serves the portal, and a SIGTERM to npm stops the server cleanly; the data opens again', async () => {
    ensureClientBuilt();
    expect(await portFree(), `port ${PORT} is taken before the test`).toBe(true);
    dataDir = mkdtempSync(path.join(tmpdir(), 'kontor-npm-start-'));
    const template = inject('browserTemplate');
    if (template && existsSync(template)) cpSync(template, dataDir, { recursive: true });

    await start();
    const page = await fetch(`http://127.0.0.1:${PORT}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    expect(output).toContain('Demo login: creditor@example.com');

    const first = await stop();
    expect(first.free, `the server still holds port ${PORT} after npm ended:\n${output}`).toBe(true);
    expect(first.code).toBe(0);
    expect(output).toContain('SIGTERM: shutting down');

    // PGlite was closed cleanly: the same directory starts again, and logging in works
    await start();
    const login = await fetch(`http://127.0.0.1:${PORT}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'creditor@example.com', password: 'Demo1234!' }),
    });
    expect(login.status).toBe(200);
    const second = await stop();
    expect(second.free).toBe(true);
    expect(second.code).toBe(0);
  }, 400_000);
});
