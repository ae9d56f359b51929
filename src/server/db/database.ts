import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, type LogConfig, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema';

/** Which engine a {@link DatabaseHandle} talks to. */
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /**
   * Runs a multi-statement SQL script (a migration file) on the connection of `executor`.
   * PGlite's `query` uses the extended protocol (one statement only), so scripts go through `exec`;
   * PGlite has a single session, so the script still runs inside the migrator's transaction.
   */
  execScript(executor: Kysely<Database>, script: string): Promise<void>;
  /** The embedded instance, when `kind` is `pglite` (tests dump and load its data directory). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data directory (`memory://` for a throw-away database). */
  dataDir?: string;
  /** A PGlite data-directory dump to start from (tests load a migrated, seeded template). */
  loadDataDir?: Blob;
  /** Kysely's query log (the API benchmark records the SQL an endpoint runs) */
  log?: LogConfig;
}

// Same value shapes from both engines: `date` stays `yyyy-MM-dd` (no time-zone shifts through JS Date),
// bigint sums and counts become numbers (cents stay far below 2^53).
const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const keepString = (value: string) => value;
const toNumber = (value: string) => Number(value);

function pgTypeParser(oid: number, format?: string): (value: string) => unknown {
  if (oid === DATE_OID) return keepString;
  if (oid === INT8_OID || oid === NUMERIC_OID) return toNumber;
  return pg.types.getTypeParser(oid, format as 'text');
}

/**
 * Opens the application database: PostgreSQL through a `pg` pool when `databaseUrl` is given,
 * otherwise an embedded PGlite in `dataDir`. Both use the same Kysely dialect family and plugins.
 *
 * @example
 * const handle = await openDatabase({ dataDir: './data' });
 * await handle.db.selectFrom('creditor').selectAll().execute();
 * await handle.close();
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      types: { getTypeParser: pgTypeParser as typeof pg.types.getTypeParser },
    });
    // An idle connection the server ends (restart, failover, DROP DATABASE … FORCE) must not crash
    // the process: pg emits it on the pool, and the next query simply opens a new connection.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins, log: options.log });
    return {
      db,
      kind: 'postgres',
      // Without parameters `pg` uses the simple query protocol, which accepts several statements.
      execScript: async (executor, script) => {
        await sql.raw(script).execute(executor);
      },
      close: () => db.destroy(),
    };
  }
  const pglite = await PGlite.create({
    dataDir: options.dataDir ?? 'memory://',
    loadDataDir: options.loadDataDir,
    parsers: {
      [pgliteTypes.DATE]: keepString,
      [pgliteTypes.INT8]: toNumber,
      [pgliteTypes.NUMERIC]: toNumber,
    },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins, log: options.log });
  return {
    db,
    kind: 'pglite',
    pglite,
    execScript: async (_executor, script) => {
      await pglite.exec(script);
    },
    // Destroying Kysely closes the PGlite instance through the dialect's driver.
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
