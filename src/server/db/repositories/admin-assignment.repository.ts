import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { assignDebtorsRoutes } from '../../../../generated/routes/assign-debtors';
import type {
  Address,
  AssignmentDebtor,
  AssignmentVoucher,
  DebtorAssignmentDetails,
  DebtorAssignmentEntry,
} from '../../../../generated/types';
import { expandStatusFilter, INVOICE_TYPES } from '../../services/status-groups';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';
import { StatementCache } from '../statement-cache';
import { listAlong } from './list-along';
import {
  type AdminListQuery,
  containsPattern,
  type ListFiltersOf,
  newestFirst,
  type ProductScope,
  type SortKeyOf,
  textOrder,
  valuesOf,
} from './admin-list-query';

/** Filters of GET /debtor-assignment-list (schema/resources/assignDebtors.yaml). */
export type AssignmentFilters = ListFiltersOf<typeof assignDebtorsRoutes.list>;

/** Candidate debtors a case offers at most (those at the case's postcode first). */
export const MAX_CANDIDATES = 50;

type AssignmentEb = ExpressionBuilder<
  Database & { a: Database['debtorAssignment']; c: Database['creditor']; v: Database['voucher'] },
  'a' | 'c' | 'v'
>;

const SORT_COLUMNS: Record<SortKeyOf<typeof assignDebtorsRoutes.list>, ReturnType<typeof sql>> = {
  'creditor.name': textOrder('c.name'),
  'creditor.product': sql.ref('c.product'),
  'voucher.customNumber': sql.ref('v.customNumber'),
  creationDate: sql.ref('a.createdAt'),
  status: sql.ref('a.status'),
};

export const isSortableAssignmentColumn = (column: string) => column in SORT_COLUMNS;

function conditions(eb: AssignmentEb, scope: ProductScope, filters: AssignmentFilters = {}): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (scope) all.push(eb('c.product', '=', scope));
  if (filters.status?.length) all.push(eb('a.status', 'in', expandStatusFilter('debtorAssignmentStatus', filters.status)));
  if (filters.product?.length) all.push(eb('c.product', 'in', filters.product));
  for (const pattern of valuesOf(filters.search).map(containsPattern)) {
    if (pattern)
      all.push(
        eb.or([eb('c.name', 'ilike', pattern), eb('c.sapNumber', 'ilike', pattern), eb('v.customNumber', 'ilike', pattern)]),
      );
  }
  return eb.and(all);
}

const baseQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('debtorAssignment as a')
    .innerJoin('creditor as c', 'c.id', 'a.creditorId')
    .leftJoin('voucher as v', 'v.id', 'a.voucherId');

interface AddressColumns {
  name: string | null;
  street: string | null;
  house: string | null;
  zip: string | null;
  city: string | null;
}

const address = (a: AddressColumns): Address | null =>
  a.street || a.zip || a.city ? { name: a.name, street: a.street, house: a.house, zip: a.zip, city: a.city } : null;

const entryColumns = [
  'a.id',
  'a.status',
  'a.createdAt',
  'c.id as creditorId',
  'c.name as creditorName',
  'c.sapNumber as creditorSapNumber',
  'c.product as creditorProduct',
  'v.customNumber',
  'v.bnetId',
  'a.normalizedName',
  'a.normalizedStreet',
  'a.normalizedHouse',
  'a.normalizedZip',
  'a.normalizedCity',
  'a.limitName',
  'a.limitStreet',
  'a.limitHouse',
  'a.limitZip',
  'a.limitCity',
] as const;

type EntryRow = {
  id: number;
  status: string;
  createdAt: Date;
  creditorId: number;
  creditorName: string;
  creditorSapNumber: string | null;
  creditorProduct: string;
  customNumber: string | null;
  bnetId: string | null;
} & Record<`${'normalized' | 'limit'}${'Name' | 'Street' | 'House' | 'Zip' | 'City'}`, string | null>;

