import { type Kysely, sql } from 'kysely';
import { enums } from '../../../../generated/enums';
import type {
  Debtor,
  DebtorInsurableInvoice,
  DebtorInvoice,
  DebtorPermanentDebt,
  Location,
} from '../../../../generated/types';
import {
  ACTIVE_PERMANENT_DEBT_STATUSES,
  INVOICE_TYPES,
  OPEN_VOUCHER_STATUSES,
  PURCHASED_STATUSES,
} from '../../services/status-groups';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';

/** A debtor shows its 15 latest invoices (document 1 §9). */
export const LAST_INVOICES = 15;

/** The protection variant shows up to 15 latest open insurable invoices per debtor (document 1 §9). */
export const OPEN_INSURABLE_INVOICES = 15;

/**
 * When an invoice is not insurable (document 1 §4 "Insurance not possible", §5 and §9 purchase rules),
 * judged on the day it was handed over (uploaded): the cover starts then, so an insured invoice stays
 * insured once it falls due — which is what the protection is for.
 */
export const INSURABILITY_RULES = {
  /** already due, or due in under 3 days */
  minRemainingDueDays: 3,
  /** payment term (voucher date to due date) over 90 days */
  maxPaymentTermDays: 90,
  /** performance date over 30 days before the voucher date */
  maxPerformanceDaysBeforeVoucherDate: 30,
} as const;

const purchased = sql<boolean>`purchase_status in (${sql.join(PURCHASED_STATUSES)})`;
// open in every product's family of list states (TPF: tpf_in_review, tpf_accepted)
const isOpen = sql<boolean>`status in (${sql.join(OPEN_VOUCHER_STATUSES)})`;

const openStatus = enums.voucherStatus?.values.find((v) => v.value === 'open')?.value;
if (openStatus === undefined) throw new Error("schema/enums/voucherStatus.yaml has no value 'open'");

// The day of hand-over in the portal's time zone; a missing performance date is the voucher date.
const handedOver = sql`(v.uploaded_at at time zone 'Europe/Berlin')::date`;
const performed = sql`coalesce(v.performance_date, v.voucher_date)`;
const { minRemainingDueDays, maxPaymentTermDays, maxPerformanceDaysBeforeVoucherDate } = INSURABILITY_RULES;

/**
 * The reasons of schema/enums/notInsurableReason.yaml, negated: complete (number, voucher date, due
 * date, positive amount); due date at least 3 days after hand-over; term at most 90 days; voucher and
 * performance date not after hand-over; performance date at most 30 days before the voucher date; no
 * earlier voucher of the creditor with the same number (a duplicate).
 */
const insurable = sql<boolean>`(
  coalesce(v.official_voucher_number, v.custom_number) is not null
  and v.voucher_date is not null and v.payment_deadline is not null and v.amount > 0
  and v.payment_deadline - ${handedOver} >= ${minRemainingDueDays}
  and v.payment_deadline - v.voucher_date <= ${maxPaymentTermDays}
  and v.voucher_date <= ${handedOver}
  and ${performed} <= ${handedOver}
  and v.voucher_date - ${performed} <= ${maxPerformanceDaysBeforeVoucherDate}
  and not exists (
    select 1 from voucher w
    where w.creditor_id = v.creditor_id and w.custom_number = v.custom_number and w.id <> v.id
      and (w.uploaded_at < v.uploaded_at or (w.uploaded_at = v.uploaded_at and w.id < v.id))
  )
)`;

/**
 * The debtor's up to 15 latest open insurable invoices: invoice types, list state open with an
 * amount left (a voucher held for a decision is pending, not open), handed over (no longer in
 * processing), and insurable (above). Newest voucher date first.
 *
 * @example const invoices = await findOpenInsurableInvoices(db, creditorId, 42);
 */
export async function findOpenInsurableInvoices(
  db: Kysely<Database>,
  creditorId: number,
  debtorId: number,
): Promise<DebtorInsurableInvoice[]> {
  const rows = await db
    .selectFrom('voucher as v')
    .select([
      'v.id',
      'v.customNumber',
      'v.officialVoucherNumber',
      'v.type',
      'v.voucherDate',
      'v.performanceDate',
      'v.paymentDeadline',
      'v.amount',
      'v.leftoverAmount',
    ])
    .where('v.creditorId', '=', creditorId)
    .where('v.debtorId', '=', debtorId)
    .where('v.type', 'in', INVOICE_TYPES)
    .where('v.status', '=', String(openStatus))
    .where('v.leftoverAmount', '>', 0)
    .where('v.requiresProcessing', '=', false)
    .where(insurable)
    .orderBy('v.voucherDate', 'desc')
    .orderBy('v.id', 'desc')
    .limit(OPEN_INSURABLE_INVOICES)
    .execute();
  return rows.map((v) => ({
    id: v.id,
    numberToShow: v.officialVoucherNumber ?? v.customNumber,
    type: v.type as DebtorInsurableInvoice['type'],
    voucherDate: v.voucherDate,
    performanceDate: v.performanceDate,
    paymentDeadline: v.paymentDeadline,
    amount: v.amount,
    leftoverAmount: v.leftoverAmount,
  }));
}

/**
 * The detail of one debtor of `creditorId`, or undefined when it does not exist *for this creditor*
 * (the route answers 404 either way, so another tenant's ids reveal nothing). The open insurable
 * invoices are read only when asked for (the caller holds the protection variant's permission).
 *
 * @example
 * const debtor = await findDebtorDetail(db, creditorId, 42, { openInsurableInvoices: true });
 */
export async function findDebtorDetail(
  db: Kysely<Database>,
  creditorId: number,
  id: number,
  options: { openInsurableInvoices?: boolean } = {},
): Promise<Debtor | undefined> {
  const debtor = await db
    .selectFrom('debtor')
    .selectAll()
    .where('creditorId', '=', creditorId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!debtor) return undefined;

  const [volume, locations, invoices, permanentDebts, openInsurableInvoices] = await Promise.all([
    db
      .selectFrom('voucher')
      .where('debtorId', '=', id)
      .where('type', 'in', INVOICE_TYPES)
      .select([
        sql<number>`coalesce(sum(amount), 0)`.as('total'),
        sql<number>`coalesce(sum(amount) filter (where ${purchased}), 0)`.as('purchased'),
        sql<number>`coalesce(sum(leftover_amount) filter (where ${isOpen}), 0)`.as('open'),
        sql<number>`coalesce(sum(leftover_amount) filter (where ${isOpen} and ${purchased}), 0)`.as(
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
    options.openInsurableInvoices ? findOpenInsurableInvoices(db, creditorId, id) : undefined,
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
    vatId: debtor.vatId,
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
        eInvoiceFormat: l.eInvoiceFormat as Location['eInvoiceFormat'],
        leitwegId: l.leitwegId,
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
    ...(openInsurableInvoices ? { openInsurableInvoices } : {}),
  };
}
