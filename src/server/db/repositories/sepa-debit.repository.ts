import { type Kysely, sql } from 'kysely';
import { dueDebits } from '../../domain/sepa-debits/due-debits';
import type { Database } from '../schema';

/**
 * Reads of the SEPA direct debits for the admin page (issue 30): the due debits grouped per creditor
 * and collection date, the files, one file. `product` limits them to a product administrator's
 * product (null: every product).
 */

export interface DueDebitGroup {
  creditorId: number;
  creditorName: string;
  sepaCreditorIdentifier: string | null;
  hasAccount: boolean;
  collectionDate: string;
  count: number;
  amount: number;
  frst: number;
  rcur: number;
  fnal: number;
}

/** The due debits per creditor and collection date, with what the creditor still lacks for a file. */
export async function dueDebitGroups(db: Kysely<Database>, today: string, product: string | null): Promise<DueDebitGroup[]> {
  const debits = await dueDebits(db, { today, product });
  if (debits.length === 0) return [];
  const creditors = await db
    .selectFrom('creditor')
    .select(['id', 'name', 'sepaCreditorIdentifier', 'sepaIban', 'sepaAccountOwner'])
    .where('id', 'in', [...new Set(debits.map((d) => d.creditorId))])
    .execute();
  const byId = new Map(creditors.map((c) => [c.id, c]));
  const groups = new Map<string, DueDebitGroup>();
  for (const debit of debits) {
    const key = `${debit.creditorId}/${debit.collectionDate}`;
    let group = groups.get(key);
    if (!group) {
      const creditor = byId.get(debit.creditorId)!;
      group = {
        creditorId: debit.creditorId,
        creditorName: creditor.name,
        sepaCreditorIdentifier: creditor.sepaCreditorIdentifier,
        hasAccount: Boolean(creditor.sepaIban && creditor.sepaAccountOwner),
        collectionDate: debit.collectionDate,
        count: 0,
        amount: 0,
        frst: 0,
        rcur: 0,
        fnal: 0,
      };
      groups.set(key, group);
    }
    group.count++;
    group.amount += debit.amount;
    if (debit.sequenceType === 'FRST') group.frst++;
    else if (debit.sequenceType === 'RCUR') group.rcur++;
    else group.fnal++;
  }
  return [...groups.values()].sort(
    (a, b) => a.collectionDate.localeCompare(b.collectionDate) || a.creditorName.localeCompare(b.creditorName, 'de'),
  );
}

/** The files, newest first (at most 500), with how many of their debits came back. */
export function listSepaDebitFiles(db: Kysely<Database>, product: string | null) {
  let query = db
    .selectFrom('sepaDebitFile as f')
    .innerJoin('creditor as c', 'c.id', 'f.creditorId')
    .select([
      'f.id',
      'f.creditorId',
      'c.name as creditorName',
      'f.collectionDate',
      'f.messageId',
      'f.numberOfTransactions',
      'f.controlSum',
      sql<number>`extract(epoch from f.created_at)::integer`.as('createdAt'),
    ])
    .select((eb) =>
      eb
        .selectFrom('sepaDebit as s')
        .select(sql<number>`count(*)::integer`.as('n'))
        .whereRef('s.fileId', '=', 'f.id')
        .where('s.status', '=', 'returned')
        .as('returned'),
    )
    .orderBy('f.createdAt', 'desc')
    .orderBy('f.id', 'desc')
    .limit(500);
  if (product) query = query.where('c.product', '=', product);
  return query.execute();
}

/** One file with its content, or undefined (also when it is another product's). */
export function findSepaDebitFile(db: Kysely<Database>, id: number, product: string | null) {
  let query = db
    .selectFrom('sepaDebitFile as f')
    .innerJoin('creditor as c', 'c.id', 'f.creditorId')
    .select(['f.id', 'f.creditorId', 'f.messageId', 'f.content'])
    .where('f.id', '=', id);
  if (product) query = query.where('c.product', '=', product);
  return query.executeTakeFirst();
}
