import { usePermissions } from 'ra-core';
import { useMemo } from 'react';
import type { ResourceConfig } from '../../shared/config-types';
import {
  canAccessResource,
  makeAdminPermissionCheck,
  makePermissionCheck,
  type PermissionCheck,
  type PermissionData,
} from './access';
import { permissionEvaluator } from './permission-evaluator';

/**
 * The current user's permission check for hiding columns, tabs and actions. Until the
 * permissions have loaded, every gated element stays hidden (the server is the authority).
 *
 * @example const allowed = usePermissionCheck(); columns.filter((c) => allowed(c.permission));
 */
export function usePermissionCheck(): PermissionCheck {
  const { permissions } = usePermissions<PermissionData>();
  return useMemo(() => makePermissionCheck(permissions, permissionEvaluator), [permissions]);
}

/** The current user's admin-permission check (admin actions and menu entries). */
export function useAdminPermissionCheck(): PermissionCheck {
  const { permissions } = usePermissions<PermissionData>();
  return useMemo(() => makeAdminPermissionCheck(permissions, permissionEvaluator), [permissions]);
}

/** Whether the current user may open a resource (its roles, admin permissions and menu permission). */
export function useResourceAccessCheck(): (config: ResourceConfig) => boolean {
  const { permissions } = usePermissions<PermissionData>();
  return useMemo(
    () => (config: ResourceConfig) => permissions !== undefined && canAccessResource(config, permissions, permissionEvaluator),
    [permissions],
  );
}
