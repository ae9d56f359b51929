import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';

/** A user's stored row (roles, permissions, session version, status, …) by login name. */
export const userRow = (db: Kysely<Database>, username: string) =>
  db.selectFrom('appUser').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

/** A column's value as it is written back: a JSON object (the stored permissions) as its text. */
const writable = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
    ? JSON.stringify(value)
    : value;

/**
 * Runs `body` with the user's row changed (a role, a permission, the session ended while a token is
 * still valid), then puts back the columns it changed, even when `body` fails.
 *
 * @example await withUserChanged(t.db, 'creditor@example.com', { sessionVersion: 99 }, async () => { … });
 */
export async function withUserChanged(
  db: Kysely<Database>,
  username: string,
  change: Record<string, unknown>,
  body: () => Promise<void>,
): Promise<void> {
  const before = (await userRow(db, username)) as Record<string, unknown> & { id: number };
  const restore = Object.fromEntries(Object.keys(change).map((column) => [column, writable(before[column])]));
  try {
    await db.updateTable('appUser').set(change).where('id', '=', before.id).execute();
    await body();
  } finally {
    await db.updateTable('appUser').set(restore).where('id', '=', before.id).execute();
  }
}
