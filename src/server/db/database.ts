import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, type PGliteOptions, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  CamelCasePlugin,
  Kysely,
  type KyselyPlugin,
  type LogConfig,
  PostgresDialect,
  RawNode,
  SelectModifierNode,
  SelectQueryNode,
  sql,
} from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { type DatabaseListen, listenOnPostgres } from './listen';
import { KEPT_PLAN_SELECT, namedStatementClient } from './pglite-statements';
import type { Database } from './schema';
import { parseTimestamptz, TIMESTAMPTZ_OID } from './timestamptz';

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
  /** LISTEN on a channel (the live events, issue 31): a dedicated connection on PostgreSQL, PGlite's own `listen` */
  listen: DatabaseListen;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data directory (`memory://` for a throw-away database). */
  dataDir?: string;
  /**
   * A PGlite data-directory dump (an uncompressed tar) to start from: tests load a migrated,
   * seeded template. Bytes, not a Blob: Node 20 reads a 40 MB Blob back at ~0.7 s of CPU.
   */
  loadDataDir?: ArrayBuffer;
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
  // the same Dates as pg's parser, read without its regular expressions (timestamptz.ts)
  if (oid === TIMESTAMPTZ_OID && format !== 'binary') return parseTimestamptz;
  if (oid === INT8_OID || oid === NUMERIC_OID) return toNumber;
  return pg.types.getTypeParser(oid, format as 'text');
}

type QueryFunction = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** A Blob as PGlite reads one (`type`, `arrayBuffer()`), over bytes already in memory. */
const asBlob = (bytes: ArrayBuffer, type = ''): Blob => ({ type, arrayBuffer: async () => bytes }) as unknown as Blob;

let artifacts: Promise<Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>> | undefined;
/**
 * PGlite's WebAssembly modules compiled and its file-system bundle read once per process: a process
 * that opens several databases (a test worker: one per test file) starts each in 1.7 s of CPU
 * instead of 3.3 s; one database (`npm start`) costs the same as before.
 */
function pgliteArtifacts() {
  artifacts ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasm, initdbWasm, bundle] = await Promise.all([
      readFile(path.join(dist, 'pglite.wasm')),
      readFile(path.join(dist, 'initdb.wasm')),
      readFile(path.join(dist, 'pglite.data')),
    ]);
    const bundleBytes = bundle.buffer.slice(bundle.byteOffset, bundle.byteOffset + bundle.byteLength) as ArrayBuffer;
    return {
      pgliteWasmModule: await WebAssembly.compile(pgliteWasm),
      initdbWasmModule: await WebAssembly.compile(initdbWasm),
      // read by each database, never written
      fsBundle: asBlob(bundleBytes),
    };
  })().catch((error) => {
    // a failed read is not kept: the next database tries again
    artifacts = undefined;
    throw error;
  });
  return artifacts;
}

/** Statements prepared on one connection at most; beyond that a statement is sent unnamed. */
export const PREPARED_PER_CONNECTION = 1000;
const statementNames = new Map<string, string>();

/** A stable name per SQL text (the same on every connection), for PostgreSQL's prepared statements. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `k${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    // the texts the application sends are a bounded set of shapes; a runaway one must not grow this forever
    if (statementNames.size < 10 * PREPARED_PER_CONNECTION) statementNames.set(text, name);
  }
  return name;
}

/**
 * Kysely asks `client.query(sql, parameters)` for a promise. That call form is answered here:
 * - as a **named (prepared) statement**: PostgreSQL parses and analyses a statement text once per
 *   connection and reuses that; it still plans each execution for its parameters
 *   (`plan_cache_mode = force_custom_plan`, set on the pool's connections): a generic plan, made for
 *   an average creditor, made the date filters of a 250,000-voucher tenant 13 × slower. The
 *   statement texts are a bounded set of shapes (parameters are values, never spliced), and at most
 *   {@link PREPARED_PER_CONNECTION} per connection are kept.
 * - through `pg`'s **callback API**: through its promise API the rows of a result end up in V8's
 *   old generation far more often (issue 13, reading 246,723 vouchers in batches of 1,000: ~280 MB
 *   promoted against ~30 MB, measured with `--trace-gc-nvp`), and old-generation garbage is collected
 *   late: the CSV export's RSS grew by ~120–150 MB instead of ~60 MB.
 * Every other form (config objects, cursors, callbacks) goes to `pg` unchanged.
 */
function answerThroughCallback(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFunction;
  let prepared = 0;
  const named = new Set<string>();
  const viaCallback: QueryFunction = (config, values, callback) => {
    if (typeof config !== 'string' || callback !== undefined || typeof values === 'function')
      return query(config, values, callback);
    return new Promise((resolve, reject) => {
      // a Query made from the text, named afterwards: pg copies a config object property by property
      // (`cloneQueryConfig`, 1 % of a cheap list's CPU), a text it takes as it is
      const statement = new pg.Query(config, values as unknown[] | undefined, (error: Error | undefined, result: unknown) =>
        error ? reject(error) : resolve(result),
      ) as pg.Query & { name?: string };
      if (Array.isArray(values) && values.length > 0) {
        const name = statementName(config);
        if (named.has(name) || prepared < PREPARED_PER_CONNECTION) {
          if (!named.has(name)) {
            named.add(name);
            prepared++;
          }
          statement.name = name;
        }
      }
      query(statement);
    });
  };
  (client as unknown as { query: QueryFunction }).query = viaCallback;
}

