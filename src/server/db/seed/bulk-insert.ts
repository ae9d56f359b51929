import { type Kysely, sql } from 'kysely';
import type { Database, NewRow } from '../schema';
import { INSERT_ORDER, type RowSink } from './seed-context';

type Table = keyof Database & string;

/** Tables whose rows the seed builds with explicit ids, so related rows exist before any insert. */
export type IdTable =
  | 'creditor'
  | 'appUser'
  | 'debtor'
  | 'location'
  | 'permanentDebt'
  | 'voucher'
  | 'workQueueItem'
  | 'pendingDebtorDecision'
  | 'termsApproval';

export interface IdAllocator {
  next(table: IdTable): number;
}

/** Hands out ids per table from 1 (or from `start`), like the identity columns would. */
export function createIdAllocator(start: Partial<Record<IdTable, number>> = {}): IdAllocator {
  const counters = new Map<IdTable, number>(Object.entries(start) as [IdTable, number][]);
  return {
    next: (table) => {
      const id = (counters.get(table) ?? 0) + 1;
      counters.set(table, id);
      return id;
    },
  };
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const ROWS_PER_STATEMENT = 5000;

/**
 * Writes many rows fast on both engines: one `INSERT … SELECT * FROM unnest($1::type[], …)` per
 * batch (one parameter per column instead of one per value). Columns are cast to their base type
 * (domains check on assignment); tables with array columns fall back to multi-row VALUES. Rows of one
 * call may differ in their keys: each run of rows with the same keys is one insert (defaults still
 * apply to left-out columns), in the given order.
 *
 * @example
 * const writer = createBulkWriter(db);
 * await writer.insert('voucher', vouchers);
 */
export function createBulkWriter(db: Kysely<Database>) {
  const columnTypes = new Map<string, Map<string, string>>();

  async function typesOf(table: Table): Promise<Map<string, string>> {
    let types = columnTypes.get(table);
    if (!types) {
      const { rows } = await sql<{ name: string; type: string }>`
        select a.attname as name,
               format_type(case when t.typtype = 'd' then t.typbasetype else a.atttypid end, a.atttypmod) as type
        from pg_attribute a join pg_type t on t.oid = a.atttypid
        where a.attrelid = ${snake(table)}::regclass and a.attnum > 0 and not a.attisdropped`.execute(db);
      types = new Map(rows.map((row) => [row.name, row.type]));
      columnTypes.set(table, types);
    }
    return types;
  }

  async function insertUniform(table: Table, columns: string[], rows: Record<string, unknown>[]) {
    const types = await typesOf(table);
    const columnType = (column: string) => {
      const type = types.get(snake(column));
      if (!type) throw new Error(`seed: ${table} has no column ${column}`);
      return type;
    };
    if (columns.some((column) => columnType(column).endsWith('[]'))) {
      for (let start = 0; start < rows.length; start += 500) {
        await db
          .insertInto(table)
          .values(rows.slice(start, start + 500) as never)
          .execute();
      }
      return;
    }
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const batch = rows.slice(start, start + ROWS_PER_STATEMENT);
      const arrays = columns.map(
        (column) => sql`${batch.map((row) => row[column] ?? null)}::${sql.raw(columnType(column))}[]`,
      );
      await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
        select * from unnest(${sql.join(arrays)})`.execute(db);
    }
  }

  return {
    async insert<T extends Table>(table: T, rows: readonly NewRow<T>[]): Promise<void> {
      // consecutive rows with the same keys go together; order is kept, so parents precede children
      const groups: [string, Record<string, unknown>[]][] = [];
      for (const row of rows as readonly Record<string, unknown>[]) {
        const key = Object.keys(row).join(',');
        const last = groups[groups.length - 1];
        if (last?.[0] === key) last[1].push(row);
        else groups.push([key, [row]]);
      }
      for (const [key, group] of groups) {
        try {
          await insertUniform(table, key.split(','), group);
        } catch (error) {
          // the driver's error carries every parameter (megabytes here); keep what explains it
          const { message, detail, constraint } = error as {
            message: string;
            detail?: string;
            constraint?: string;
          };
          throw new Error(
            `seed: insert into ${table} failed: ${message}${detail ? ` (${detail})` : ''}${constraint ? ` [${constraint}]` : ''}`,
          );
        }
      }
    },
  };
}

export type BulkWriter = ReturnType<typeof createBulkWriter>;

/** Moves the identity sequences past rows inserted with explicit ids. */
export async function syncIdentitySequences(db: Kysely<Database>, tables: readonly Table[]): Promise<void> {
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${snake(table)}, 'id'),
      coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
  }
}

/** Inserts everything collected in `sink` (parents first) and empties it. */
export async function flushSink(writer: BulkWriter, sink: RowSink): Promise<void> {
  for (const table of INSERT_ORDER) {
    const rows = sink[table];
    if (rows && rows.length > 0) await writer.insert(table, rows as never);
    delete sink[table];
  }
}

/**
 * Checks every foreign key the way PostgreSQL would, for data loaded with the foreign-key triggers
 * switched off (the large seed): one anti-join per constraint; throws naming the first violated one.
 */
export async function verifyForeignKeys(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{
    name: string;
    child: string;
    parent: string;
    childColumns: string[];
    parentColumns: string[];
  }>`
    select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
      array(select attname from unnest(c.conkey) with ordinality k(n, i)
            join pg_attribute on attrelid = c.conrelid and attnum = k.n order by k.i)::text[] as child_columns,
      array(select attname from unnest(c.confkey) with ordinality k(n, i)
            join pg_attribute on attrelid = c.confrelid and attnum = k.n order by k.i)::text[] as parent_columns
    from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace`.execute(db);
  for (const fk of rows) {
    const notNull = fk.childColumns.map((column) => `c.${column} is not null`).join(' and ');
    const join = fk.childColumns.map((column, i) => `p.${fk.parentColumns[i]} = c.${column}`).join(' and ');
    const { rows: found } = await sql<{ n: number }>`${sql.raw(
      `select count(*) as n from ${fk.child} c where ${notNull} and not exists (select 1 from ${fk.parent} p where ${join})`,
    )}`.execute(db);
    if (Number(found[0].n) > 0) throw new Error(`seed: ${found[0].n} rows of ${fk.child} violate ${fk.name}`);
  }
}
