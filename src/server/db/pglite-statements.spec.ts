import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedStatementClient, type PGliteQueryClient } from './pglite-statements';

// A real PGlite in memory: the client's answers are compared with PGlite's own `query`, and what it
// prepared is read from the session's pg_prepared_statements.

let pglite: PGlite;
let client: PGliteQueryClient;
const nameOf = (text: string) => `s_${text.length}_${[...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)}`;
const LIMIT = 5;

const prepared = async () =>
  (await pglite.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by name')).rows;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`
    create table item (id integer primary key, name text not null unique, due date, tags text[], data jsonb, done boolean);
    insert into item values (1, 'eins', '2026-01-31', '{a,b}', '{"x": 1}', false), (2, 'zwei', null, null, null, true);`);
  client = namedStatementClient(pglite, nameOf, LIMIT);
});
afterAll(() => pglite.close());

describe('namedStatementClient', () => {
  it('answers as PGlite’s query does, for every parameter type the application sends', async () => {
    const text = 'select id, name, due, tags, data, done from item where id = any($1) and (due is null or due <= $2) and done = any($3) order by id';
    const parameters = [[1, 2], '2026-12-31', [true, false]];
    const ours = await client.query(text, parameters);
    const theirs = await pglite.query(text, parameters);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.rows).toHaveLength(2);
    expect(ours.rows[0]).toMatchObject({ id: 1, tags: ['a', 'b'], data: { x: 1 }, done: false });
  });

  it('parses a statement once and binds it on every later call', async () => {
    const text = 'select name from item where id = $1';
    const before = (await prepared()).length;
    for (const id of [1, 2, 1]) {
      const { rows } = await client.query(text, [id]);
      expect(rows).toEqual([{ name: id === 1 ? 'eins' : 'zwei' }]);
    }
    const after = await prepared();
    expect(after).toHaveLength(before + 1);
    expect(after.filter((s) => s.statement === text)).toEqual([{ name: nameOf(text), statement: text }]);
  });

  it('reports affected rows of a write, and a null parameter as SQL null', async () => {
    const result = await client.query('update item set due = $1 where id = $2', [null, 1]);
    expect(result.affectedRows).toBe(1);
    expect((await client.query('select due from item where id = $1', [1])).rows).toEqual([{ due: null }]);
  });

  it('keeps no statement that failed to parse, and the session goes on', async () => {
    const text = 'select nam from item where id = $1';
    await expect(client.query(text, [1])).rejects.toMatchObject({ code: '42703' });
    expect((await prepared()).map((s) => s.statement)).not.toContain(text);
    expect((await client.query('select name from item where id = $1', [2])).rows).toEqual([{ name: 'zwei' }]);
  });

  it('fails a statement at execution with its error, inside a transaction rolled back as a whole', async () => {
    const insert = 'insert into item (id, name) values ($1, $2)';
    await client.query('begin');
    await client.query(insert, [3, 'drei']);
    await expect(client.query(insert, [4, 'drei'])).rejects.toMatchObject({ code: '23505', constraint: 'item_name_key' });
    await expect(client.query('select 1 where $1::int = 1', [1])).rejects.toMatchObject({ code: '25P02' });
    await client.query('rollback');
    expect((await client.query('select count(*)::int as n from item where id > $1', [2])).rows).toEqual([{ n: 0 }]);
    // the statement prepared inside the rolled-back transaction is still there and still works
    await client.query(insert, [3, 'drei']);
    expect((await pglite.query('select name from item where id = 3')).rows).toEqual([{ name: 'drei' }]);
  });

  it('sends statements without parameters, and any beyond its limit, unnamed', async () => {
    await client.query('select 1');
    const count = (await prepared()).length;
    expect(count).toBeLessThanOrEqual(LIMIT);
    for (let i = 0; i < LIMIT + 2; i++) {
      const { rows } = await client.query(`select $1::int + ${i} as n`, [1]);
      expect(rows).toEqual([{ n: 1 + i }]);
    }
    expect(await prepared()).toHaveLength(LIMIT);
    expect((await prepared()).map((s) => s.statement)).not.toContain('select 1');
  });
});
