/**
 * The one permission evaluator, used by the client (hiding menus, columns, actions) and by the
 * server (a preHandler on every route). Fed by the generated tables (`generated/permissions.ts`).
 *
 * Rules (documents 1 §6 and 2 §4/§6):
 * - permissions are nested booleans, default off;
 * - explicit false wins: the effective value is on only when neither the product's nor the user's
 *   value is explicitly false — and (our reading of "default off") at least one of them, or the
 *   always-on list for creditor users, switches it on;
 * - a role may deny paths outright (observer: no actions; assistant: no dashboard, contracts or
 *   statements); a role with `allPermissions` (super admin) has every admin permission;
 * - a group counts as available when any permission below it is on.
 */
export interface PermissionNode {
  label: string;
  server?: string;
  alwaysOnForCreditor?: boolean;
  children?: Record<string, PermissionNode>;
}

export interface PermissionTables {
  tree: Record<string, PermissionNode>;
  paths: string[];
  alwaysOnForCreditor: string[];
  serverNames: Record<string, string>;
  adminPermissions: Record<string, { label: string }>;
  roles: Record<
    string,
    { key: string; side: 'admin' | 'creditor'; label: string; allPermissions: boolean; deny: string[] }
  >;
  roleGroups: Record<string, string[]>;
}

export interface PermissionContext {
  roles: readonly string[];
  /** the product variant's nested booleans */
  productPermissions?: unknown;
  /** the user's nested booleans */
  userPermissions?: unknown;
}

/** Reads a dotted path from nested booleans; a `true`/`false` on an ancestor applies to the whole subtree. */
export function lookup(source: unknown, path: string): boolean | undefined {
  let node: unknown = source;
  for (const part of path.split('.')) {
    if (typeof node === 'boolean') return node;
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'boolean' ? node : undefined;
}

export function createPermissionEvaluator(tables: PermissionTables) {
  const alwaysOn = new Set(tables.alwaysOnForCreditor);
  const leavesBelow = new Map<string, string[]>();
  for (const path of tables.paths) {
    const isLeaf = !tables.paths.some((p) => p.startsWith(`${path}.`));
    if (!isLeaf)
      leavesBelow.set(
        path,
        tables.paths.filter(
          (p) => p.startsWith(`${path}.`) && !tables.paths.some((q) => q.startsWith(`${p}.`)),
        ),
      );
  }
  const isCreditorUser = (roles: readonly string[]) =>
    roles.some((r) => tables.roles[r]?.side === 'creditor');
  const denied = (roles: readonly string[], path: string) =>
    roles.some((r) => tables.roles[r]?.deny.some((d) => path === d || path.startsWith(`${d}.`)));

  function leafAllowed(path: string, ctx: PermissionContext): boolean {
    if (denied(ctx.roles, path)) return false;
    const product = lookup(ctx.productPermissions, path);
    const user = lookup(ctx.userPermissions, path);
    if (product === false || user === false) return false;
    if (product === true || user === true) return true;
    return alwaysOn.has(path) && isCreditorUser(ctx.roles);
  }

  /**
   * Whether a permission path is on for this user in this product.
   * @example isAllowed('debtors.create', { roles: ['ROLE_CREDITOR'], userPermissions: { debtors: { create: true } } }) // → true
   */
  function isAllowed(path: string, ctx: PermissionContext): boolean {
    const leaves = leavesBelow.get(path);
    if (leaves) return !denied(ctx.roles, path) && leaves.some((leaf) => leafAllowed(leaf, ctx));
    if (!tables.paths.includes(path)) return false;
    return leafAllowed(path, ctx);
  }

  /**
   * Whether a user holds an admin permission (super admin: all of them); `superAdmin` (a command's
   * `adminPermission` of the super admin's commands) only a role with every permission.
   */
  function hasAdminPermission(
    permission: string,
    roles: readonly string[],
    granted: readonly string[],
  ): boolean {
    if (permission === 'superAdmin') return roles.some((r) => tables.roles[r]?.allPermissions === true);
    if (!(permission in tables.adminPermissions)) return false;
    if (roles.some((r) => tables.roles[r]?.allPermissions)) return true;
    return roles.some((r) => tables.roles[r]?.side === 'admin') && granted.includes(permission);
  }

  /** Expands a role group name (e.g. `creditorUsers`) or a role into role names. */
  function rolesOf(groupOrRole: string): string[] {
    return tables.roleGroups[groupOrRole] ?? [groupOrRole];
  }

  return { isAllowed, hasAdminPermission, rolesOf, isCreditorUser };
}
