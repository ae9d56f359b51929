import type { Kysely } from 'kysely';
import { ACTIVE_DEBTOR_STATUSES } from '../../services/status-groups';
import type { Database } from '../schema';

/** At most this many debtors per answer: the picker is a search, not a list (type more to narrow). */
export const PICKER_LIMIT = 50;

/** One active location of a picker entry: what the bookkeeper recognises it by. */
export interface PickerLocation {
  id: number;
  name: string;
  customNumber: string | null;
  street: string;
  house: string | null;
  zip: string;
  city: string;
}

/** One active own customer with its active locations (GET /debtor/picker). */
export interface PickerDebtor {
  id: number;
  name: string;
  identifier: string;
  locations: PickerLocation[];
}

/** `50%_rabatt` → `50\%\_rabatt`: the search is text, not a LIKE pattern. */
const literal = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The creditor's ACTIVE customers (debtor and location in the active group) for the upload dialog's
 * pickers, sorted by name, at most {@link PICKER_LIMIT}. Every word of `search` must occur
 * (case-insensitive, anywhere) in the debtor's name or in one of its active locations' name, own
 * customer number, postcode or city; `id` narrows to one debtor (the picker shows a prefilled choice
 * by name and offers its locations). A debtor without an active location cannot take an upload and
 * is left out. Only `creditorId`'s rows are ever read.
 *
 * @example await pickDebtors(db, creditorId, { search: 'michel kiel' }) // [{ id, name: 'Michel AG', locations: [...] }]
 */
export async function pickDebtors(
  db: Kysely<Database>,
  creditorId: number,
  { search, id }: { search?: string; id?: number },
): Promise<PickerDebtor[]> {
  const active = [...ACTIVE_DEBTOR_STATUSES];
  const terms = (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  let query = db
    .selectFrom('debtor as d')
    .select(['d.id', 'd.name', 'd.identifier'])
    .where('d.creditorId', '=', creditorId)
    .where('d.status', 'in', active)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('location as l')
          .select('l.id')
          .whereRef('l.debtorId', '=', 'd.id')
          .where('l.creditorId', '=', creditorId)
          .where('l.status', 'in', active),
      ),
    );
  if (id !== undefined) query = query.where('d.id', '=', id);
  for (const term of terms) {
    const pattern = `%${literal(term)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('d.name', 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('location as m')
            .select('m.id')
            .whereRef('m.debtorId', '=', 'd.id')
            .where('m.creditorId', '=', creditorId)
            .where('m.status', 'in', active)
            .where((inner) =>
              inner.or([
                inner('m.name', 'ilike', pattern),
                inner('m.customDebtorNumber', 'ilike', pattern),
                inner('m.zip', 'ilike', pattern),
                inner('m.city', 'ilike', pattern),
              ]),
            ),
        ),
      ]),
    );
  }
  const debtors = await query.orderBy('d.name').orderBy('d.id').limit(PICKER_LIMIT).execute();
  if (debtors.length === 0) return [];
  const locations = await db
    .selectFrom('location')
    .select(['id', 'debtorId', 'name', 'customDebtorNumber as customNumber', 'street', 'house', 'zip', 'city'])
    .where('creditorId', '=', creditorId)
    .where('debtorId', 'in', debtors.map((d) => d.id))
    .where('status', 'in', active)
    .orderBy('id')
    .execute();
  return debtors.map((debtor) => ({
    ...debtor,
    locations: locations.filter((l) => l.debtorId === debtor.id).map(({ debtorId: _debtor, ...location }) => location),
  }));
}
