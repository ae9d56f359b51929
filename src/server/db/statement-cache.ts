import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** Where a per-request value goes in a statement compiled once: it compiles to a parameter. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * Statements built and compiled once per shape, run many times with other values (issue 13: building
 * and compiling the voucher list's Kysely queries was a fifth of a request's CPU).
 *
 * `key` names everything the statement's text depends on (filters, sort, …); `values` are what
 * differs between requests of that shape (tenant, user, page) — `build` receives them as slots, each
 * standing where its value goes, and may only pass them on to Kysely as values, never compute with
 * them (a slot that did not become a parameter is refused when the statement is built). The results
 * pass through the database's plugins (camelCase) as every query's do. At most `size` shapes are
 * kept, the oldest dropped first: a one-off search costs what it did before, a build. A statement is
 * compiled by the first database it runs on and reused on any other: every database of the process
 * comes from `openDatabase` (PostgreSQL or PGlite, the same SQL dialect and plugins).
 *
 * @example
 * const cache = new StatementCache();
 * const rows = await cache.rows(db, `count|${JSON.stringify(filters)}`, { creditorId }, (slot) =>
 *   db.selectFrom('voucher').select((eb) => eb.fn.countAll().as('n')).where('creditorId', '=', slot.creditorId),
 * );
 */
export class StatementCache {
  readonly #statements = new Map<string, CompiledQuery>();

  constructor(private readonly size = 500) {}

  /** The rows of the statement `build` makes for `key`, run with `values` in its slots. */
  async rows<O, V extends Record<string, unknown>>(
    db: Kysely<any>,
    key: string,
    values: V,
    build: (slots: { [K in keyof V]: V[K] }) => Compilable<O>,
  ): Promise<O[]> {
    let statement = this.#statements.get(key);
    if (!statement) {
      statement = this.#build(values, build);
      if (this.#statements.size >= this.size) this.#statements.delete(this.#statements.keys().next().value as string);
      this.#statements.set(key, statement);
    }
    const parameters = statement.parameters.map((parameter) =>
      parameter instanceof Slot ? values[parameter.name] : parameter,
    );
    const result = await db.executeQuery<O>({ ...statement, parameters });
    return result.rows;
  }

  /** How many shapes are kept (for tests). */
  get shapes(): number {
    return this.#statements.size;
  }

  #build<O, V extends Record<string, unknown>>(values: V, build: (slots: V) => Compilable<O>): CompiledQuery {
    const slots = Object.fromEntries(Object.keys(values).map((name) => [name, new Slot(name)])) as unknown as V;
    const statement = build(slots).compile();
    const used = new Set(statement.parameters.filter((p) => p instanceof Slot).map((p) => (p as Slot).name));
    const unused = Object.keys(values).filter((name) => !used.has(name));
    if (unused.length) throw new Error(`statement slots not used as parameters: ${unused.join(', ')}`);
    if (/\[object Object\]/.test(statement.sql)) throw new Error('a statement slot was spliced into the SQL text');
    return statement;
  }
}