const addressesOf = (row: EntryRow) => ({
  normalized: address({ name: row.normalizedName, street: row.normalizedStreet, house: row.normalizedHouse, zip: row.normalizedZip, city: row.normalizedCity }),
  limit: address({ name: row.limitName, street: row.limitStreet, house: row.limitHouse, zip: row.limitZip, city: row.limitCity }),
});

function toEntry(row: EntryRow): DebtorAssignmentEntry {
  const { normalized, limit } = addressesOf(row);
  return {
    identifier: row.id,
    status: row.status as DebtorAssignmentEntry['status'],
    creationDate: toEpochSeconds(row.createdAt)!,
    creditor: {
      identifier: row.creditorId,
      name: row.creditorName,
      sapNumber: row.creditorSapNumber,
      product: row.creditorProduct as NonNullable<NonNullable<DebtorAssignmentEntry['creditor']>['product']>,
    },
    voucher: { customNumber: row.customNumber, bnetIdentifier: row.bnetId },
    // the addresses the case compares: the voucher's normalized address and the limit address
    addresses: [normalized, limit].filter((a): a is Address => a !== null),
  };
}

/** The statements of the list, compiled once per scope kind, filter and sort (src/server/db/statement-cache.ts). */
const listStatements = new StatementCache();

/**
 * One page of debtor-assignment cases (GET /debtor-assignment-list), newest first unless sorted,
 * with `count`, `empty` and the stored permissions and session of the admin `readerId` who asks —
 * one statement (issue 32, `listAlong`). The route asserts the reader before it answers.
 *
 * @example await listAssignments(db, null, adminId, { page: 1, rowsPerPage: 15, sortDesc: false, filters: { status: ['open'] } });
 */
export async function listAssignments(
  db: Kysely<Database>,
  scope: ProductScope,
  readerId: number,
  query: AdminListQuery<AssignmentFilters>,
) {
  const { rows, ...totals } = await listAlong(db, listStatements, scope, readerId, query, {
    page: (slot) =>
      baseQuery(db)
        .where((eb) => conditions(eb, slot, query.filters))
        .select(entryColumns)
        .orderBy(newestFirst(SORT_COLUMNS, query, sql`a.created_at`, sql`a.id`)),
    count: (slot) =>
      baseQuery(db)
        .where((eb) => conditions(eb, slot, query.filters))
        .select((eb) => eb.fn.countAll<number>().as('n')),
    any: (slot) => baseQuery(db).where((eb) => conditions(eb, slot)).select('a.id'),
  });
  return { debtorAssignments: (rows as EntryRow[]).map(toEntry), ...totals };
}

