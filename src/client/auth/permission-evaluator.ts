import { permissionTables } from '../../../generated/permissions';
import { createPermissionEvaluator } from '../../shared/permissions';

/** The client's instance of the shared evaluator, fed by the generated permission tables. */
export const permissionEvaluator = createPermissionEvaluator(permissionTables);

/** Whether any of the roles is an admin role (admin sidebar, versions in the contact bar). */
export const hasAdminRole = (roles: readonly string[] = []): boolean =>
  roles.some((role) => permissionTables.roles[role]?.side === 'admin');

/** Whether any of the roles holds every admin permission (the super admin; sees the admins list). */
export const hasSuperAdminRole = (roles: readonly string[] = []): boolean =>
  roles.some((role) => permissionTables.roles[role]?.allPermissions);
