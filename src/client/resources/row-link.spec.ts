import { describe, expect, it } from 'vitest';
import { resources } from '../../../generated/resources';
import type { ResourceConfig } from '../../shared/config-types';
import { matchesCondition, rowTarget } from './row-link';

const when = { requiresProcessing: [true], officialVoucherNumber: [null] };

describe('matchesCondition', () => {
  it('needs every field to have one of its values; null also matches a missing field', () => {
    expect(matchesCondition({ requiresProcessing: true, officialVoucherNumber: null }, when)).toBe(true);
    expect(matchesCondition({ requiresProcessing: true }, when)).toBe(true);
    expect(matchesCondition({ requiresProcessing: true, officialVoucherNumber: 'R-1' }, when)).toBe(false);
    expect(matchesCondition({ requiresProcessing: false }, when)).toBe(false);
    expect(matchesCondition({ debtor: { status: 'active' } }, { 'debtor.status': ['active', 'reactivated'] })).toBe(true);
  });
});

describe('rowTarget', () => {
  const list = { columns: [], filters: [], perPageOptions: [15], defaultPerPage: 15, empty: { noData: '', noResults: '' } };
  const detail = { header: [], sections: [], tabs: [], actions: [] };
  const base = { entity: 'x', detailEntity: 'x', label: '', roles: [], api: { list: { method: 'GET' as const, path: '/x' } }, detail };
  const all: Record<string, ResourceConfig> = {
    items: { ...base, name: 'items', route: '/items/:type?/:id?', list: { ...list, rowLink: { resource: 'pending', when } } },
    pending: { ...base, name: 'pending', route: '/pending/:id?', list },
  };

  it('opens the linked resource for a matching row and the inline detail otherwise', () => {
    expect(rowTarget(all.items, { id: 7, requiresProcessing: true, officialVoucherNumber: null }, all)).toEqual({
      pathname: '/pending/7',
      linked: true,
    });
    expect(rowTarget(all.items, { id: 8, requiresProcessing: true, officialVoucherNumber: 'R-8' }, all)).toEqual({
      pathname: '/items/main/8',
      linked: false,
    });
    expect(rowTarget(all.pending, { id: 9 }, all)).toEqual({ pathname: '/pending/9', linked: false });
  });

  it('stays in the list when the user may not open the linked resource', () => {
    const upload = { id: 7, requiresProcessing: true };
    expect(rowTarget(all.items, upload, all, (target) => target.name !== 'pending')).toEqual({
      pathname: '/items/main/7',
      linked: false,
    });
  });

  it('sends an upload still in processing from the voucher list to the unprocessed view (document 1 §2)', () => {
    const upload = { id: 5, requiresProcessing: true, officialVoucherNumber: null };
    expect(rowTarget(resources.vouchers, upload, resources).pathname).toBe('/unprocessed/5');
    expect(rowTarget(resources.vouchers, { ...upload, officialVoucherNumber: 'RE-5' }, resources).pathname).toBe(
      '/vouchers/main/5',
    );
  });
});
