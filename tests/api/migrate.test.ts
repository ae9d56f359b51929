import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate';
import { openTestDatabase, type TestDatabaseHandle } from '../helpers/test-database';

// Every server start runs migrateToLatest (src/server/main.ts): on an up-to-date database it must
// be one plain read, not the Migrator's introspection of every table; any difference between the
// files and the records goes to the Migrator, which decides (and refuses what it cannot explain).
let handle: TestDatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase(inject('kontorTemplate'));
}, 60_000);
afterAll(() => handle?.close());

/** The handle with every statement its Kysely runs counted (the Migrator uses the handle's db). */
function counted(): { handle: TestDatabaseHandle; statements: string[] } {
  const statements: string[] = [];
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      statements.push(args.node.kind);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { handle: { ...handle, db: handle.db.withPlugin(counter) }, statements };
}

describe('migrateToLatest', () => {
  it('on an up-to-date database reads the applied migrations once and changes nothing', async () => {
    const before = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
    const { handle: watched, statements } = counted();
    expect(await migrateToLatest(watched)).toEqual([]);
    expect(statements).toHaveLength(1);
    const after = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
    expect(after.rows).toEqual(before.rows);
    expect(before.rows.length).toBeGreaterThan(30);
  });

  it('leaves a database whose records differ from the files to the Migrator', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('9999_not_a_file', now())`.execute(handle.db);
    try {
      const { handle: watched, statements } = counted();
      await expect(migrateToLatest(watched)).rejects.toThrow(/9999_not_a_file/);
      expect(statements.length).toBeGreaterThan(1);
    } finally {
      await sql`delete from kysely_migration where name = '9999_not_a_file'`.execute(handle.db);
    }
    expect(await migrateToLatest(handle)).toEqual([]);
  });
});
