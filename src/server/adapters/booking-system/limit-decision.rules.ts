import { enums } from '../../../../generated/enums';

/** booking_request.status of a decided limit increase */
export type LimitDecisionStatus = 'approved' | 'partly_approved' | 'rejected';

export interface LimitDecisionInput {
  /** integer cents */
  desiredLimit: number;
  /** the debtor's current approved limit, integer cents */
  approvedLimit: number;
  isOnBlackList: boolean;
  /** debtor status (debtorStatus enum) */
  status: string;
}

export interface LimitDecision {
  status: LimitDecisionStatus;
  /** the approved limit after the decision (unchanged when rejected), integer cents */
  newLimit: number;
  /** why, for the request's stored decision */
  reason: 'blacklisted' | 'inactive' | 'withinRules' | 'cappedAtDouble';
}

/** Up to this much (50.000 €) is approved in full whatever the current limit. */
export const AUTO_APPROVAL_LIMIT = 5_000_000;

const INACTIVE_STATUSES = new Set(enums.debtorStatus.groups.inactive.values.map(String));

/**
 * The local booking system's rule for a limit increase: rejected for a blacklisted or inactive
 * debtor; approved in full up to twice the current limit or up to 50.000 €; above both, partly
 * approved at twice the current limit — at least 50.000 €, which would have been approved anyway.
 *
 * @example decideLimitIncrease({ desiredLimit: 3_000_000, approvedLimit: 1_000_000, isOnBlackList: false, status: 'active' })
 * // → { status: 'approved', newLimit: 3_000_000, reason: 'withinRules' }
 * @example decideLimitIncrease({ desiredLimit: 20_000_000, approvedLimit: 4_000_000, isOnBlackList: false, status: 'active' })
 * // → { status: 'partly_approved', newLimit: 8_000_000, reason: 'cappedAtDouble' }
 */
export function decideLimitIncrease(input: LimitDecisionInput): LimitDecision {
  if (input.isOnBlackList)
    return { status: 'rejected', newLimit: input.approvedLimit, reason: 'blacklisted' };
  if (INACTIVE_STATUSES.has(input.status))
    return { status: 'rejected', newLimit: input.approvedLimit, reason: 'inactive' };
  if (input.desiredLimit <= 2 * input.approvedLimit || input.desiredLimit <= AUTO_APPROVAL_LIMIT)
    return { status: 'approved', newLimit: input.desiredLimit, reason: 'withinRules' };
  return {
    status: 'partly_approved',
    newLimit: Math.max(2 * input.approvedLimit, AUTO_APPROVAL_LIMIT),
    reason: 'cappedAtDouble',
  };
}
