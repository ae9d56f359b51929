import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import de from '../../generated/i18n/de.json' with { type: 'json' };
import packageJson from '../../package.json' with { type: 'json' };
import { buildApp } from '../../src/server/app';
import { FRONTEND_VERSION } from '../../src/shared/version';
import type { Database } from '../../src/server/db/schema';
import { bearer, buildTestApp, loginAs, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('public system routes', () => {
  it('GET /api/healthy pings the database', async () => {
    const response = await t.app.inject({ url: '/api/healthy' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/version reports both versions (the front end the spec\'s 2.16.2)', async () => {
    const response = await t.app.inject({ url: '/api/version' });
    expect(response.json()).toEqual({ frontend: FRONTEND_VERSION, backend: packageJson.version });
    expect(FRONTEND_VERSION).toBe('2.16.2');
  });

  it('serves the browsable OpenAPI page without a token', async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('GET /api/openapi.json', () => {
  it('documents the debtor routes with the generated schemas', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const list = doc.paths['/api/debtor/list'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'rowsPerPage', 'sortBy', 'sortDesc']),
    );
    const listBody = list.responses['200'].content['application/json'].schema;
    expect(listBody.properties.debtors.items.$ref).toBe('#/components/schemas/DebtorListItem');
    const show = doc.paths['/api/debtor/show/{id}'].get;
    expect(show.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/Debtor');
    expect(show.responses['404'] ?? show.responses['4XX']).toBeDefined();
    for (const name of ['Debtor', 'DebtorListItem', 'Location', 'CreditorLimits', 'ApiError']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(doc.paths['/api/login'].post).toBeDefined();
  });
});

describe('built client', () => {
  it('serves dist files and falls back to index.html for client routes, never for /api', async () => {
    const clientDir = await mkdtemp(path.join(os.tmpdir(), 'kontor-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Kontor</title>');
    await writeFile(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1);');
    const app = await buildApp({ db: t.db, jwtSecret: 'y'.repeat(32), clientDir });
    try {
      const page = await app.inject({ url: '/debtors/main/12?page=2' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Kontor</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
      const asset = await app.inject({ url: '/assets/app-1234.js' });
      expect(asset.body).toBe('console.log(1);');
      expect(asset.headers['cache-control']).toMatch(/immutable/);
      const api = await app.inject({ url: '/api/does-not-exist' });
      expect(api.headers['content-type']).toMatch(/application\/json/);
      expect(api.statusCode).toBe(401);
      const post = await app.inject({ method: 'POST', url: '/somewhere' });
      expect(post.statusCode).toBe(404);
    } finally {
      await app.close();
      await rm(clientDir, { recursive: true, force: true });
    }
  });
});

describe('errors', () => {
  it('answers unknown API paths with 401 before a login and a JSON 404 after', async () => {
    expect((await t.app.inject({ url: '/api/nothing-here' })).statusCode).toBe(401);
    const token = await loginAs(t.app, 'creditor@example.com');
    const response = await t.app.inject({ url: '/api/nothing-here', headers: bearer(token) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'notFound' });
  });

  it('never leaks a stack: an unreachable database is a 503 databaseUnavailable', async () => {
    // A database nobody listens on: the health check fails with a connection error, which is a
    // passing outage (restart, failover), not a bug: 503 with Retry-After, nothing of the cause.
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: 'postgresql://nobody@127.0.0.1:1/none' }),
      }),
    });
    const broken = await buildApp({ db, jwtSecret: 'x'.repeat(32) });
    const response = await broken.inject({ url: '/api/healthy' });
    await broken.close();
    await db.destroy();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      statusCode: 503,
      code: 'databaseUnavailable',
      message: de.messages.databaseUnavailable,
    });
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\.ts:/);
  });

  it('never leaks a stack: an unexpected failure is a 500 serverError', async () => {
    // A driver that fails with an error no rule knows: the answer is the generic 500.
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: {
          connect: async () => {
            throw new Error('unexpected failure at /srv/kontor/src/server/secret.ts:12');
          },
          end: async () => {},
        } as unknown as pg.Pool,
      }),
    });
    const broken = await buildApp({ db, jwtSecret: 'x'.repeat(32) });
    const response = await broken.inject({ url: '/api/healthy' });
    await broken.close();
    await db.destroy();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'serverError',
      message: de.messages.serverError,
    });
    expect(response.body).not.toMatch(/secret|\.ts:/);
  });
});
