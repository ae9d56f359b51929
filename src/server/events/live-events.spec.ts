import { describe, expect, it } from 'vitest';
import { type StreamViewer, sees } from './live-events';

const viewer = (over: Partial<StreamViewer>): StreamViewer => ({
  userId: 1,
  creditorId: null,
  isAdmin: false,
  productScope: null,
  issuedAt: 0,
  recheck: async () => {},
  ...over,
});

describe('sees: who learns of a change', () => {
  const change = { k: 'voucher', c: 7, p: 'TPF', i: [1] };

  it("a creditor user only its own creditor's changes", () => {
    expect(sees(viewer({ creditorId: 7 }), change)).toBe(true);
    expect(sees(viewer({ creditorId: 8 }), change)).toBe(false);
    // a creditor-side token without creditor sees nothing
    expect(sees(viewer({ creditorId: null }), change)).toBe(false);
  });

  it("a product admin only its product's creditors, other admins all", () => {
    expect(sees(viewer({ isAdmin: true, productScope: 'TPF' }), change)).toBe(true);
    expect(sees(viewer({ isAdmin: true, productScope: 'SMAFA' }), change)).toBe(false);
    expect(sees(viewer({ isAdmin: true }), change)).toBe(true);
  });

  it('a change without creditor reaches no one', () => {
    expect(sees(viewer({ isAdmin: true }), { k: 'voucher' })).toBe(false);
  });
});
