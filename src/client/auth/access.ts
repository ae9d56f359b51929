import type { ResourceConfig } from '../../shared/config-types';
import type { PermissionContext } from '../../shared/permissions';

/** The part of the shared permission evaluator (`createPermissionEvaluator`) the client uses. */
export interface PermissionEvaluator {
  isAllowed(path: string, context: PermissionContext): boolean;
  /** expands a role group (`creditorUsers`) into role names */
  rolesOf(groupOrRole: string): string[];
  /** whether the roles and granted admin permissions include one (super admin: all) */
  hasAdminPermission(permission: string, roles: readonly string[], granted: readonly string[]): boolean;
}

/** The admin permissions granted to the user (`permissions.admin` of the current user). */
const grantedAdmin = (data: PermissionData): string[] => {
  const admin = (data.userPermissions as { admin?: unknown }).admin;
  return Array.isArray(admin) ? admin.map(String) : [];
};

/** A ready-made admin-permission check for one user: no key means allowed. */
export const makeAdminPermissionCheck =
  (data: PermissionData | undefined, evaluator: PermissionEvaluator): PermissionCheck =>
  (key) =>
    !key || (data !== undefined && evaluator.hasAdminPermission(key, data.roles, grantedAdmin(data)));

/** What `authProvider.getPermissions` returns: everything a permission check needs. */
export interface PermissionData {
  roles: string[];
  userPermissions: Record<string, unknown>;
  productPermissions: Record<string, unknown>;
}

/** A ready-made check for one user: permission path → allowed. No path means allowed. */
export type PermissionCheck = (path?: string) => boolean;

export const makePermissionCheck =
  (data: PermissionData | undefined, evaluator: PermissionEvaluator): PermissionCheck =>
  (path) =>
    !path || (data !== undefined && evaluator.isAllowed(path, data));

/** Whether the user's roles and permissions open a resource (its `roles` and its menu permission). */
export function canAccessResource(
  config: ResourceConfig,
  data: PermissionData,
  evaluator: PermissionEvaluator,
): boolean {
  const allowedRoles = (config.roles ?? []).flatMap((role) => evaluator.rolesOf(role));
  const roleOk = allowedRoles.length === 0 || allowedRoles.some((role) => data.roles.includes(role));
  const adminOk =
    !config.adminPermissions || config.adminPermissions.some((key) => makeAdminPermissionCheck(data, evaluator)(key));
  return roleOk && adminOk && makePermissionCheck(data, evaluator)(config.menu?.permission);
}
