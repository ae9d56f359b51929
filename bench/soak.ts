/**
 * Soak of issue 27 (not part of `npm run bench`, not a CI test): starts the real server
 * (`src/server/main.ts`, PGlite in a fresh DATA_DIR with the demo data, or DATABASE_URL) on
 * SOAK_PORT (default 3105) and lets 20 simulated users — the demo creditors' main users — read
 * (dashboard, voucher and debtor lists), comment on a voucher and, every tenth step, upload the
 * demo e-invoice, for SOAK_MINUTES (default 30). Every 30 s it samples the server's RSS and
 * /api/ready; at the end it prints the requests, every error (any 5xx or network failure), the
 * p50/p95 latency and the RSS series, for bench/RESULTS.md.
 *
 *   node --import tsx bench/soak.ts            # SOAK_MINUTES=5 for a shorter run
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const port = Number(process.env.SOAK_PORT ?? 3105);
const base = `http://127.0.0.1:${port}/api`;
const dataDir = mkdtempSync(join(tmpdir(), 'kontor-soak-'));
const USERS = [
  'creditor', 'creditor2', 'creditor-apl', 'creditor-fw', 'creditor-daa', 'creditor-dab', 'creditor-fas', 'creditor-vhv', 'creditor-tpf',
  'management', 'management-apl', 'management-fw', 'management-daa', 'management-dab', 'management-fas', 'management-vhv', 'management-tpf',
  'assistant', 'assistant-apl', 'assistant-fw',
].map((name) => `${name}@example.com`);

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', CLIENT_DIR: '/nonexistent', UPLOAD_PAUSE_MINUTES: '0.1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) => server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Kontor on') && resolve()));

const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const latencies: number[] = [];
const errors: string[] = [];
let requests = 0;

async function call(method: string, path: string, token?: string, body?: BodyInit, type = 'application/json') {
  const started = performance.now();
  requests++;
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': type } : {}) },
      body,
    });
    const text = await response.text();
    latencies.push(performance.now() - started);
    if (response.status >= 500) errors.push(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    return { status: response.status, json: () => JSON.parse(text) };
  } catch (error) {
    errors.push(`${method} ${path}: ${(error as Error).message}`);
    return { status: 0, json: () => ({}) };
  }
}

const demoDir = join(dataDir, 'demo-upload');
const demoFile = join(demoDir, readdirSync(demoDir)[0]);
const demoXml = readFileSync(demoFile);

async function user(email: string, until: number) {
  const login = await call('POST', '/login', undefined, JSON.stringify({ username: email, password: 'Demo1234!' }));
  if (login.status !== 200) return void errors.push(`login ${email}: ${login.status}`);
  const token = login.json().token as string;
  const list = await call('GET', '/voucher/list?page=1&rowsPerPage=15', token);
  const voucherId = list.status === 200 ? (list.json().vouchers?.[0]?.id ?? list.json().data?.[0]?.id) : undefined;
  for (let step = 0; Date.now() < until; step++) {
    await call('GET', '/dashboard', token);
    await call('GET', '/voucher/list?page=1&rowsPerPage=15', token);
    await call('GET', '/debtor/list?page=1&rowsPerPage=15', token);
    if (voucherId) await call('POST', `/voucher/${voucherId}/comment`, token, JSON.stringify({ comment: `Soak ${step}` }));
    if (step % 10 === 0) {
      const form = new FormData();
      form.append('voucherType', 'invoice');
      form.append('deliveryType', 'post');
      form.append('invoiceFiles', new Blob([demoXml], { type: 'application/xml' }), `soak-${step}.xml`);
      await call('POST', '/voucher/upload', token, form as unknown as BodyInit, undefined as unknown as string);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const started = Date.now();
const until = started + minutes * 60_000;
const samples: string[] = [];
const sampler = setInterval(async () => {
  const ready = await fetch(`${base}/ready`).then((r) => r.status).catch(() => 0);
  samples.push(`${Math.round((Date.now() - started) / 60_000)} min: RSS ${Math.round(rss())} MB, ready ${ready}`);
}, 30_000);
samples.push(`0 min: RSS ${Math.round(rss())} MB`);
await Promise.all(USERS.map((email) => user(email, until)));
clearInterval(sampler);
samples.push(`end: RSS ${Math.round(rss())} MB`);
latencies.sort((a, b) => a - b);
const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]);
console.log(JSON.stringify({ minutes, users: USERS.length, requests, errors: errors.length, p50: pct(50), p95: pct(95), firstErrors: errors.slice(0, 10), samples }, null, 2));
server.kill('SIGTERM');
