import type { CurrentUser } from './current-user';

/** The pages of the entry checks, in the order the spec checks them. */
export const ENTRY_CHECK_ROUTES = ['/opt-in', '/update-password', '/check-contact-information'] as const;
export type EntryCheckRoute = (typeof ENTRY_CHECK_ROUTES)[number];

/**
 * The page a user must visit before anything else, or null when all checks pass.
 * Order (spec): an impersonation skips all checks; then terms not accepted (opt-in);
 * then a required password update; then the contact-information check.
 *
 * @example pendingEntryCheck({ ...user, optIn: false, passwordUpdateRequired: true }) // '/opt-in'
 */
export function pendingEntryCheck(
  user: Pick<
    CurrentUser,
    'optIn' | 'passwordUpdateRequired' | 'askForContactInformationChanges' | 'impersonated'
  >,
): EntryCheckRoute | null {
  if (user.impersonated) return null;
  if (user.optIn === false) return '/opt-in';
  if (user.passwordUpdateRequired) return '/update-password';
  if (user.askForContactInformationChanges) return '/check-contact-information';
  return null;
}

/**
 * Where to go from the current path: to the pending check page, or — when standing on a check
 * page whose condition no longer holds — back to where the user came from (or the dashboard).
 *
 * @example entryRedirect('/opt-in', null, '/debtors') // '/debtors'
 */
export function entryRedirect(
  pathname: string,
  pending: EntryCheckRoute | null,
  from?: string,
): string | null {
  if (pending) return pathname === pending ? null : pending;
  if ((ENTRY_CHECK_ROUTES as readonly string[]).includes(pathname)) {
    return from && !(ENTRY_CHECK_ROUTES as readonly string[]).includes(from) ? from : '/';
  }
  return null;
}
