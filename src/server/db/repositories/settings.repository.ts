import type { Kysely } from 'kysely';
import type { CompanyUser, CreditorSettings, OptInItem } from '../../../../generated/types';
import { permissionTables } from '../../../../generated/permissions';
import { defaultVariantCode, variants } from '../../../../generated/variants';
import { enumValue } from '../../services/status-groups';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';

const COMPANY_ROLES = permissionTables.roleGroups.companyUsers;

/** A deleted company user's status (schema/enums/userStatus.yaml). */
export const DELETED_STATUS = enumValue('userStatus', 'terminated');

/** The product's maximum number of additional accesses (variants/*.yaml `maxCompanyUsers`). */
export const maxCompanyUsersOf = (product: string | undefined) =>
  (product ? variants[product]?.maxCompanyUsers : undefined) ?? variants[defaultVariantCode].maxCompanyUsers;

/**
 * The settings of GET /user-information/creditor-settings/details: the e-mail reminder settings
 * per address (sorted by address) and the default exposure type.
 *
 * @example await findCreditorSettings(db, creditorId);
 */
export async function findCreditorSettings(
  db: Kysely<Database>,
  creditorId: number,
): Promise<CreditorSettings> {
  const [settings, creditor] = await Promise.all([
    db
      .selectFrom('emailReminderSetting')
      .select(['email', 'frequency'])
      .where('creditorId', '=', creditorId)
      .orderBy('email')
      .execute(),
    db.selectFrom('creditor').select('defaultExposureType').where('id', '=', creditorId).executeTakeFirst(),
  ]);
  return {
    emailReminderSetting: settings.map((s) => ({
      email: s.email,
      frequency: s.frequency as NonNullable<CreditorSettings['emailReminderSetting']>[number]['frequency'],
    })),
    defaultExposureType: (creditor?.defaultExposureType ?? null) as CreditorSettings['defaultExposureType'],
  };
}

/**
 * The creditor's company users (everyone with a company-user role, not the main user), by name,
 * with the maximum number of additional accesses — the product's `maxCompanyUsers`
 * (variants/*.yaml). `role` is the user role key of roles.yaml. A deleted access (status
 * terminated) is neither listed nor counted.
 */
export async function listCompanyUsers(db: Kysely<Database>, creditorId: number) {
  const [rows, creditor] = await Promise.all([
    db
      .selectFrom('appUser')
      .select(['id', 'name', 'email', 'roles', 'status'])
      .where('creditorId', '=', creditorId)
      .where((eb) => eb.or(COMPANY_ROLES.map((role) => eb(eb.val(role), '=', eb.fn.any('roles')))))
      .where('status', '<>', DELETED_STATUS)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db.selectFrom('creditor').select('product').where('id', '=', creditorId).executeTakeFirst(),
  ]);
  const companyUsers: CompanyUser[] = rows.map((row) => {
    const role = row.roles.find((r) => COMPANY_ROLES.includes(r)) ?? row.roles[0];
    return {
      identifier: row.id,
      role: permissionTables.roles[role]?.key ?? role,
      name: row.name,
      email: row.email,
      status: row.status as CompanyUser['status'],
    };
  });
  return { companyUsers, count: companyUsers.length, maxCompanyUsers: maxCompanyUsersOf(creditor?.product) };
}

/**
 * The terms the creditor still has to accept: its open approvals (addressed to the main user), each
 * with its documents. Company users see the same list with an information text instead of the
 * accept button (only the main user may accept).
 */
export async function listUnacceptedTerms(db: Kysely<Database>, creditorId: number): Promise<OptInItem[]> {
  const approvals = await db
    .selectFrom('termsApproval')
    .select(['id', 'changesText'])
    .where('creditorId', '=', creditorId)
    .where('acceptedAt', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  if (approvals.length === 0) return [];
  const documents = await db
    .selectFrom('termsApprovalDocument as ad')
    .innerJoin('termsDocument as t', 't.id', 'ad.termsDocumentId')
    .where(
      'ad.termsApprovalId',
      'in',
      approvals.map((a) => a.id),
    )
    .select(['ad.termsApprovalId', 't.documentType', 't.source', 't.version', 't.modifiedAt'])
    .orderBy('t.id')
    .execute();
  return approvals.map((approval) => ({
    identifier: approval.id,
    approvalId: String(approval.id),
    documents: documents
      .filter((d) => d.termsApprovalId === approval.id)
      .map((d) => ({
        documentType: d.documentType as NonNullable<OptInItem['documents']>[number]['documentType'],
        source: d.source,
        version: d.version,
        modified: toEpochSeconds(d.modifiedAt),
      })),
    changesText: approval.changesText,
  }));
}