/**
 * A pool of at most `max` connections to PostgreSQL whose sessions plan prepared statements as
 * `planCacheMode` says, answering Kysely's calls through {@link answerThroughCallback}.
 */
function openPool(connectionString: string, max: number, planCacheMode: 'force_custom_plan' | 'auto'): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    options: `-c plan_cache_mode=${planCacheMode}`,
    types: { getTypeParser: pgTypeParser as typeof pg.types.getTypeParser },
  });
  // An idle connection the server ends (restart, failover, DROP DATABASE … FORCE) must not crash
  // the process: pg emits it on the pool, and the next query simply opens a new connection.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  pool.on('connect', answerThroughCallback);
  // A connection ended while checked out (between two statements of a transaction) emits its error
  // on the client, where no one listens: without this listener the process would die (issue 27).
  // Its next statement fails, the request answers 503 and the pool drops the client on release.
  pool.on('connect', (client) => client.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`)));
  return pool;
}

const keptPlans = new WeakMap<Kysely<Database>, Kysely<Database>>();

/** Marks every select it compiles as one that may run on a kept plan (PGlite: pglite-statements.ts). */
const keptPlanMarker: KyselyPlugin = {
  transformQuery: ({ node }) =>
    SelectQueryNode.is(node)
      ? SelectQueryNode.cloneWithFrontModifier(
          node,
          SelectModifierNode.createWithExpression(RawNode.createWithSql(KEPT_PLAN_SELECT.slice('select '.length))),
        )
      : node,
  transformResult: async ({ result }) => result,
};

/**
 * The twin of `db` for statements whose best plan does not depend on their values — the admin lists
 * (every creditor at once, or one product's): on PostgreSQL a pool of three connections of its own
 * that leave `plan_cache_mode` at PostgreSQL's default, so a prepared statement is planned for its
 * values five times and then runs on a kept generic plan where PostgreSQL estimates that one as good
 * (issue 32: planning was two thirds of the action log's statement time, 0.14–0.27 ms against
 * 0.005 ms on a kept plan; on PGlite 0.73 against 0.03 ms). `db`'s own connections plan every
 * execution: a generic plan made for an average creditor is slow for one of 250,000 vouchers. On
 * PGlite (one session) the twin marks its selects, and the session's plan mode is `auto` around them
 * (pglite-statements.ts). A transaction has no twin: it is `db` itself.
 *
 * @example await listAlong(plansKept(db), cache, scope, readerId, query, parts)
 */
export function plansKept(db: Kysely<Database>): Kysely<Database> {
  return keptPlans.get(db) ?? db;
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
    // prepared statements (below) are planned for their parameters every time: a generic plan
    // chosen for an average creditor is slow for one of 250,000 vouchers (the date filters 13 ×)
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: openPool(options.databaseUrl, 10, 'force_custom_plan') }),
      plugins,
      log: options.log,
    });
    // the statements whose plan does not depend on their values, on connections that keep plans (plansKept)
    const kept = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: openPool(options.databaseUrl, 3, 'auto') }),
      plugins,
      log: options.log,
    });
    keptPlans.set(db, kept);
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      listen: async (channel, onPayload) => {
        const stop = await listenOnPostgres(options.databaseUrl!, channel, onPayload);
        const unlisten = async () => {
          listeners.delete(unlisten);
          await stop();
        };
        listeners.add(unlisten);
        return unlisten;
      },
      // Without parameters `pg` uses the simple query protocol, which accepts several statements.
      execScript: async (executor, script) => {
        await sql.raw(script).execute(executor);
      },
      close: async () => {
        await Promise.all([...listeners].map((unlisten) => unlisten()));
        await Promise.all([db.destroy(), kept.destroy()]);
      },
    };
  }
  const dump = options.loadDataDir;
  const pglite = await PGlite.create({
    dataDir: options.dataDir ?? 'memory://',
    // PGlite reads a dump through `arrayBuffer()` only: each database gets its own copy of the bytes
    loadDataDir: dump ? asBlob(dump.slice(0), 'application/x-tar') : undefined,
    ...(await pgliteArtifacts()),
    // trigram indexes for the voucher number search (migration 0087); PostgreSQL ships it in contrib
    extensions: { pg_trgm },
    parsers: {
      [pgliteTypes.DATE]: keepString,
      [pgliteTypes.INT8]: toNumber,
      [pgliteTypes.NUMERIC]: toNumber,
    },
  });
  // planned for its values every time, as on PostgreSQL (answerThroughCallback); the statements
  // themselves are parsed once (pglite-statements.ts)
  await pglite.exec('set plan_cache_mode = force_custom_plan');
  const client = namedStatementClient(pglite, statementName, PREPARED_PER_CONNECTION);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client as PGlite), plugins, log: options.log });
  // the same driver (its one connection, its queue of transactions), the statements marked
  keptPlans.set(db, db.withPlugin(keptPlanMarker));
  return {
    db,
    kind: 'pglite',
    pglite,
    // PGlite has one session: its notifications are those of this process, delivered after commit
    listen: async (channel, onPayload) => {
      const unlisten = await pglite.listen(channel, onPayload);
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
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
