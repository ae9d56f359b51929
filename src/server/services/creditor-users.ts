import { enums } from '../../../generated/enums';
import { permissionTables } from '../../../generated/permissions';

/** The main user's roles: the creditor roles that are no company user's (schema/roles.yaml). */
export const MAIN_USER_ROLES: readonly string[] = permissionTables.roleGroups.creditorUsers.filter(
  (role) => !permissionTables.roleGroups.companyUsers.includes(role),
);

/** User statuses that count as active (schema/enums/userStatus.yaml, group `active`). */
export const ACTIVE_USER_STATUSES: readonly string[] = (enums.userStatus?.groups.active?.values ?? []).map(String);
