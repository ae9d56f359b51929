import { describe, expect, it } from 'vitest';
import { AUTO_APPROVAL_LIMIT, decideLimitIncrease } from './limit-decision.rules';

const base = { approvedLimit: 1_000_000, isOnBlackList: false, status: 'active' };

describe('limit increase decision', () => {
  it('approves in full up to twice the current limit', () => {
    expect(decideLimitIncrease({ ...base, approvedLimit: 4_000_000, desiredLimit: 8_000_000 })).toEqual({
      status: 'approved',
      newLimit: 8_000_000,
      reason: 'withinRules',
    });
  });

  it('approves in full up to 50.000 € whatever the current limit', () => {
    expect(decideLimitIncrease({ ...base, approvedLimit: 0, desiredLimit: AUTO_APPROVAL_LIMIT }).status).toBe(
      'approved',
    );
  });

  it('partly approves twice the current limit above both bounds, at least 50.000 €', () => {
    expect(decideLimitIncrease({ ...base, approvedLimit: 4_000_000, desiredLimit: 9_000_000 })).toEqual({
      status: 'partly_approved',
      newLimit: 8_000_000,
      reason: 'cappedAtDouble',
    });
    expect(decideLimitIncrease({ ...base, approvedLimit: 0, desiredLimit: 6_000_000 }).newLimit).toBe(
      AUTO_APPROVAL_LIMIT,
    );
  });

  it('rejects a blacklisted or inactive debtor and keeps the limit; reactivated counts as active', () => {
    expect(decideLimitIncrease({ ...base, isOnBlackList: true, desiredLimit: 100 })).toEqual({
      status: 'rejected',
      newLimit: 1_000_000,
      reason: 'blacklisted',
    });
    expect(decideLimitIncrease({ ...base, status: 'inactive', desiredLimit: 100 }).reason).toBe('inactive');
    expect(decideLimitIncrease({ ...base, status: 'reactivated', desiredLimit: 100 }).status).toBe(
      'approved',
    );
  });
});
