import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { permissionTables } from '../../../../generated/permissions';
import { resources } from '../../../../generated/resources';
import type { Database } from '../../db/schema';
import { ApiError } from '../../errors';
import { requireAdmin } from '../../plugins/auth';
import { permissions } from '../../plugins/permissions';
import { type RouteAccess, withAccess } from '../../plugins/route-access';
import { LOGIN_DENIED_STATUSES } from '../../services/auth.service';

const ALL_ADMIN_PERMISSIONS = Object.keys(permissionTables.adminPermissions);
const adminKeys = (...keys: string[]): string[] => {
  const unknown = keys.filter((key) => !ALL_ADMIN_PERMISSIONS.includes(key));
  if (unknown.length) throw new Error(`schema/permissions.yaml admin has no ${unknown.join(', ')}`);
  return keys;
};

// "Any user or creditor management permission" (document 2 §6): every admin permission except
// those of the requests, assign-debtors and action-log screens.
// The SEPA direct-debit files (issue 30) are a screen of their own too.
const SCREEN_PERMISSIONS = adminKeys('approve_sepa_update', 'assign_debtor', 'view_action_log', 'sepa_direct_debits');
const MANAGEMENT = ALL_ADMIN_PERMISSIONS.filter((key) => !SCREEN_PERMISSIONS.includes(key));

// Once the generator lets a resource name its admin permissions (`adminPermissions` in the resource
// YAML), the YAML wins; until then the decisions below apply.
const fromYaml = (name: string): string[] | undefined =>
  (resources[name] as (typeof resources)[string] & { adminPermissions?: string[] })?.adminPermissions;

/**
 * Which admin permissions open which admin screen — any one of them suffices; `superAdmin` means
 * the super admin only (document 2 §6).
 */
export const ADMIN_ACCESS: Record<
  | 'creditors'
  | 'users'
  | 'requests'
  | 'assignDebtors'
  | 'actionLog'
  | 'productRequests'
  | 'serviceFeeMatrix'
  | 'admins'
  | 'sepaDebits',
  readonly string[] | 'superAdmin'
> = {
  creditors: fromYaml('creditors') ?? MANAGEMENT,
  users: fromYaml('users') ?? MANAGEMENT,
  requests: fromYaml('requests') ?? adminKeys('approve_sepa_update'),
  assignDebtors: fromYaml('assignDebtors') ?? adminKeys('assign_debtor'),
  actionLog: fromYaml('actionLog') ?? adminKeys('view_action_log'),
  /** the onboarding's leads: whoever registers creditors follows them up */
  productRequests: fromYaml('productRequests') ?? adminKeys('creditor_registration'),
  /** the service-fee matrix is a catalogue every admin form may offer */
  serviceFeeMatrix: ALL_ADMIN_PERMISSIONS,
  admins: 'superAdmin',
  /** due direct debits, their pain.008 files and the returns (issue 30) */
  sepaDebits: adminKeys('sepa_direct_debits'),
};

export type AdminScreen = keyof typeof ADMIN_ACCESS;

// The role schema/roles.yaml creates per product.
const PRODUCT_ADMIN = 'ROLE_PRODUCT_ADMIN';
if (!permissionTables.roles[PRODUCT_ADMIN]) throw new Error(`schema/roles.yaml has no ${PRODUCT_ADMIN}`);

const granted = new WeakMap<FastifyRequest, Promise<string[]>>();

/** The caller's stored admin permissions as the session check read them (no second read). */
export function rememberAdminPermissions(request: FastifyRequest, list: string[]): void {
  granted.set(request, Promise.resolve(list));
}

/** The admin permissions stored for the caller (`permissions.admin` of the user), read once per request. */
export function grantedAdminPermissions(db: Kysely<Database>, request: FastifyRequest): Promise<string[]> {
  let list = granted.get(request);
  if (!list) {
    list = db
      .selectFrom('appUser')
      .select('permissions')
      .where('id', '=', request.user.id)
      .executeTakeFirst()
      .then((row) => {
        const admin = (row?.permissions as { admin?: unknown } | undefined)?.admin;
        return Array.isArray(admin) ? admin.map(String) : [];
      });
    granted.set(request, list);
  }
  return list;
}

/** Whether the caller holds any of the screen's admin permissions (super admin: all of them). */
export async function mayOpen(
  db: Kysely<Database>,
  request: FastifyRequest,
  screen: AdminScreen,
): Promise<boolean> {
  const roles = request.user.roles;
  const access = ADMIN_ACCESS[screen];
  const superAdmin = roles.some((role) => permissionTables.roles[role]?.allPermissions);
  if (access === 'superAdmin') return superAdmin;
  const list = await grantedAdminPermissions(db, request);
  return access.some((key) => permissions.hasAdminPermission(key, roles, list));
}

/** The access an admin screen's guard declares (src/server/plugins/route-access.ts). */
const screenAccess = (screen: AdminScreen): RouteAccess => ({ kind: 'admin', adminPermissions: ADMIN_ACCESS[screen] });

/**
 * preHandler of an admin route: an admin role (401/403 otherwise) holding one of the screen's
 * admin permissions (403 `forbidden`).
 *
 * @example app.get('/action-log/list', { preHandler: requireAdminScreen(db, 'actionLog') }, handler)
 */
