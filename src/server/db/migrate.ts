import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DatabaseHandle } from './database';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Reads `migrations/*.sql` in name order; each file is one forward-only migration. */
class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly handle: DatabaseHandle) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const script = await readFile(new URL(file, `file://${MIGRATIONS_DIR}`), 'utf8');
      migrations[file.replace(/\.sql$/, '')] = {
        up: (db) => this.handle.execScript(db, script),
      };
    }
    return migrations;
  }
}

/**
 * Brings the database to the newest schema; throws with the failing migration's error.
 *
 * @example
 * await migrateToLatest(await openDatabase({ dataDir: './data' }));
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider: new SqlFileMigrationProvider(handle) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause.message}`, { cause });
  }
  return (results ?? []).map((result) => result.migrationName);
}
