import { type Kysely, sql } from 'kysely';
import type { PendingDebtorDecision } from '../../../../generated/types';
import { ACTIVE_PERMANENT_DEBT_STATUSES, INVOICE_TYPES } from '../../services/status-groups';
import type { Database } from '../schema';
import { toLocation } from './location.repository';

/** What the debtor permission rules look at (see routes/debtors/debtor-extras.permissions.ts). */
export interface DebtorStateRow {
  id: number;
  status: string;
  hasSepaMandate: boolean;
  hasActivePermanentDebts: boolean;
  limitRequestActive: boolean;
  limitExpiredDate: Date | null;
  creditorStatus: string;
}

/**
 * The state of one debtor of `creditorId` that its permissions depend on, or undefined.
 *
 * @example await findDebtorState(db, creditorId, 12);
 */
export async function findDebtorState(
  db: Kysely<Database>,
  creditorId: number,
  debtorId: number,
): Promise<DebtorStateRow | undefined> {
  const row = await db
    .selectFrom('debtor as d')
    .innerJoin('creditor as c', 'c.id', 'd.creditorId')
    .select((eb) => [
      'd.id',
      'd.status',
      'd.limitRequestActive',
      'd.limitExpiredDate',
      'c.status as creditorStatus',
      eb('d.sepaIban', 'is not', null).as('hasSepaMandate'),
      eb
        .exists(
          eb
            .selectFrom('permanentDebt as p')
            .select('p.id')
            .whereRef('p.debtorId', '=', 'd.id')
            .where('p.status', 'in', ACTIVE_PERMANENT_DEBT_STATUSES),
        )
        .as('hasActivePermanentDebts'),
    ])
    .where('d.creditorId', '=', creditorId)
    .where('d.id', '=', debtorId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    hasSepaMandate: Boolean(row.hasSepaMandate),
    hasActivePermanentDebts: Boolean(row.hasActivePermanentDebts),
  };
}

/**
 * The stored permissions of the creditor's main user (the one user with none of `companyRoles`):
 * an admin sets the creditor's flags there (schema/permissions.yaml creditorPermissions).
 */
export async function findMainUserPermissions(
  db: Kysely<Database>,
  creditorId: number,
  companyRoles: readonly string[],
): Promise<{ roles: string[]; permissions: unknown } | undefined> {
  const users = await db
    .selectFrom('appUser')
    .select(['roles', 'permissions'])
    .where('creditorId', '=', creditorId)
    .orderBy('id')
    .execute();
  return users.find((user) => !user.roles.some((role) => companyRoles.includes(role)));
}

const collator = new Intl.Collator('de', { numeric: true });
const sortTexts = (values: (string | null)[]) =>
  [...new Set(values.filter((v): v is string => Boolean(v)))].sort(collator.compare);

/** The creditor's debtor names (GET /debtor/names/list), sorted, each once. */
export async function debtorNames(db: Kysely<Database>, creditorId: number): Promise<string[]> {
  const rows = await db.selectFrom('debtor').select('name').where('creditorId', '=', creditorId).execute();
  return sortTexts(rows.map((r) => r.name));
}

/**
 * The creditor's own debtor numbers of its locations (GET /debtor/customer-number/list): the filter
 * choices and the "already taken" list of the create-debtor form.
 */
export async function customerNumbers(db: Kysely<Database>, creditorId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('location')
    .select('customDebtorNumber')
    .where('creditorId', '=', creditorId)
    .where('customDebtorNumber', 'is not', null)
    .execute();
  return sortTexts(rows.map((r) => r.customDebtorNumber));
}

/** Open decisions are few per creditor; more than this are not sent at once (count still tells). */
export const OPEN_DECISIONS_LIMIT = 100;

/**
 * The creditor's pending debtor decisions — stored ident-check answers not yet resolved by creating
 * or assigning the debtor — newest first (GET open-debtor-decisions-debtor → {items, count}).
 *
 * @example const { items, count } = await openDebtorDecisions(db, creditorId);
 */
export async function openDebtorDecisions(db: Kysely<Database>, creditorId: number) {
  const open = db
    .selectFrom('pendingDebtorDecision as x')
    .where('x.creditorId', '=', creditorId)
    .where('x.resolvedAt', 'is', null);
  const [rows, { count }] = await Promise.all([
    open
      .leftJoin('debtor as d', 'd.id', 'x.debtorId')
      .selectAll('x')
      .select([
        'd.name as debtorName',
        'd.debtorType',
        'd.approvedLimit',
        'd.availableLimit',
        'd.street as debtorStreet',
        'd.house as debtorHouse',
        'd.zip as debtorZip',
        'd.city as debtorCity',
        'd.country as debtorCountry',
      ])
      .orderBy('x.createdAt', 'desc')
      .orderBy('x.id', 'desc')
      .limit(OPEN_DECISIONS_LIMIT)
      .execute(),
    open.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const locationIds = rows.map((r) => r.locationId).filter((id): id is number => id != null);
  const locations = locationIds.length
    ? await db
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
        .where('l.id', 'in', locationIds)
        .execute()
    : [];
  const locationById = new Map(
    locations.map(({ invoiceVolume, ...l }) => [l.id, toLocation(l, Number(invoiceVolume ?? 0))]),
  );

  const items: PendingDebtorDecision[] = rows.map((r) => ({
    id: r.id,
    debtor:
      r.debtorId != null
        ? {
            id: r.debtorId,
            name: r.debtorName!,
            type: r.debtorType as NonNullable<PendingDebtorDecision['debtor']>['type'],
            approvedLimit: r.approvedLimit,
            availableLimit: r.availableLimit,
            address: {
              name: r.debtorName,
              street: r.debtorStreet,
              house: r.debtorHouse,
              zip: r.debtorZip,
              city: r.debtorCity,
              country: r.debtorCountry,
            },
          }
        : null,
    hasBlacklistEntry: r.hasBlacklistEntry,
    isNewLocation: r.isNewLocation,
    limitAddress: r.limitName
      ? { name: r.limitName, street: r.limitStreet, house: r.limitHouse, zip: r.limitZip, city: r.limitCity }
      : null,
    location: r.locationId != null ? (locationById.get(r.locationId) ?? null) : null,
    newDebtorLimit: r.newDebtorLimit,
    newDebtorLimitColor: r.newDebtorLimitColor as PendingDebtorDecision['newDebtorLimitColor'],
    reasonCodes: r.reasonCodes,
    requiresDebtorAssignment: r.requiresDebtorAssignment,
    requestData: {
      name: r.requestName,
      contact: r.requestContact,
      streetAndHouse: r.requestStreetAndHouse,
      zip: r.requestZip,
      city: r.requestCity,
      dateOfBirth: r.requestDateOfBirth,
      email: r.requestEmail,
      phone: r.requestPhone,
      isBusiness: r.requestIsBusiness,
    },
    identificationReason: r.identificationReason as PendingDebtorDecision['identificationReason'],
  }));
  return { items, count: Number(count) };
}
