import { useGetIdentity, usePermissions } from 'ra-core';
import type { CommandConfig } from '../../../shared/config-types';
import type { PermissionData } from '../../auth/access';
import { usePermissionCheck } from '../../auth/use-permission-check';

/**
 * Whether the current user may take a command: one of its roles (schema/commands `roles`) and its
 * permission, and — while an admin acts as the user — the command's `impersonation` rule. Only
 * hides buttons — the server decides.
 *
 * @example const mayRegister = useCommandAllowed()(commands.registerCompanyUser);
 */
export function useCommandAllowed(): (command: CommandConfig | undefined) => boolean {
  const allowed = usePermissionCheck();
  const { permissions } = usePermissions<PermissionData>();
  const refused = useImpersonationRefused();
  return (command) =>
    Boolean(command) &&
    !refused(command) &&
    Boolean(permissions?.roles.some((role) => command!.roles.includes(role))) &&
    allowed(command!.permission);
}

/**
 * Whether an admin acting as the user may not take the command (its YAML `impersonation`; the
 * server answers 403 commands.impersonationRefused): the page shows the action switched off with
 * that reason.
 *
 * @example useImpersonationRefused()(commands.registerCompanyUser) // true while impersonating
 */
export function useImpersonationRefused(): (command: CommandConfig | undefined) => boolean {
  const { identity } = useGetIdentity();
  return (command) => Boolean(identity?.impersonated) && Boolean(command) && command!.impersonation !== 'allowed';
}
