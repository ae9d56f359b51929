import { type Kysely, sql } from 'kysely';
import { permissionTables } from '../../../../generated/permissions';
import { variants } from '../../../../generated/variants';
import { createPermissionEvaluator } from '../../../shared/permissions';
import { findMainUserPermissions } from '../../db/repositories/debtor-extras.repository';
import type { Database } from '../../db/schema';
import { ACTIVE_PERMANENT_DEBT_STATUSES, INVOICE_TYPES } from '../../services/status-groups';

/**
 * The debtor and location rules of document 1 §4 that both the commands (src/server/domain/debtors)
 * and the permissions answers (GET /debtor/{id}/permissions, /location/{id}/permissions) use, so
 * that an action offered is an action accepted.
 */

/** "Limit expires soon" means within 3 months (document 1 §9); only then is a refresh offered. */
export const LIMIT_REFRESH_MONTHS = 3;

/**
 * Whether a limit is due for a refresh: it expires within three months (or has expired).
 *
 * @example limitDueForRefresh(new Date('2026-12-01'), new Date('2026-11-23')) // true
 */
export function limitDueForRefresh(expires: Date | null, now: Date): boolean {
  if (!expires) return false;
  const soon = new Date(now);
  soon.setMonth(soon.getMonth() + LIMIT_REFRESH_MONTHS);
  return expires.getTime() <= soon.getTime();
}

/**
 * Deactivating a debtor (or its last active location) is blocked while active permanent debts or a
 * SEPA mandate for them exist (document 1 §4).
 */
export const debtorDeactivationBlocked = (d: { hasActivePermanentDebts: boolean; hasSepaMandate: boolean }) =>
  d.hasActivePermanentDebts || d.hasSepaMandate;

/**
 * Solvency checks are withheld when a creditor runs many compared to the invoices it hands over
 * (document 1 §6). Decision: within the last 90 days a creditor may run 10 checks plus one per
 * invoice handed over in that time; beyond that, checks are withheld until invoices follow.
 */
export const SOLVENCY_WINDOW_DAYS = 90;
export const SOLVENCY_FREE_CHECKS = 10;
export const SOLVENCY_CHECKS_PER_INVOICE = 1;

/** Whether the ratio of checks to invoices withholds further checks. */
export function solvencyWithheld(checks: number, invoices: number): boolean {
  return checks >= SOLVENCY_FREE_CHECKS + SOLVENCY_CHECKS_PER_INVOICE * invoices;
}

/**
 * The counts behind {@link solvencyWithheld} for one creditor.
 *
 * @example const withheld = await solvencyChecksWithheld(db, creditorId, new Date());
 */
export async function solvencyChecksWithheld(db: Kysely<Database>, creditorId: number, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - SOLVENCY_WINDOW_DAYS * 86_400_000);
  const [checks, invoices] = await Promise.all([
    db
      .selectFrom('solvencyCheck')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('creditorId', '=', creditorId)
      .where('createdAt', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('voucher')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('creditorId', '=', creditorId)
      .where('type', 'in', INVOICE_TYPES)
      .where('uploadedAt', '>=', since)
      .executeTakeFirstOrThrow(),
  ]);
  return solvencyWithheld(Number(checks.n), Number(invoices.n));
}

/** Whether a debtor (or one location of it) has permanent debts that are not ended. */
export async function hasActivePermanentDebts(
  db: Kysely<Database>,
  creditorId: number,
  where: { debtorId: number } | { locationId: number },
): Promise<boolean> {
  let query = db
    .selectFrom('permanentDebt')
    .select(sql<number>`1`.as('one'))
    .where('creditorId', '=', creditorId)
    .where('status', 'in', ACTIVE_PERMANENT_DEBT_STATUSES);
  query = 'debtorId' in where ? query.where('debtorId', '=', where.debtorId) : query.where('locationId', '=', where.locationId);
  return Boolean(await query.limit(1).executeTakeFirst());
}

const evaluator = createPermissionEvaluator(permissionTables);

/**
 * Flags an administrator sets for the creditor (schema/permissions.yaml `creditorPermissions`,
 * stored on the main user) — evaluated like any permission with the main user's roles; a company
 * user inherits them. Used by the commands and by the permissions answers alike.
 *
 * @example await creditorFlags(db, creditorId, 'SMAFA', ['solvencyDetermination']) // { solvencyDetermination: true }
 */
export async function creditorFlags(
  db: Kysely<Database>,
  creditorId: number,
  product: string,
  flags: readonly string[],
): Promise<Record<string, boolean>> {
  const main = await findMainUserPermissions(db, creditorId, permissionTables.roleGroups.companyUsers);
  const context = {
    roles: main?.roles ?? [],
    productPermissions: variants[product]?.permissions ?? {},
    userPermissions: (main?.permissions ?? {}) as Record<string, unknown>,
  };
  return Object.fromEntries(flags.map((flag) => [flag, evaluator.isAllowed(`creditorPermissions.${flag}`, context)]));
}

/** One flag of {@link creditorFlags}. */
export async function creditorFlag(db: Kysely<Database>, creditorId: number, product: string, flag: string): Promise<boolean> {
  return (await creditorFlags(db, creditorId, product, [flag]))[flag];
}