export function requireAdminScreen(db: Kysely<Database>, screen: AdminScreen) {
  return withAccess(
    async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      await requireAdmin(request, reply);
      if (!(await mayOpen(db, request, screen))) throw new ApiError(403, 'forbidden');
    },
    screenAccess(screen),
  );
}

/**
 * preHandler of an admin route that one admin permission opens (a super admin holds all of them):
 * an admin role (403 otherwise) holding `key` (403 `forbidden`).
 *
 * @example app.get('/user-management/user/:id/switch', { preHandler: requireAdminPermission(db, 'impersonate_user') }, handler)
 */
export function requireAdminPermission(db: Kysely<Database>, key: string) {
  adminKeys(key);
  return withAccess(
    async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      await requireAdmin(request, reply);
      const list = await grantedAdminPermissions(db, request);
      if (!permissions.hasAdminPermission(key, request.user.roles, list)) throw new ApiError(403, 'forbidden');
    },
    { kind: 'admin', adminPermissions: [key] },
  );
}

/**
 * The product an admin's lists are limited to: a product admin administers the product they were
 * created for (document 2 §6 "Product admins are created per product"); other admins see all (null).
 */
export function productScopeOf(request: FastifyRequest): string | null {
  const roles = request.user.roles;
  const productAdmin = roles.includes(PRODUCT_ADMIN);
  const wider = roles.some(
    (role) => role !== PRODUCT_ADMIN && permissionTables.roles[role]?.side === 'admin',
  );
  return productAdmin && !wider ? request.user.product : null;
}

/**
 * preHandler of the admin views of one creditor's record (`/debtor/{id}/process-log/list`,
 * `/voucher/{id}/process-log/list`): an admin who may open the creditors screen, and — a product
 * admin — only for records of a creditor of their product; anything else is a 404 as if it did not
 * exist (document 2 §6).
 *
 * @example app.get('/voucher/:id/process-log/list', { preHandler: requireAdminOfRecord(db, 'voucher') }, handler)
 */
export function requireAdminOfRecord(db: Kysely<Database>, table: 'debtor' | 'voucher') {
  const gate = requireAdminScreen(db, 'creditors');
  // declared as the creditors screen, which an admin acting as a creditor user also needs
  return withAccess(async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.user?.impersonatedBy) return requireImpersonatingAdmin(db, table, request);
    await gate(request, reply);
    const scope = productScopeOf(request);
    if (scope === null) return;
    const { id } = request.params as { id: number };
    const row = await (table === 'debtor'
      ? db.selectFrom('debtor as r').innerJoin('creditor as c', 'c.id', 'r.creditorId').select('c.product').where('r.id', '=', id)
      : db.selectFrom('voucher as r').innerJoin('creditor as c', 'c.id', 'r.creditorId').select('c.product').where('r.id', '=', id)
    ).executeTakeFirst();
    if (!row || row.product !== scope) throw new ApiError(404, 'notFound');
  }, { ...gate.access, alsoImpersonating: true } as RouteAccess);
}

/**
 * The admin view while an admin acts as a creditor user (the toolbar's admin-view toggle, document
 * 2 §2; document 1 §2 "process log (admin view)"): the impersonation token carries the admin, who
 * must still be an administrator allowed to log in and to open the creditors screen (else 403);
 * the record must belong to the creditor the admin acts for, and a product admin's product (else
 * 404, as if it did not exist).
 */
async function requireImpersonatingAdmin(db: Kysely<Database>, table: 'debtor' | 'voucher', request: FastifyRequest): Promise<void> {
  const admin = await db
    .selectFrom('appUser')
    .select(['roles', 'permissions', 'product', 'status'])
    .where('id', '=', request.user.impersonatedBy!)
    .where('creditorId', 'is', null)
    .executeTakeFirst();
  const roles = admin?.roles ?? [];
  if (!admin || !roles.some((role) => permissionTables.roles[role]?.side === 'admin') || LOGIN_DENIED_STATUSES.has(admin.status)) {
    throw new ApiError(403, 'forbidden');
  }
  const stored = (admin.permissions as { admin?: unknown }).admin;
  const granted = Array.isArray(stored) ? stored.map(String) : [];
  const access = ADMIN_ACCESS.creditors;
  if (access === 'superAdmin' || !access.some((key) => permissions.hasAdminPermission(key, roles, granted))) {
    throw new ApiError(403, 'forbidden');
  }
  const { id } = request.params as { id: number };
  const row = await (table === 'debtor'
    ? db.selectFrom('debtor as r').innerJoin('creditor as c', 'c.id', 'r.creditorId').select(['c.id', 'c.product']).where('r.id', '=', id)
    : db.selectFrom('voucher as r').innerJoin('creditor as c', 'c.id', 'r.creditorId').select(['c.id', 'c.product']).where('r.id', '=', id)
  ).executeTakeFirst();
  const productBound = roles.includes(PRODUCT_ADMIN) && !roles.some((role) => role !== PRODUCT_ADMIN && permissionTables.roles[role]?.side === 'admin');
  if (!row || row.id !== request.user.creditorId || (productBound && row.product !== admin.product)) throw new ApiError(404, 'notFound');
}
