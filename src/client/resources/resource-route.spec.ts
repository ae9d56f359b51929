import { describe, expect, it } from 'vitest';
import { itemPath, selectionFromPath } from './resource-route';

const debtors = { route: '/debtors/:type?/:id?' };
const permanentDebts = { route: '/permanent-debts/:id?' };

describe('selectionFromPath', () => {
  it('reads nothing from the bare list path', () => {
    expect(selectionFromPath(debtors, '/debtors')).toBeNull();
    expect(selectionFromPath(debtors, '/debtors/main')).toBeNull();
  });

  it('reads a main item and a sub-location pair', () => {
    expect(selectionFromPath(debtors, '/debtors/main/12')).toEqual({
      type: 'main',
      id: '12',
      recordId: '12',
    });
    expect(selectionFromPath(debtors, '/debtors/sub/12,34')).toEqual({
      type: 'sub',
      id: '12,34',
      recordId: '12',
      subId: '34',
    });
    expect(selectionFromPath(debtors, '/debtors/sub/12%2C34')?.subId).toBe('34');
  });

  it('works for routes without a type', () => {
    expect(selectionFromPath(permanentDebts, '/permanent-debts/5')).toEqual({
      type: 'main',
      id: '5',
      recordId: '5',
    });
  });
});

describe('itemPath', () => {
  it('builds item and list paths from the route', () => {
    expect(itemPath(debtors, 12)).toBe('/debtors/main/12');
    expect(itemPath(debtors, '12,34', 'sub')).toBe('/debtors/sub/12,34');
    expect(itemPath(debtors)).toBe('/debtors');
    expect(itemPath(permanentDebts, 5)).toBe('/permanent-debts/5');
  });
});
