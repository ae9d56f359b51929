import { type Kysely, sql } from 'kysely';
import type { Debtor, DebtorInvoice, DebtorPermanentDebt, Location } from '../../../../generated/types';
import {
  ACTIVE_PERMANENT_DEBT_STATUSES,
  INVOICE_TYPES,
  PURCHASED_STATUSES,
} from '../../services/status-groups';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';

/** A debtor shows its 15 latest invoices (document 1 §9). */
export const LAST_INVOICES = 15;

const purchased = sql<boolean>`purchase_status in (${sql.join(PURCHASED_STATUSES)})`;

/**
 * The detail of one debtor of `creditorId`, or undefined when it does not exist *for this creditor*
 * (the route answers 404 either way, so another tenant's ids reveal nothing).
 *
 * @example
 * const debtor = await findDebtorDetail(db, creditorId, 42);
 */
export async function findDebtorDetail(
  db: Kysely<Database>,
  creditorId: number,
  id: number,
): Promise<Debtor | undefined> {
  const debtor = await db
    .selectFrom('debtor')
    .selectAll()
    .where('creditorId', '=', creditorId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!debtor) return undefined;

  const [volume, locations, invoices, permanentDebts] = await Promise.all([
    db
      .selectFrom('voucher')
      .where('debtorId', '=', id)
      .where('type', 'in', INVOICE_TYPES)
      .select([
        sql<number>`coalesce(sum(amount), 0)`.as('total'),
        sql<number>`coalesce(sum(amount) filter (where ${purchased}), 0)`.as('purchased'),
        sql<number>`coalesce(sum(leftover_amount) filter (where status = 'open'), 0)`.as('open'),
        sql<number>`coalesce(sum(leftover_amount) filter (where status = 'open' and ${purchased}), 0)`.as(
          'openPurchased',
        ),
      ])
      .executeTakeFirstOrThrow(),
    db
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
      .where('l.debtorId', '=', id)
      .orderBy('l.id')
      .execute(),
    db
      .selectFrom('voucher')
      .select([
        'id',
        'customNumber',
        'officialVoucherNumber',
        'type',
        'amount',
        'leftoverAmount',
        'voucherDate',
        'paymentDeadline',
        'status',
      ])
      .where('debtorId', '=', id)
      .where('type', 'in', INVOICE_TYPES)
      .orderBy('voucherDate', 'desc')
      .orderBy('id', 'desc')
      .limit(LAST_INVOICES)
      .execute(),
    db
      .selectFrom('permanentDebt')
      .select(['id', 'customNumber', 'subject', 'grossAmount', 'period', 'status', 'nextExecutionDate'])
      .where('debtorId', '=', id)
      .orderBy('startDate', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);

  const now = Date.now();
  return {
    id: debtor.id,
    identifier: debtor.identifier,
    name: debtor.name,
    city: debtor.city,
    debtorType: debtor.debtorType as Debtor['debtorType'],
    firstName: debtor.firstName,
    lastName: debtor.lastName,
    dateOfBirth: debtor.dateOfBirth,
    status: debtor.status as Debtor['status'],
    sapNumber: debtor.sapNumber,
    paymentMethod: debtor.paymentMethod as Debtor['paymentMethod'],
    invoiceVolume: {
      total: volume.total,
      purchased: volume.purchased,
      notPurchased: volume.total - volume.purchased,
      open: volume.open,
      openPurchased: volume.openPurchased,
      openNotPurchased: volume.open - volume.openPurchased,
    },
    businessRelationship: {
      approvedLimit: debtor.approvedLimit,
      availableLimit: debtor.availableLimit,
      limitExpiredDate: toEpochSeconds(debtor.limitExpiredDate),
      limitExpired: debtor.limitExpiredDate ? debtor.limitExpiredDate.getTime() < now : false,
      isOnBlackList: debtor.isOnBlackList,
      limitUpdateDate: toEpochSeconds(debtor.limitUpdateDate),
    },
    limitRequestActive: debtor.limitRequestActive,
    hasActivePermanentDebts: permanentDebts.some((p) => ACTIVE_PERMANENT_DEBT_STATUSES.includes(p.status)),
    locations: locations.map(
      (l): Location => ({
        id: l.id,
        identifier: l.identifier,
        name: l.name,
        customDebtorNumber: l.customDebtorNumber,
        deliveryType: l.deliveryType as Location['deliveryType'],
        status: l.status as Location['status'],
        creationDate: toEpochSeconds(l.createdAt),
        updateDate: toEpochSeconds(l.updatedAt),
        invoiceVolume: Number(l.invoiceVolume ?? 0),
        address: {
          firstName: l.addressFirstName,
          name: l.addressName,
          street: l.street,
          house: l.house,
          zip: l.zip,
          city: l.city,
          country: l.country,
        },
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
      }),
    ),
    sepaMandate: debtor.sepaIban
      ? {
          accountOwner: debtor.sepaAccountOwner,
          city: debtor.sepaCity,
          date: debtor.sepaDate,
          expiredDate: debtor.sepaExpiredDate,
          iban: debtor.sepaIban,
          referenceNumber: debtor.sepaReferenceNumber,
        }
      : null,
    solvency: debtor.solvencyColor
      ? {
          color: debtor.solvencyColor as NonNullable<Debtor['solvency']>['color'],
          reasonCode: debtor.solvencyReasonCode,
          date: toEpochSeconds(debtor.solvencyDate),
        }
      : null,
    lastInvoices: invoices.map(
      (v): DebtorInvoice => ({
        id: v.id,
        numberToShow: v.officialVoucherNumber ?? v.customNumber,
        type: v.type as DebtorInvoice['type'],
        amount: v.amount,
        leftoverAmount: v.leftoverAmount,
        voucherDate: v.voucherDate,
        paymentDeadline: v.paymentDeadline,
        status: v.status as DebtorInvoice['status'],
      }),
    ),
    permanentDebts: permanentDebts.map(
      (p): DebtorPermanentDebt => ({
        id: p.id,
        customNumber: p.customNumber,
        subject: p.subject,
        grossAmount: p.grossAmount,
        period: p.period as DebtorPermanentDebt['period'],
        status: p.status as DebtorPermanentDebt['status'],
        nextExecutionDate: p.nextExecutionDate,
      }),
    ),
  };
}
