import type { Kysely } from 'kysely';
import type { AdminCreditorDetails, ServiceFeeMatrixEntry } from '../../../../generated/types';
import type { Database } from '../schema';
import { toEpochSeconds } from '../values';
import { creditorPermissionsOf, inScope, openSepaUpdate } from './admin-creditor-list.repository';
import type { ProductScope } from './admin-list-query';
import { loginAllowed, mainUsersOf, usersOfCreditor } from './admin-user.repository';
import { findCreditorDetail, listFeeConditions } from './creditor.repository';

/** Whether the creditor exists in the admin's scope (another product's creditor is "not found"). */
export async function creditorInScope(db: Kysely<Database>, scope: ProductScope, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('creditor as c')
    .select('c.id')
    .where('c.id', '=', id)
    .where((eb) => inScope(eb, scope))
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The admin's creditor details (GET /creditor/{id}/details): the creditor detail as the creditor area
 * builds it (nothing withheld), its conditions with derived end dates, its users, permissions and the
 * admin list's flags; undefined when the creditor is not in the admin's scope.
 *
 * @example await findAdminCreditorDetails(db, null, 7);
 */
export async function findAdminCreditorDetails(
  db: Kysely<Database>,
  scope: ProductScope,
  id: number,
): Promise<AdminCreditorDetails | undefined> {
  const row = await db
    .selectFrom('creditor as c')
    .where('c.id', '=', id)
    .where((eb) => inScope(eb, scope))
    .select([
      'c.product',
      'c.permissions',
      'c.invoicesEnabled',
      'c.documentsEnabled',
      'c.sentToSapAt',
      'c.apiErrorCount',
      'c.createdAt',
      'c.updatedAt',
      openSepaUpdate.as('hasOpenCreditorDebitUpdate'),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const [detail, conditions, users, mainUsers] = await Promise.all([
    findCreditorDetail(db, id, { contract: true, webAppKey: true }),
    listFeeConditions(db, id),
    usersOfCreditor(db, id),
    mainUsersOf(db, [id]),
  ]);
  if (!detail) return undefined;
  const main = mainUsers.get(id);
  return {
    ...detail,
    product: row.product as AdminCreditorDetails['product'],
    serviceFeeConditions: conditions,
    permission: creditorPermissionsOf(row),
    users,
    // the main user as the admin list item names it (the printer-driver switches send it)
    user: main ? { id: main.id, username: main.username, roles: main.roles, email: main.email, loginAllowed: loginAllowed(main.status) } : null,
    hasOpenCreditorDebitUpdate: Boolean(row.hasOpenCreditorDebitUpdate),
    isSendToSap: row.sentToSapAt !== null,
    sentToSapDate: toEpochSeconds(row.sentToSapAt),
    apiErrorCount: row.apiErrorCount,
    creationDate: toEpochSeconds(row.createdAt),
    updateDate: toEpochSeconds(row.updatedAt),
  };
}

/**
 * The service-fee matrix (GET /creditor-service-fee/sap-matrix/ist): every entry, or those of one
 * product; a product admin sees their product's entries only. Fees are percent, minimum fees cents.
 */
export async function listServiceFeeMatrix(
  db: Kysely<Database>,
  scope: ProductScope,
  productType?: string,
): Promise<ServiceFeeMatrixEntry[]> {
  let query = db.selectFrom('serviceFeeMatrixEntry').selectAll().orderBy('productType').orderBy('id');
  if (scope) query = query.where('productType', '=', scope);
  if (productType) query = query.where('productType', '=', productType);
  const percent = (value: number | null) => (value === null ? null : Number(value));
  return (await query.execute()).map((row) => ({
    identifier: row.id,
    name: row.name,
    purchasedFee: percent(row.purchasedFee),
    notPurchasedFee: percent(row.notPurchasedFee),
    notPurchasedMinimumFee: row.notPurchasedMinimumFee,
    purchasedLaterFee: percent(row.purchasedLaterFee),
    minimumServiceFee: row.minimumServiceFee,
    productType: row.productType as ServiceFeeMatrixEntry['productType'],
    sapIdentifier: row.sapIdentifier,
    isDefault: row.isDefault,
  }));
}
