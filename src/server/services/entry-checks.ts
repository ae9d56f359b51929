import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';

/** What the entry checks read of the user (app_user). */
export interface EntryCheckState {
  optIn: boolean;
  passwordUpdateRequired: boolean;
  askForContactInformationChanges: boolean;
}

/** Calls every pending check allows: who am I, and the end of an impersonation. */
const ALWAYS = ['GET /user-management/user/current'];

/**
 * The entry checks in the spec's order (document 2 §2 "Entry flow"; the client's
 * src/client/auth/entry-checks.ts): while one is pending, only the calls that resolve it and the
 * ones its page needs are answered (issue 26) — the route as Fastify knows it, `METHOD /path/:param`.
 */
const CHECKS: { pending: (user: EntryCheckState) => boolean; check: string; allowed: string[] }[] = [
  {
    pending: (user) => user.optIn === false,
    check: 'optIn',
    allowed: [
      'GET /user-management/list-unaccepted-terms-and-conditions',
      'GET /user-management/terms-document/download',
      'POST /user-management/approve-terms-and-conditions/:approvalId',
    ],
  },
  {
    pending: (user) => user.passwordUpdateRequired,
    check: 'passwordUpdate',
    allowed: ['POST /user-management/command/update-password'],
  },
  {
    pending: (user) => user.askForContactInformationChanges,
    check: 'contactInformation',
    allowed: ['GET /creditor/show', 'POST /user-management/handle-creditor-contact-information'],
  },
];

/**
 * The refusal of a call while an entry check is pending (403 `entryCheckPending`, naming the check),
 * or null when the call may go on. Impersonations and previews skip the checks, as in the client.
 *
 * @example entryCheckRefusal(request, { optIn: true, passwordUpdateRequired: true, askForContactInformationChanges: false }) // GET /voucher/list → 403
 */
export function entryCheckRefusal(request: FastifyRequest, user: EntryCheckState): ApiError | null {
  const first = CHECKS.find((c) => c.pending(user));
  if (!first) return null;
  const route = `${request.method} ${(request.routeOptions.url ?? '').replace(/^\/api(?=\/)/, '')}`;
  if (ALWAYS.includes(route) || first.allowed.includes(route)) return null;
  const error = new ApiError(403, 'entryCheckPending');
  error.reason = first.check;
  return error;
}
