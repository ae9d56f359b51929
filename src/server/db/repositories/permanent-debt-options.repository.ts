import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';

// The filter choices of the permanent-debt list (document 1 §7): only values the creditor's
// permanent debts actually use, in natural-language order, so every choice finds something.

/** An option of an id filter: `{ id, name }` (the client shows the name and sends the id). */
export interface IdOption {
  id: number;
  name: string;
}

/** A location option also carries the creditor's own debtor number, shown beside the name. */
export interface LocationOption extends IdOption {
  customNumber: string | null;
}

const ICU = (column: string) => sql`${sql.ref(column)} collate "und-x-icu"`;

/**
 * Debtors that have permanent debts (GET permanent-debt/debtors).
 *
 * @example await permanentDebtDebtors(db, creditorId); // [{ id: 3, name: 'Bäckerei Kunz' }, …]
 */
export async function permanentDebtDebtors(db: Kysely<Database>, creditorId: number): Promise<IdOption[]> {
  return db
    .selectFrom('debtor as d')
    .select(['d.id', 'd.name'])
    .where('d.creditorId', '=', creditorId)
    .where((eb) =>
      eb.exists(eb.selectFrom('permanentDebt as p').select('p.id').whereRef('p.debtorId', '=', 'd.id')),
    )
    .orderBy(ICU('d.name'))
    .orderBy('d.id')
    .execute();
}

/**
 * Locations that have permanent debts (GET /permanent-debt/location-list).
 *
 * @example await permanentDebtLocations(db, creditorId); // [{ id: 7, name: 'Filiale Nord', customNumber: 'K-100' }, …]
 */
export async function permanentDebtLocations(
  db: Kysely<Database>,
  creditorId: number,
): Promise<LocationOption[]> {
  return db
    .selectFrom('location as l')
    .select(['l.id', 'l.name', 'l.customDebtorNumber as customNumber'])
    .where('l.creditorId', '=', creditorId)
    .where((eb) =>
      eb.exists(eb.selectFrom('permanentDebt as p').select('p.id').whereRef('p.locationId', '=', 'l.id')),
    )
    .orderBy(ICU('l.name'))
    .orderBy('l.id')
    .execute();
}

/** The distinct subjects (server name item) of the creditor's permanent debts (GET /permanent-debt/item-list). */
export async function permanentDebtItems(db: Kysely<Database>, creditorId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('permanentDebt')
    .select('subject')
    .distinct()
    .where('creditorId', '=', creditorId)
    .execute();
  return sortTexts(rows.map((row) => row.subject));
}

/** The creditor's own numbers of its permanent debts (GET /permanent-debt/custom-number-list). */
export async function permanentDebtCustomNumbers(
  db: Kysely<Database>,
  creditorId: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('permanentDebt')
    .select('customNumber')
    .distinct()
    .where('creditorId', '=', creditorId)
    .execute();
  return sortTexts(rows.map((row) => row.customNumber));
}

// DISTINCT and ORDER BY a collated expression do not combine; the lists are short, so sort here.
const collator = new Intl.Collator('de', { numeric: true });
const sortTexts = (values: string[]) => values.filter(Boolean).sort(collator.compare);