/** The candidate debtors of a case with limits, invoice counts and locations. */
async function candidateDebtors(db: Kysely<Database>, creditorId: number, zip: string | null, assignedId: number | null) {
  const invoices = db
    .selectFrom('voucher as iv')
    .where('iv.creditorId', '=', creditorId)
    .where('iv.type', 'in', INVOICE_TYPES)
    .groupBy('iv.debtorId')
    .select((eb) => [
      'iv.debtorId',
      eb.fn.countAll<number>().as('invoiceCount'),
      sql<number>`count(*) filter (where iv.status = 'open')`.as('openInvoiceCount'),
    ]);
  const debtors = await db
    .selectFrom('debtor as d')
    .leftJoin(invoices.as('i'), 'i.debtorId', 'd.id')
    .where('d.creditorId', '=', creditorId)
    .select([
      'd.id',
      'd.name',
      'd.debtorType',
      'd.approvedLimit',
      'd.availableLimit',
      'd.limitExpiredDate',
      'd.limitUpdateDate',
      sql<number>`coalesce(i.invoice_count, 0)`.as('invoiceCount'),
      sql<number>`coalesce(i.open_invoice_count, 0)`.as('openInvoiceCount'),
    ])
    .orderBy(sql`d.id = ${assignedId ?? 0} desc`)
    .orderBy(sql`exists (select 1 from location l where l.debtor_id = d.id and l.zip = ${zip ?? ''}) desc`)
    .orderBy(textOrder('d.name'))
    .limit(MAX_CANDIDATES)
    .execute();
  const locations = debtors.length
    ? await db
        .selectFrom('location')
        .selectAll()
        .where(
          'debtorId',
          'in',
          debtors.map((d) => d.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return debtors.map(
    (d): AssignmentDebtor => ({
      identifier: d.id,
      name: d.name,
      type: d.debtorType as AssignmentDebtor['type'],
      approvedLimit: d.approvedLimit,
      availableLimit: d.availableLimit,
      limitExpiredDate: toEpochSeconds(d.limitExpiredDate),
      limitUpdateDate: toEpochSeconds(d.limitUpdateDate),
      invoiceCount: Number(d.invoiceCount),
      openInvoiceCount: Number(d.openInvoiceCount),
      locations: locations
        .filter((l) => l.debtorId === d.id)
        .map((l) => ({
          identifier: l.id,
          name: l.name,
          status: l.status as NonNullable<AssignmentDebtor['locations']>[number]['status'],
          contactPerson: l.contactPerson,
          customDebtorNumber: l.customDebtorNumber,
          deliveryType: l.deliveryType as NonNullable<AssignmentDebtor['locations']>[number]['deliveryType'],
          email: l.email,
          address: { firstName: l.addressFirstName, name: l.addressName, street: l.street, house: l.house, zip: l.zip, city: l.city, country: l.country },
        })),
    }),
  );
}

/**
 * One case with everything the admin needs to assign it (GET /debtor-assignment-details/{id}), or
 * undefined when it does not exist in the admin's scope.
 */
export async function findAssignmentDetails(
  db: Kysely<Database>,
  scope: ProductScope,
  id: number,
): Promise<DebtorAssignmentDetails | undefined> {
  const row = await baseQuery(db)
    .leftJoin('location as vl', 'vl.id', 'v.locationId')
    .where('a.id', '=', id)
    .where((eb) => conditions(eb as unknown as AssignmentEb, scope))
    .select(entryColumns)
    .select([
      'a.manualDecisionReason',
      'a.requestDate',
      'a.assignedDebtorId',
      'c.contactName',
      'c.email as creditorEmail',
      'c.phone as creditorPhone',
      'c.contractStart',
      'v.status as voucherStatus',
      'v.type as voucherType',
      'v.voucherDate',
      'v.performanceDate',
      'v.uploadedAt',
      'v.paymentDeadline',
      'v.amount',
      'v.source',
      'v.deliveryType',
      'v.email as voucherEmail',
      'v.documentId',
      'vl.customDebtorNumber',
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const entry = toEntry(row as unknown as EntryRow);
  const { normalized, limit } = addressesOf(row as unknown as EntryRow);
  const nameParts = (row.contactName ?? '').trim().split(/\s+/).filter(Boolean);
  const voucher: AssignmentVoucher = {
    customNumber: row.customNumber,
    bnetIdentifier: row.bnetId,
    status: row.voucherStatus as AssignmentVoucher['status'],
    statusToShow: row.voucherStatus as AssignmentVoucher['statusToShow'],
    type: row.voucherType as AssignmentVoucher['type'],
    voucherDate: row.voucherDate,
    performanceDate: row.performanceDate,
    uploaded: toEpochSeconds(row.uploadedAt),
    paymentDeadline: row.paymentDeadline,
    amount: row.amount,
    customDebtorNumber: row.customDebtorNumber,
    source: row.source as AssignmentVoucher['source'],
    deliveryType: row.deliveryType as AssignmentVoucher['deliveryType'],
    email: row.voucherEmail,
    documentIdentifier: row.documentId,
  };
  return {
    ...entry,
    voucher,
    manualDecisionReason: row.manualDecisionReason,
    debtorRequest: { requestDate: toEpochSeconds(row.requestDate) },
    creditorContact: {
      contactPersonFirstName: nameParts.slice(0, -1).join(' ') || null,
      contactPersonLastName: nameParts.at(-1) ?? null,
      email: row.creditorEmail,
      telephoneNumber: row.creditorPhone,
    },
    contractStart: row.contractStart,
    normalizedAddress: normalized,
    limitAddress: limit,
    debtors: await candidateDebtors(db, entry.creditor!.identifier, row.normalizedZip, row.assignedDebtorId),
  };
}
