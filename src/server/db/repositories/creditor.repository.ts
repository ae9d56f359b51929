import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type {
  Creditor,
  CreditorPermissions,
  CreditorServiceFeeCondition,
  ServiceFeePeriod,
  TermsDocument,
} from '../../../../generated/types';
import { permissionTables } from '../../../../generated/permissions';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';

type FeeCondition = CreditorServiceFeeCondition;

/** Today as yyyy-MM-dd in the database's view (the same day boundary as every date column). */
const today = sql<string>`current_date::text`;

/** The day before a yyyy-MM-dd date. */
const dayBefore = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/**
 * The creditor's service-fee conditions, oldest first, each with its derived end (the day before
 * the next one's start) and whether it is the one in force today.
 */
export async function listFeeConditions(db: Kysely<Database>, creditorId: number): Promise<FeeCondition[]> {
  const [rows, { date }] = await Promise.all([
    db
      .selectFrom('creditorServiceFeeCondition as c')
      .innerJoin('serviceFeeMatrixEntry as m', 'm.id', 'c.matrixEntryId')
      .where('c.creditorId', '=', creditorId)
      .select([
        'c.id',
        'c.status',
        'c.validFromDate',
        'c.isDefault',
        'c.createdAt',
        'c.updatedAt',
        'm.id as matrixId',
        'm.identifier as matrixIdentifier',
        'm.name',
        'm.purchasedFee',
        'm.notPurchasedFee',
        'm.notPurchasedMinimumFee',
        'm.purchasedLaterFee',
        'm.minimumServiceFee',
        'm.productType',
        'm.sapIdentifier',
        'm.isDefault as matrixIsDefault',
      ])
      .orderBy('c.validFromDate')
      .execute(),
    sql<{ date: string }>`select ${today} as date`.execute(db).then((r) => r.rows[0]),
  ]);
  const started = rows.filter((row) => row.validFromDate <= date);
  const currentId = started[started.length - 1]?.id;
  return rows.map((row, i) => ({
    identifier: row.id,
    status: row.status as FeeCondition['status'],
    matrixEntry: {
      identifier: row.matrixId,
      name: row.name,
      purchasedFee: row.purchasedFee === null ? null : Number(row.purchasedFee),
      notPurchasedFee: row.notPurchasedFee === null ? null : Number(row.notPurchasedFee),
      notPurchasedMinimumFee: row.notPurchasedMinimumFee,
      purchasedLaterFee: row.purchasedLaterFee === null ? null : Number(row.purchasedLaterFee),
      minimumServiceFee: row.minimumServiceFee,
      productType: row.productType as NonNullable<FeeCondition['matrixEntry']>['productType'],
      sapIdentifier: row.sapIdentifier,
      isDefault: row.matrixIsDefault,
    },
    creationDate: toEpochSeconds(row.createdAt),
    updateDate: toEpochSeconds(row.updatedAt),
    validFromDate: row.validFromDate,
    validToDate: rows[i + 1] ? dayBefore(rows[i + 1].validFromDate) : null,
    current: row.id === currentId,
    isDefault: row.isDefault,
  }));
}

/** The minimum-annual-service-fee period covering today (else the latest one), or null. */
export async function findCurrentFeePeriod(
  db: Kysely<Database>,
  creditorId: number,
): Promise<ServiceFeePeriod | null> {
  const row = await db
    .selectFrom('serviceFeePeriod')
    .selectAll()
    .where('creditorId', '=', creditorId)
    .orderBy(sql`start_date <= current_date and end_date >= current_date`, 'desc')
    .orderBy('startDate', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    creationDate: toEpochSeconds(row.createdAt),
    currentAnnualServiceFee: row.currentAnnualServiceFee,
    chargedAmount: row.chargedAmount,
    start: row.startDate,
    end: row.endDate,
    nextPeriodAnnualServiceFee: row.nextPeriodAnnualServiceFee,
  };
}

