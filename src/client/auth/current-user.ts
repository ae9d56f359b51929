/** The logged-in user as `GET /api/user-management/user/current` returns it. */
export interface CurrentUser {
  id: string | number;
  username: string;
  name?: string;
  email?: string;
  roles: string[];
  product?: string;
  permissions?: Record<string, unknown>;
  optIn?: boolean;
  passwordUpdateRequired?: boolean;
  askForContactInformationChanges?: boolean;
  /** the creditor's customer number, shown in the user menu */
  sapNumber?: string | null;
  /** the creditor's status (active, blocked, terminated) */
  creditorStatus?: string | null;
  /** set while an admin acts as this user */
  impersonated?: boolean;
}
