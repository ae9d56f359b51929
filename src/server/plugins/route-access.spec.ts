import { describe, expect, it } from 'vitest';
import { accessOfRoute, withAccess } from './route-access';

describe('accessOfRoute', () => {
  const guard = (permission: string) => withAccess(async () => {}, { kind: 'creditor', permissions: [permission] });

  it('reads the access a guard carries; creditor permissions of several guards add up', () => {
    expect(accessOfRoute({ preHandler: guard('navigation.debtors') })).toEqual({ kind: 'creditor', permissions: ['navigation.debtors'] });
    expect(accessOfRoute({ preHandler: [guard('navigation.vouchers'), guard('voucherDetails.showBalancingSummary')] })).toEqual({
      kind: 'creditor',
      permissions: ['navigation.vouchers', 'voucherDetails.showBalancingSummary'],
    });
  });

  it('prefers config.access, falls back to public, and is undefined for a route declaring nothing', () => {
    expect(accessOfRoute({ preHandler: guard('x'), config: { access: { kind: 'user' } } })).toEqual({ kind: 'user' });
    expect(accessOfRoute({ config: { public: true } })).toEqual({ kind: 'public' });
    expect(accessOfRoute({ preHandler: async () => {} })).toBeUndefined();
    expect(accessOfRoute({})).toBeUndefined();
  });

  it('refuses guards of different kinds on one route (their meaning would be ambiguous)', () => {
    const admin = withAccess(async () => {}, { kind: 'admin', adminPermissions: 'any' });
    expect(() => accessOfRoute({ preHandler: [guard('x'), admin] })).toThrow(/different kinds/);
  });
});