/** The terms documents the creditor accepted last (its latest accepted approval). */
async function acceptedTerms(db: Kysely<Database>, creditorId: number): Promise<TermsDocument[]> {
  const rows = await db
    .selectFrom('termsApprovalDocument as ad')
    .innerJoin('termsDocument as t', 't.id', 'ad.termsDocumentId')
    .where(
      'ad.termsApprovalId',
      '=',
      db
        .selectFrom('termsApproval')
        .select('id')
        .where('creditorId', '=', creditorId)
        .where('acceptedAt', 'is not', null)
        .orderBy('acceptedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1),
    )
    .select(['t.documentType', 't.source', 't.version', 't.modifiedAt'])
    .orderBy('t.id')
    .execute();
  return rows.map((row) => ({
    documentType: row.documentType as TermsDocument['documentType'],
    source: row.source,
    version: row.version,
    modified: toEpochSeconds(row.modifiedAt),
  }));
}

/** Parts of the detail that some callers may not see (the route withholds them). */
export interface CreditorDetailVisibility {
  contract: boolean;
  webAppKey: boolean;
}

/**
 * The creditor detail (GET /creditor/show, document 2 §3 "Creditor detail"). `hash` is a digest of
 * the contact and contract data: it changes whenever the master data a user confirms changes.
 *
 * @example await findCreditorDetail(db, creditorId, { contract: true, webAppKey: true });
 */
export async function findCreditorDetail(
  db: Kysely<Database>,
  creditorId: number,
  visible: CreditorDetailVisibility,
): Promise<Creditor | undefined> {
  const c = await db.selectFrom('creditor').selectAll().where('id', '=', creditorId).executeTakeFirst();
  if (!c) return undefined;
  const [conditions, period, termsDocuments] = await Promise.all([
    visible.contract ? listFeeConditions(db, creditorId) : Promise.resolve([]),
    visible.contract ? findCurrentFeePeriod(db, creditorId) : Promise.resolve(null),
    acceptedTerms(db, creditorId),
  ]);
  const contact = {
    salutation: c.salutation as NonNullable<Creditor['contact']>['salutation'],
    contactName: c.contactName,
    street: [c.street, c.house].filter(Boolean).join(' ') || null,
    zip: c.zip,
    city: c.city,
    phone: c.phone,
    mobileNumber: c.mobileNumber,
    email: c.email,
  };
  const contract = {
    registerNumber: c.registerNumber,
    placeOfAuthority: c.placeOfAuthority,
    proprietor: c.proprietor,
    contractNumber: c.contractNumber,
    contractStart: c.contractStart,
  };
  const hash = createHash('sha256')
    .update(JSON.stringify([c.name, c.tradeName, contact, contract]))
    .digest('hex')
    .slice(0, 16);
  return {
    identifier: c.id,
    name: c.name,
    tradeName: c.tradeName,
    contact,
    // the contract data belong to the "my contract" tab, withheld from the assistant (document 1 §6)
    contract: visible.contract ? contract : null,
    directDebitMandate: c.sepaIban
      ? {
          accountOwner: c.sepaAccountOwner,
          city: c.sepaCity,
          date: c.sepaDate,
          expiredDate: c.sepaExpiredDate,
          iban: c.sepaIban,
          referenceNumber: c.sepaReferenceNumber,
        }
      : null,
    approvedLimit: c.approvedLimit,
    serviceFeeCondition: conditions.find((condition) => condition.current) ?? null,
    documentsEnabled: c.documentsEnabled,
    invoicesEnabled: c.invoicesEnabled,
    webAppKey: visible.webAppKey ? c.webAppKey : null,
    serviceFeePeriod: period,
    termsDocuments,
    status: c.status as Creditor['status'],
    isServiceFeePeriodActive: c.isServiceFeePeriodActive,
    hash,
    sapNumber: c.sapNumber,
    creditorLimit: c.creditorLimit,
    legalForm: c.legalForm as Creditor['legalForm'],
    serviceFee: visible.contract && c.serviceFee !== null ? Number(c.serviceFee) : null,
    setupFee: visible.contract ? c.setupFee : null,
    creditScore: c.creditScore,
    cmsKey: c.cmsKey,
    wzCode: c.wzCode,
    cspIdentifier: c.cspIdentifier,
    contractDate: visible.contract ? c.contractDate : null,
  };
}

/** Approved and available limit and status of the creditor (GET /current-limit-and-status). */
export async function findLimitAndStatus(db: Kysely<Database>, creditorId: number) {
  return db
    .selectFrom('creditor')
    .select(['approvedLimit', 'availableLimit', 'status'])
    .where('id', '=', creditorId)
    .executeTakeFirst();
}

// The creditorPermissions subtree's leaves → their server names (schema/permissions.yaml).
const serverName = (leaf: string) => permissionTables.serverNames[`creditorPermissions.${leaf}`];

/**
 * The admin-set creditor permissions (GET /creditor/permissions). Stored by server name where one
 * exists; the two printer-driver switches are the creditor's doc2portal (ePost invoices) and
 * letter2post (documents as letters) flags.
 */
export async function findCreditorPermissions(
  db: Kysely<Database>,
  creditorId: number,
): Promise<CreditorPermissions | undefined> {
  const c = await db
    .selectFrom('creditor')
    .select(['permissions', 'invoicesEnabled', 'documentsEnabled'])
    .where('id', '=', creditorId)
    .executeTakeFirst();
  if (!c) return undefined;
  const stored = (c.permissions ?? {}) as Record<string, boolean>;
  // the CamelCasePlugin also renames keys inside jsonb values: invoice_direct_payment → invoiceDirectPayment
  const camel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  const flag = (leaf: string) => {
    const name = serverName(leaf) ?? leaf;
    return (stored[name] ?? stored[camel(name)]) === true;
  };
  return {
    directPaymentReporting: flag('directPaymentReporting'),
    solvencyDetermination: flag('solvencyDetermination'),
    alwaysCheckManually: flag('alwaysCheckManually'),
    ePostInvoices: c.invoicesEnabled,
    letterDocuments: c.documentsEnabled,
  };
}

/** The creditor's web app key (master data, extensions). */
export async function findWebAppKey(db: Kysely<Database>, creditorId: number) {
  const row = await db
    .selectFrom('creditor')
    .select('webAppKey')
    .where('id', '=', creditorId)
    .executeTakeFirst();
  return row ? { webAppKey: row.webAppKey } : undefined;
}
