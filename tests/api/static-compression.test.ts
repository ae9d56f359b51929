import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { buildTestApp, type TestApp } from '../helpers/app';

/** The built client is sent pre-compressed (the build writes .br/.gz next to every asset). */
let t: TestApp;
let app: FastifyInstance;
let clientDir: string;
const script = `console.log(${JSON.stringify('Kontor '.repeat(400))});`;
const html = `<!doctype html><title>Kontor</title>${'<!-- x -->'.repeat(200)}`;

beforeAll(async () => {
  t = await buildTestApp();
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'kontor-compressed-'));
  await mkdir(path.join(clientDir, 'assets'));
  const files = { 'index.html': html, 'assets/app-1234.js': script };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(clientDir, name);
    await writeFile(file, content);
    await writeFile(`${file}.gz`, gzipSync(content));
    await writeFile(`${file}.br`, brotliCompressSync(content));
  }
  // an asset without compressed copies
  await writeFile(path.join(clientDir, 'assets', 'plain-1234.js'), 'console.log(2);');
  app = await buildApp({ db: t.db, jwtSecret: 'z'.repeat(32), clientDir });
});
afterAll(async () => {
  await app.close();
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

describe('compressed client assets', () => {
  it('sends the brotli copy to a browser that accepts br, cached for good', async () => {
    const response = await app.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends the gzip copy when only gzip is accepted, the plain file when nothing is', async () => {
    const gz = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves a file without compressed copies as it is', async () => {
    const response = await app.inject({
      url: '/assets/plain-1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log(2);');
  });

  it('sends index.html for client routes compressed, but always revalidated', async () => {
    const response = await app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(html);
  });
});
