import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DatabaseHandle } from './database';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** The migration files' names (`0001_initial.sql` …) in name order. */
const migrationFiles = async () => (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
const migrationName = (file: string) => file.replace(/\.sql$/, '');

/** Reads `migrations/*.sql` in name order; each file is one forward-only migration. */
class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly handle: DatabaseHandle) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = await migrationFiles();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const script = await readFile(new URL(file, `file://${MIGRATIONS_DIR}`), 'utf8');
      migrations[migrationName(file)] = {
        up: (db) => this.handle.execScript(db, script),
      };
    }
    return migrations;
  }
}

/**
 * Whether every migration file is recorded as applied, and nothing else: one plain read, where the
 * Migrator first introspects every table of the schema (~0.7 s of CPU on PGlite, paid by every
 * server start — each browser test file's). A missing table or any difference leaves the decision to
 * the Migrator, which locks, checks and runs what is due (several processes may start together).
 */
async function isUpToDate(handle: DatabaseHandle): Promise<boolean> {
  const files = (await migrationFiles()).map(migrationName);
  let applied: string[];
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(handle.db);
    applied = rows.map((row) => row.name);
  } catch {
    return false;
  }
  const wanted = new Set(files);
  return applied.length === wanted.size && applied.every((name) => wanted.has(name));
}

/**
 * Brings the database to the newest schema; throws with the failing migration's error.
 *
 * @example
 * await migrateToLatest(await openDatabase({ dataDir: './data' }));
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  if (await isUpToDate(handle)) return [];
  const migrator = new Migrator({ db: handle.db, provider: new SqlFileMigrationProvider(handle) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause.message}`, { cause });
  }
  return (results ?? []).map((result) => result.migrationName);
}
