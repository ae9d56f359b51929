import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** True when no creditor and no user exist yet (first start); apart from the seed, which a start loads only then. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('appUser').select('id')).as('hasUsers'),
      eb.exists(eb.selectFrom('creditor').select('id')).as('hasCreditors'),
    ])
    .executeTakeFirstOrThrow();
  return !row.hasUsers && !row.hasCreditors;
}
