import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/database';

/** What the global setup hands to every test file: where the migrated, seeded template lives. */
export type TemplateInfo =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; adminUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    kontorTemplate: TemplateInfo;
  }
}

/** `url` with its database name replaced. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs one statement on the admin connection (CREATE/DROP DATABASE cannot run in a pool transaction). */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

const dumps = new Map<string, Promise<ArrayBuffer>>();
/** The template's dump, read once per worker (its files share the loaded modules, isolate: false). */
function dumpBytes(file: string): Promise<ArrayBuffer> {
  let bytes = dumps.get(file);
  if (!bytes) {
    bytes = readFile(file).then((data) => data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);
    dumps.set(file, bytes);
  }
  return bytes;
}

/** A test's database; `url`: its PostgreSQL address (a second process's app opens it again). */
export type TestDatabaseHandle = DatabaseHandle & { url?: string };

/**
 * A private copy of the template for one test file: PGlite loads the dumped data directory into
 * memory; PostgreSQL gets `CREATE DATABASE … TEMPLATE …`, dropped again by `close()`.
 */
export async function openTestDatabase(template: TemplateInfo): Promise<TestDatabaseHandle> {
  if (template.kind === 'pglite') return openDatabase({ dataDir: 'memory://', loadDataDir: await dumpBytes(template.dumpFile) });
  const name = `${template.templateName}_f${randomBytes(4).toString('hex')}`;
  await adminQuery(
    template.adminUrl,
    `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template.templateName)}`,
  );
  const url = withDatabase(template.adminUrl, name);
  const handle = await openDatabase({ databaseUrl: url });
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await adminQuery(template.adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    },
  };
}

export { quoteIdent };
