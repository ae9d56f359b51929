import { type Kysely, sql } from 'kysely';
import { isValidVatId, normalizeVatId } from '../../shared/validation';
import type { Database } from '../db/schema';
import { insertLocation } from '../domain/debtors/debtor-data';
import { ACTIVE_DEBTOR_STATUSES } from '../services/status-groups';
import type { DocumentData, StageContext } from './processing-stages';

export type Identification =
  | { kind: 'found'; debtorId: number; locationId: number; text: string }
  | { kind: 'assignment' }
  | { kind: 'unreadable'; reason: string };

const LIMIT_VALID_MONTHS = 12;

/** "Musterstraße 12a" → street and house number. */
export function splitStreet(line: string | null): { street: string; house: string } | null {
  if (!line) return null;
  const m = /^(.*?)[\s,]+(\d+\s?[a-zA-Z]?(?:\s?[-/]\s?\d+[a-zA-Z]?)?)$/.exec(line.trim());
  return m ? { street: m[1].trim(), house: m[2].replace(/\s/g, '') } : { street: line.trim(), house: '' };
}

const norm = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/[^a-z0-9äöüß]+/g, '');

/**
 * Finds the debtor of a read document (document 1 §3 "debtor identification reasons"): a known
 * customer by the buyer's VAT id, else by IBAN (the debtor's SEPA account), else by name and address
 * (postcode) — {@link findKnownDebtor}; exactly one → that one; several → a debtor-assignment case
 * for the admins ("Kunden zuordnen"); none → the credit agency's ident check creates debtor and
 * location, the debtor keeping the document's VAT id (when it is a valid one).
 */
