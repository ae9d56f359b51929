import { type Kysely, type Selectable, sql } from 'kysely';
import type { Location } from '../../../../generated/types';
import { ACTIVE_PERMANENT_DEBT_STATUSES, INVOICE_TYPES } from '../../services/status-groups';
import type { Database, LocationTable } from '../schema';
import { toEpochSeconds } from '../values';

/**
 * A location row as the API shows it (document 1 §3 "Location"); `invoiceVolume` is the sum of
 * its invoices in cents.
 *
 * @example toLocation(row, 125_000)
 */
export function toLocation(l: Selectable<LocationTable>, invoiceVolume: number): Location {
  return {
    id: l.id,
    identifier: l.identifier,
    name: l.name,
    customDebtorNumber: l.customDebtorNumber,
    deliveryType: l.deliveryType as Location['deliveryType'],
    eInvoiceFormat: l.eInvoiceFormat as Location['eInvoiceFormat'],
    leitwegId: l.leitwegId,
    status: l.status as Location['status'],
    creationDate: toEpochSeconds(l.createdAt),
    updateDate: toEpochSeconds(l.updatedAt),
    invoiceVolume,
    address: {
      firstName: l.addressFirstName,
      name: l.addressName,
      street: l.street,
      house: l.house,
      zip: l.zip,
      city: l.city,
      country: l.country,
    },
    // the separate post address exists when its postcode is set (migration 0001)
    postAddress: l.postZip
      ? {
          firstName: l.postFirstName,
          name: l.postName,
          street: l.postStreet,
          house: l.postHouse,
          poBox: l.postPoBox,
          zip: l.postZip,
          city: l.postCity,
          country: l.postCountry,
        }
      : null,
    contactPerson: l.contactPerson,
    email: l.email,
    telephone: l.telephone,
  };
}

/**
 * One location of one debtor of `creditorId` (GET /debtor/{debtorId}/location/{locationId}), or
 * undefined when the pair does not exist for this creditor.
 *
 * @example await findLocationDetail(db, creditorId, 12, 34);
 */
export async function findLocationDetail(
  db: Kysely<Database>,
  creditorId: number,
  debtorId: number,
  locationId: number,
): Promise<Location | undefined> {
  const row = await db
    .selectFrom('location as l')
    .selectAll('l')
    .select((eb) =>
      eb
        .selectFrom('voucher as v')
        .whereRef('v.locationId', '=', 'l.id')
        .where('v.type', 'in', INVOICE_TYPES)
        .select(sql<number>`coalesce(sum(v.amount), 0)`.as('volume'))
        .as('invoiceVolume'),
    )
    .where('l.creditorId', '=', creditorId)
    .where('l.debtorId', '=', debtorId)
    .where('l.id', '=', locationId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { invoiceVolume, ...location } = row;
  return toLocation(location, Number(invoiceVolume ?? 0));
}

/** What the location permission rules look at (see routes/debtors/debtor-extras.permissions.ts). */
export interface LocationStateRow {
  id: number;
  debtorId: number;
  status: string;
  hasPostAddress: boolean;
  hasActivePermanentDebts: boolean;
  otherActiveLocations: number;
}

/**
 * The state of one location of `creditorId` that its permissions depend on, or undefined.
 * `activeStatuses` are the statuses that count as active (the debtorStatus group).
 */
export async function findLocationState(
  db: Kysely<Database>,
  creditorId: number,
  locationId: number,
  activeStatuses: readonly string[],
): Promise<LocationStateRow | undefined> {
  const row = await db
    .selectFrom('location as l')
    .select((eb) => [
      'l.id',
      'l.debtorId',
      'l.status',
      eb('l.postZip', 'is not', null).as('hasPostAddress'),
      eb
        .exists(
          eb
            .selectFrom('permanentDebt as p')
            .select('p.id')
            .whereRef('p.locationId', '=', 'l.id')
            .where('p.status', 'in', ACTIVE_PERMANENT_DEBT_STATUSES),
        )
        .as('hasActivePermanentDebts'),
      eb
        .selectFrom('location as o')
        .whereRef('o.debtorId', '=', 'l.debtorId')
        .whereRef('o.id', '<>', 'l.id')
        .where('o.status', 'in', activeStatuses)
        .select((o) => o.fn.countAll<number>().as('n'))
        .as('otherActiveLocations'),
    ])
    .where('l.creditorId', '=', creditorId)
    .where('l.id', '=', locationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    hasPostAddress: Boolean(row.hasPostAddress),
    hasActivePermanentDebts: Boolean(row.hasActivePermanentDebts),
    otherActiveLocations: Number(row.otherActiveLocations ?? 0),
  };
}

/** Whether `locationId` is a location of `creditorId` (404 otherwise, so foreign ids reveal nothing). */
export async function locationExists(db: Kysely<Database>, creditorId: number, locationId: number) {
  const row = await db
    .selectFrom('location')
    .select('id')
    .where('creditorId', '=', creditorId)
    .where('id', '=', locationId)
    .executeTakeFirst();
  return Boolean(row);
}
