import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';

/** What Kysely's PGlite dialect calls on its client: `query(sql, parameters)` and `close()`. */
export interface PGliteQueryClient {
  query(text: string, parameters?: unknown[]): Promise<Results>;
  close(): Promise<void>;
}

const { serialize } = protocol;
const SYNC = serialize.sync();
/**
 * How a statement that may run on a kept plan begins (plansKept, database.ts): its select carries
 * this comment. PGlite has one session, so its plan mode is switched around such a statement.
 */
export const KEPT_PLAN_SELECT = 'select /* kept plan */';
const PLANS_KEPT = serialize.query('set plan_cache_mode = auto');
const PLANS_MADE = serialize.query('set plan_cache_mode = force_custom_plan');
const DESCRIBE_PORTAL = serialize.describe({ type: 'P' });
const EXECUTE = serialize.execute({});

/**
 * PGlite's `query` for Kysely, with **named statements**: PGlite's own `query` sends every statement
 * unnamed (parse, describe, bind, describe, execute, sync on each call), so PostgreSQL parses and
 * analyses the same text again for every request. Here a statement with parameters is parsed and
 * described once per PGlite instance under `nameOf(text)`; each call then only binds, executes and
 * syncs — the same extended-protocol messages PGlite sends, through its public `execProtocolStream`
 * under its query lock (`runExclusive`), results read by its own `parseResults`. It still plans
 * every execution for its values (`plan_cache_mode = force_custom_plan`, as on PostgreSQL: see
 * database.ts), except a statement that begins with {@link KEPT_PLAN_SELECT}: around it the session's
 * mode is `auto` (a generic plan after five custom ones, where PostgreSQL finds it as good). Statements without parameters (BEGIN, COMMIT, scripts' single statements) and any
 * text beyond `limit` named ones go through PGlite's `query` unchanged.
 *
 * A named statement lives as long as the session, across transactions (prepared statements are not
 * transactional); a statement that fails to parse is not kept, and one that parsed but could not be
 * described is closed again, so its name can be parsed anew.
 *
 * @example
 * const client = namedStatementClient(pglite, statementName, 1000);
 * new Kysely({ dialect: new PGliteDialect(client as unknown as PGlite) });
 */
export function namedStatementClient(pglite: PGlite, nameOf: (text: string) => string, limit: number): PGliteQueryClient {
  /** statement name → its parameters' type ids */
  const prepared = new Map<string, number[]>();
  const exec = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });

  async function prepare(name: string, text: string): Promise<number[]> {
    await exec(serialize.parse({ name, text }));
    try {
      const types = parse.parseDescribeStatementResults(await exec(serialize.describe({ type: 'S', name })));
      prepared.set(name, types);
      return types;
    } catch (error) {
      await exec(serialize.close({ type: 'S', name }));
      throw error;
    }
  }

  function serializeValue(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : pglite.serializers[type];
    return serializer ? serializer(value) : String(value);
  }

  async function query(text: string, parameters: unknown[] = []): Promise<Results> {
    if (parameters.length === 0) return pglite.query(text);
    const name = nameOf(text);
    if (!prepared.has(name) && prepared.size >= limit) return pglite.query(text, parameters);
    return pglite.runExclusive(async () => {
      const messages = [];
      // outside a transaction only: a SET inside one would last as long as the transaction
      const keepPlan = text.startsWith(KEPT_PLAN_SELECT) && !pglite.isInTransaction();
      if (keepPlan) await exec(PLANS_KEPT);
      try {
        const types = prepared.get(name) ?? (await prepare(name, text));
        const values = parameters.map((value, i) => serializeValue(value, types[i]));
        messages.push(
          ...(await exec(serialize.bind({ statement: name, values }))),
          ...(await exec(DESCRIBE_PORTAL)),
          ...(await exec(EXECUTE)),
        );
      } finally {
        messages.push(...(await exec(SYNC)));
        if (keepPlan) await exec(PLANS_MADE);
      }
      await pglite.syncToFs();
      return parse.parseResults(messages, pglite.parsers)[0];
    });
  }

  return { query, close: () => pglite.close() };
}
