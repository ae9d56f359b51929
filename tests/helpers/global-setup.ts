import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDatabase } from '../../src/server/db/seed';
import { adminQuery, quoteIdent, type TemplateInfo, withDatabase } from './test-database';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// Dumps of runs that were killed before their teardown (40 MB each) would pile up otherwise.
async function removeOrphanDumps(dir: string) {
  for (const file of await readdir(dir)) {
    const pid = Number(/^template-(\d+)-/.exec(file)?.[1]);
    if (pid && !isAlive(pid)) await rm(path.join(dir, file), { force: true });
  }
}

/**
 * Runs once per `vitest --project api`: migrates and seeds one template database, which every test
 * file then copies (tests/helpers/test-database.ts). PGlite by default; PostgreSQL when
 * KONTOR_TEST_DB=postgres and TEST_DATABASE_URL (a database whose user may CREATE DATABASE) are set.
 */
export default async function setup(project: TestProject) {
  const usePostgres = process.env.KONTOR_TEST_DB === 'postgres';
  const started = Date.now();
  let template: TemplateInfo;
  let teardown: () => Promise<void>;

  if (usePostgres) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('KONTOR_TEST_DB=postgres needs TEST_DATABASE_URL');
    const templateName = `kontor_test_${process.pid}_${Date.now().toString(36)}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(templateName)}`);
    const dropTemplate = () =>
      adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(templateName)} WITH (FORCE)`);
    const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, templateName) });
    try {
      await migrateToLatest(handle);
      await seedDatabase(handle.db, { size: 'demo' });
    } catch (error) {
      await handle.close();
      await dropTemplate();
      throw error;
    }
    // no connection may stay open on a database used as TEMPLATE
    await handle.close();
    template = { kind: 'postgres', adminUrl, templateName };
    teardown = dropTemplate;
  } else {
    const handle = await openDatabase({ dataDir: 'memory://' });
    let dump: Blob;
    try {
      await migrateToLatest(handle);
      await seedDatabase(handle.db, { size: 'demo' });
      // a checkpoint first: a copy then starts without replaying the seed's WAL (1.6–2.0 → 1.2–1.4
      // CPU seconds per test database on the 2-core machine; every file opens at least one)
      await sql`checkpoint`.execute(handle.db);
      dump = await handle.pglite!.dumpDataDir('none');
    } finally {
      await handle.close();
    }
    const dir = path.resolve('.test-data');
    await mkdir(dir, { recursive: true });
    await removeOrphanDumps(dir);
    const dumpFile = path.join(dir, `template-${process.pid}-${Date.now().toString(36)}.tar`);
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
    template = { kind: 'pglite', dumpFile };
    teardown = () => rm(dumpFile, { force: true });
  }

  console.log(`[api tests] ${template.kind} template ready in ${Date.now() - started} ms`);
  project.provide('kontorTemplate', template);
  return teardown;
}