export async function identifyDebtor(ctx: StageContext, data: DocumentData): Promise<Identification> {
  const buyer = data.buyer;
  const creditorId = ctx.creditor.id;
  const known = await findKnownDebtor(ctx.trx, creditorId, { ...buyer, iban: data.iban });
  const vatId = buyer?.vatId && isValidVatId(buyer.vatId) ? normalizeVatId(buyer.vatId) : null;
  if (known.kind === 'one') return { kind: 'found', debtorId: known.debtorId, locationId: known.locationId, text: known.reason };
  if (known.kind === 'several') return openAssignment(ctx, data, 'Mehrere Kunden passen zu Name und Adresse');
  const address = splitStreet(buyer?.street ?? null);
  if (!buyer?.name || !address || !buyer.zip || !buyer.city) {
    if (buyer?.name) return openAssignment(ctx, data, 'Adresse des Kunden unvollständig');
    return { kind: 'unreadable', reason: 'Kein Rechnungsempfänger im Dokument' };
  }
  const check = await ctx.adapters.creditAgency.identCheck({
    debtorType: 'business',
    name: buyer.name,
    street: address.street,
    house: address.house,
    zip: buyer.zip,
    city: buyer.city,
  });
  if (!check.identified) return openAssignment(ctx, data, 'Auskunftei: nicht eindeutig identifiziert');
  const { id } = await ctx.trx
    .selectNoFrom((eb) => eb.fn<number>('nextval', [eb.val('debtor_id_seq')]).as('id'))
    .executeTakeFirstOrThrow();
  const debtorId = Number(id);
  const expires = new Date(ctx.now);
  expires.setMonth(expires.getMonth() + LIMIT_VALID_MONTHS);
  await ctx.trx
    .insertInto('debtor')
    .values({
      id: debtorId,
      creditorId,
      identifier: `D-${debtorId}`,
      name: buyer.name,
      debtorType: 'business',
      street: check.limitAddress.street,
      house: check.limitAddress.house,
      zip: check.limitAddress.zip,
      city: check.limitAddress.city,
      approvedLimit: check.limit,
      availableLimit: check.limit,
      limitUpdateDate: ctx.now,
      limitExpiredDate: check.limit > 0 ? expires : null,
      isOnBlackList: check.hasBlacklistEntry,
      vatId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .execute();
  const locationId = await insertLocation(
    ctx.trx,
    creditorId,
    debtorId,
    {
      street: address.street,
      house: address.house || '-',
      zip: buyer.zip,
      city: buyer.city,
      deliveryType: (ctx.voucher.deliveryType as 'email' | 'post') ?? 'post',
      ...(buyer.email ? { email: buyer.email } : {}),
    },
    buyer.name,
    ctx.now,
  );
  await ctx.trx
    .insertInto('debtorHistory')
    .values({
      creditorId,
      debtorId,
      locationId,
      title: 'Kunde aus Beleg angelegt',
      text: `Bonitätsprüfung: ${check.color}, Limit ${(check.limit / 100).toLocaleString('de-DE')} €`,
      createdAt: ctx.now,
    })
    .execute();
  return { kind: 'found', debtorId, locationId, text: 'Neuer Kunde über die Auskunftei angelegt' };
}

export type KnownDebtor =
  | { kind: 'one'; debtorId: number; locationId: number; name: string; reason: string }
  | { kind: 'several'; count: number }
  | { kind: 'none' };

/**
 * The creditor's own active customer a document names, read-only (the upload dialog shows it before
 * the upload, POST /voucher/upload/debtor-match; processing takes it): by the debtor's VAT id
 * (USt-IdNr., compared compact and upper case; a VAT id that fits several debtors decides nothing),
 * else by the debtor's direct-debit IBAN, else by name (letters and digits compared) narrowed by
 * postcode, else by street and postcode. The location is the one at the buyer's postcode, else the
 * debtor's first active one.
 */
export async function findKnownDebtor(
  db: Kysely<Database>,
  creditorId: number,
  buyer: { name?: string | null; street?: string | null; zip?: string | null; iban?: string | null; vatId?: string | null },
): Promise<KnownDebtor> {
  const active = [...ACTIVE_DEBTOR_STATUSES];
  const base = () =>
    db
      .selectFrom('location as l')
      .innerJoin('debtor as d', 'd.id', 'l.debtorId')
      .select(['d.id as debtorId', 'l.id as locationId', 'd.name', 'l.zip', 'l.street'])
      .where('d.creditorId', '=', creditorId)
      .where('d.status', 'in', active)
      .where('l.status', 'in', active)
      .orderBy('l.id');
  type Row = { debtorId: number; locationId: number; name: string; zip: string; street: string };
  const one = (rows: Row[], reason: string): KnownDebtor | null => {
    const debtors = [...new Map(rows.map((r) => [r.debtorId, r])).values()];
    if (debtors.length === 1) {
      const location = rows.find((r) => r.zip === buyer.zip) ?? debtors[0];
      return { kind: 'one', debtorId: location.debtorId, locationId: location.locationId, name: location.name, reason };
    }
    return debtors.length > 1 ? { kind: 'several', count: debtors.length } : null;
  };
  if (buyer.vatId && isValidVatId(buyer.vatId)) {
    const found = one(await base().where('d.vatId', '=', normalizeVatId(buyer.vatId)).execute(), 'Kunde über die USt-IdNr. erkannt');
    if (found?.kind === 'one') return found;
  }
  if (buyer.iban) {
    const found = one(await base().where('d.sepaIban', '=', buyer.iban.replace(/\s/g, '')).execute(), 'Kunde über die IBAN erkannt');
    if (found?.kind === 'one') return found;
  }
  if (buyer.name) {
    const byName = await base()
      .where(sql<string>`lower(regexp_replace(d.name, '[^a-zA-Z0-9äöüÄÖÜß]+', '', 'g'))`, '=', norm(buyer.name))
      .execute();
    const sameZip = buyer.zip ? byName.filter((r) => r.zip === buyer.zip) : [];
    const found = one(sameZip.length ? sameZip : byName, 'Kunde über Name und Adresse erkannt');
    if (found) return found;
  }
  const address = splitStreet(buyer.street ?? null);
  if (address && buyer.zip) {
    const rows = await base()
      .where('l.zip', '=', buyer.zip)
      .where(sql<string>`lower(regexp_replace(l.street, '[^a-zA-Z0-9äöüÄÖÜß]+', '', 'g'))`, '=', norm(address.street))
      .execute();
    const found = one(rows, 'Kunde über die Adresse erkannt');
    if (found?.kind === 'one') return found;
  }
  return { kind: 'none' };
}

/** A case for the admins' "Kunden zuordnen" screen; processing polls it until it is decided. */
async function openAssignment(ctx: StageContext, data: DocumentData, reason: string): Promise<Identification> {
  const existing = await ctx.trx.selectFrom('debtorAssignment').select('id').where('voucherId', '=', ctx.voucher.id).executeTakeFirst();
  if (!existing) {
    const address = splitStreet(data.buyer?.street ?? null);
    await ctx.trx
      .insertInto('debtorAssignment')
      .values({
        creditorId: ctx.creditor.id,
        status: 'open',
        voucherId: ctx.voucher.id,
        manualDecisionReason: reason,
        requestDate: ctx.now,
        normalizedName: data.buyer?.name ?? null,
        normalizedStreet: address?.street ?? null,
        normalizedHouse: address?.house ?? null,
        normalizedZip: data.buyer?.zip ?? null,
        normalizedCity: data.buyer?.city ?? null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .execute();
  }
  return { kind: 'assignment' };
}
