import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Insertable } from 'kysely';
import { validateXML } from 'xmllint-wasm';
import type { VoucherTable } from '../../src/server/db/schema';
import type { TestApp } from './app';

/** An official ISO 20022 XSD of tests/fixtures/iso20022/ (its README names the sources). */
const xsd = (message: string) => readFileSync(join(__dirname, `../fixtures/iso20022/${message}.xsd`), 'utf8');
const SCHEMAS = { 'pain.008.001.08': xsd('pain.008.001.08'), 'camt.054.001.08': xsd('camt.054.001.08') };

/**
 * Validates a document against an ISO 20022 XSD with libxml2 (xmllint-wasm); answers the errors.
 *
 * @example expect(await validateIso20022(xml, 'camt.054.001.08')).toEqual([]);
 */
export async function validateIso20022(xml: string, message: keyof typeof SCHEMAS): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: `${message}.xml`, contents: xml }],
    schema: [{ fileName: `${message}.xsd`, contents: SCHEMAS[message] }],
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

/** {@link validateIso20022} against pain.008.001.08, the direct-debit files Kontor writes. */
export const validatePain008 = (xml: string) => validateIso20022(xml, 'pain.008.001.08');

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(++serial).toString(36)}`.toUpperCase();

/** A creditor of its own (product SMAFA unless given) with the account of its master data. */
export async function newSepaCreditor(
  t: TestApp,
  over: { product?: string; name?: string; sepaCreditorIdentifier?: string | null } = {},
) {
  const id = unique();
  return t.db
    .insertInto('creditor')
    .values({
      identifier: `SEPA-${id}`,
      name: over.name ?? `Säge & Söhne GmbH ${id}`,
      product: over.product ?? 'SMAFA',
      approvedLimit: 0,
      availableLimit: 0,
      sepaAccountOwner: 'Säge & Söhne GmbH',
      sepaIban: 'DE89370400440532013000',
      sepaCreditorIdentifier: over.sepaCreditorIdentifier ?? null,
      permissions: '{}',
    })
    .returning(['id', 'name', 'product'])
    .executeTakeFirstOrThrow();
}

/** A debtor of the creditor with one location; paying by SEPA mandate unless `mandate: null`. */
export async function newDebtor(
  t: TestApp,
  creditorId: number,
  over: { name?: string; mandate?: string | null } = {},
) {
  const id = unique();
  const mandate = over.mandate === undefined ? `MREF-${id}` : over.mandate;
  const debtor = await t.db
    .insertInto('debtor')
    .values({
      creditorId,
      identifier: `D-${id}`,
      name: over.name ?? `Kunde ${id}`,
      debtorType: 'business',
      approvedLimit: 0,
      availableLimit: 0,
      paymentMethod: mandate ? 'direct_debit_mandate' : 'bank_transfer',
      sepaAccountOwner: mandate ? (over.name ?? 'Kunde') : null,
      sepaIban: mandate ? 'DE02120300000000202051' : null,
      sepaReferenceNumber: mandate,
      sepaDate: mandate ? '2025-03-14' : null,
    })
    .returning(['id', 'name', 'sepaReferenceNumber'])
    .executeTakeFirstOrThrow();
  const location = await t.db
    .insertInto('location')
    .values({
      creditorId,
      debtorId: debtor.id,
      identifier: `L-${id}`,
      name: debtor.name,
      addressName: debtor.name,
      street: 'Hauptstraße 1',
      zip: '10115',
      city: 'Berlin',
      email: 'kunde@example.com',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...debtor, locationId: location.id };
}

/** An open, processed invoice of the debtor (official number `OFF-…`), due on `paymentDeadline`. */
export async function newOpenInvoice(
  t: TestApp,
  creditorId: number,
  debtor: { id: number; locationId: number },
  over: Partial<Insertable<VoucherTable>> = {},
) {
  const id = unique();
  const amount = over.amount ?? 12_345;
  return t.db
    .insertInto('voucher')
    .values({
      creditorId,
      debtorId: debtor.id,
      locationId: debtor.locationId,
      customNumber: `RE-${id}`,
      officialVoucherNumber: `OFF-${id}`,
      type: 'invoice',
      status: 'open',
      subStatus: 'purchased',
      purchaseStatus: 'GEKAUFT',
      amount,
      leftoverAmount: amount,
      initialLeftoverAmount: amount,
      voucherDate: '2026-01-05',
      performanceDate: '2026-01-05',
      paymentDeadline: '2026-01-20',
      ...over,
    })
    .returning(['id', 'officialVoucherNumber', 'amount'])
    .executeTakeFirstOrThrow();
}
