import { type Kysely, sql } from 'kysely';
import type { AddLocationForm } from '../../../../generated/types';
import { germanText } from '../../commands/command-audit';
import type { CommandContext } from '../../commands/command.types';
import type { Database } from '../../db/schema';
import { defaultEInvoiceFormatOf } from '../../einvoice/out/delivery-format';
import { missingSellerFields } from '../../einvoice/out/voucher-einvoice';
import { enumValue } from '../../services/status-groups';

// The values the debtor rules name, checked against schema/enums when the module loads.
export const INACTIVE = enumValue('debtorStatus', 'inactive');
export const PRIVATE_CUSTOMER = enumValue('debtorType', 'customer');
export const BUSINESS = enumValue('debtorType', 'business');
export const DIRECT_DEBIT = enumValue('paymentMethod', 'direct_debit_mandate');
export const BANK_TRANSFER = enumValue('paymentMethod', 'bank_transfer');

/**
 * A debtor's name: the company name, or first plus last name of a private customer (document 1 §5).
 *
 * @example debtorNameOf({ debtorType: 'customer', firstName: 'Eva', lastName: 'Ernst' }) // 'Eva Ernst'
 */
export function debtorNameOf(input: { debtorType: string; name?: string; firstName?: string; lastName?: string }): string {
  return input.debtorType === PRIVATE_CUSTOMER ? `${input.firstName ?? ''} ${input.lastName ?? ''}`.trim() : (input.name ?? '').trim();
}

/**
 * Refuses a custom debtor number another location of the creditor already uses (the form's
 * `unique` rule, enforced here against the database).
 */
export async function requireFreeCustomNumber(ctx: CommandContext, number: string | undefined, exceptLocation?: number) {
  if (!number) return;
  let query = ctx.trx
    .selectFrom('location')
    .select('id')
    .where('creditorId', '=', ctx.creditor!.id)
    .where('customDebtorNumber', '=', number);
  if (exceptLocation != null) query = query.where('id', '!=', exceptLocation);
  if (await query.executeTakeFirst()) ctx.refuse('debtors.customDebtorNumberTaken');
}

/**
 * Refuses an e-invoice format (issue 29) while the creditor's master data lack seller fields an
 * e-invoice needs (409 eInvoice.sellerDataMissing naming them in German): the error comes when the
 * format is chosen, not as an invalid file at delivery.
 */
export async function requireEInvoiceSeller(ctx: CommandContext, format: string | null | undefined) {
  if (!format || format === 'pdf') return;
  const creditor = await ctx.trx
    .selectFrom('creditor')
    .select(['vatId', 'street', 'zip', 'city', 'email', 'phone', 'contactName', 'invoiceIban'])
    .where('id', '=', ctx.creditor!.id)
    .executeTakeFirstOrThrow();
  const missing = missingSellerFields(creditor);
  if (missing.length) ctx.refuse('eInvoice.sellerDataMissing', 409, { fields: missing.join(', ') });
}

/** The location columns of a location form (invoice address, delivery, contact). */
export function locationColumns(input: AddLocationForm | (Omit<AddLocationForm, 'name'> & { name?: string })) {
  return {
    street: input.street,
    house: input.house,
    zip: input.zip,
    city: input.city,
    deliveryType: input.deliveryType,
    // the invoice e-mail is asked only for delivery by e-mail; a stored one stays for later
    ...(input.email ? { email: input.email } : {}),
    contactPerson: input.contactPerson ?? null,
    telephone: input.telephone ?? null,
    customDebtorNumber: input.customDebtorNumber ?? null,
    // issue 29: an emptied format keeps the stored one (a new location takes the product's, insertLocation)
    ...(input.eInvoiceFormat ? { eInvoiceFormat: input.eInvoiceFormat } : {}),
    leitwegId: input.leitwegId?.trim() || null,
  };
}

/**
 * Inserts a location of a debtor (its identifier: the debtor's plus `-L<n>`) and returns its id.
 * The caller holds the debtor's row lock, so the numbering cannot race.
 */
export async function insertLocation(
  trx: Kysely<Database>,
  creditorId: number,
  debtorId: number,
  input: Omit<AddLocationForm, 'name'> & { name?: string },
  name: string,
  now: Date,
): Promise<number> {
  const debtor = await trx
    .selectFrom('debtor')
    .select(['identifier'])
    .select((eb) =>
      eb.selectFrom('location').select(sql<number>`count(*)`.as('n')).whereRef('location.debtorId', '=', 'debtor.id').as('count'),
    )
    .where('creditorId', '=', creditorId)
    .where('id', '=', debtorId)
    .executeTakeFirstOrThrow();
  const { product } = await trx.selectFrom('creditor').select('product').where('id', '=', creditorId).executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('location')
    .values({
      creditorId,
      debtorId,
      identifier: `${debtor.identifier}-L${Number(debtor.count ?? 0) + 1}`,
      name,
      addressName: name,
      eInvoiceFormat: defaultEInvoiceFormatOf(product),
      ...locationColumns(input),
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * German labels of fields for a history text, from the catalogue (`fields.<name>`).
 *
 * @example fieldLabels(['name', 'zip']) // { name: 'Name', zip: 'PLZ' }
 */
export const fieldLabels = (names: string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, germanText(`fields.${name}`)]));

/**
 * "Field: old → new" for the fields that changed, in German, for the history text.
 *
 * @example changes({ name: 'A' }, { name: 'B' }, { name: 'Name' }) // 'Name: A → B'
 */
export function changes(before: Record<string, unknown>, after: Record<string, unknown>, labels: Record<string, string>): string | null {
  const parts: string[] = [];
  for (const [key, label] of Object.entries(labels)) {
    if (!(key in after)) continue;
    const from = before[key] ?? '';
    const to = after[key] ?? '';
    if (String(from) !== String(to)) parts.push(`${label}: ${from || '–'} → ${to || '–'}`);
  }
  return parts.length ? parts.join('; ') : null;
}
