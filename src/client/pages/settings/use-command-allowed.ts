import { usePermissions } from 'ra-core';
import type { CommandConfig } from '../../../shared/config-types';
import type { PermissionData } from '../../auth/access';
import { usePermissionCheck } from '../../auth/use-permission-check';

/**
 * Whether the current user may take a command: one of its roles (schema/commands `roles`) and its
 * permission. Only hides buttons — the server decides.
 *
 * @example const mayRegister = useCommandAllowed()(commands.registerCompanyUser);
 */
export function useCommandAllowed(): (command: CommandConfig | undefined) => boolean {
  const allowed = usePermissionCheck();
  const { permissions } = usePermissions<PermissionData>();
  return (command) =>
    Boolean(command) &&
    Boolean(permissions?.roles.some((role) => command!.roles.includes(role))) &&
    allowed(command!.permission);
}
