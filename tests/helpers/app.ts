import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-accounts';
import { openTestDatabase, type TestDatabaseHandle } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  handle: TestDatabaseHandle;
  close(): Promise<void>;
}

/**
 * The application on a private copy of the seeded template database (one per test file).
 *
 * @example
 * let t: TestApp;
 * beforeAll(async () => { t = await buildTestApp(); });
 * afterAll(() => t.close());
 */
export async function buildTestApp(options: Pick<BuildAppOptions, 'adapters' | 'clock' | 'liveEvents'> = {}): Promise<TestApp> {
  const handle = await openTestDatabase(inject('kontorTemplate'));
  let app: FastifyInstance;
  try {
    app = await buildApp({ db: handle.db, listen: handle.listen, ...options });
    await app.ready();
  } catch (error) {
    await handle.close(); // drops the PostgreSQL copy even when the app cannot start
    throw error;
  }
  return {
    app,
    db: handle.db,
    handle,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/**
 * Logs a demo user in (password `Demo1234!`) and returns the bearer access token.
 *
 * @example
 * const token = await loginAs(app, 'creditor@example.com');
 * await app.inject({ url: '/api/debtor/list', headers: { authorization: `Bearer ${token}` } });
 */
export async function loginAs(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`login as ${email} failed: ${response.statusCode} ${response.body}`);
  return response.json().token;
}

/** `Authorization` header for a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The creditor (tenant) a demo user belongs to.
 *
 * @example const creditorId = await creditorIdOfUser(t.db, 'creditor@example.com');
 */
export async function creditorIdOfUser(db: Kysely<Database>, username: string): Promise<number> {
  const { creditorId } = await db
    .selectFrom('appUser')
    .select('creditorId')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  if (creditorId == null) throw new Error(`${username} belongs to no creditor`);
  return creditorId;
}
