import { describe, expect, it } from 'vitest';
import type { ColumnConfig } from '../../shared/config-types';
import { cardsFit, columnWidth, fitColumns, NO_CHOICE, toggleColumn } from './column-fit';

const col = (value: string, priority: 1 | 2 | 3, width = 100): ColumnConfig => ({
  value,
  text: value,
  type: 'string',
  sortable: false,
  alignLeft: true,
  sortMobile: false,
  width,
  priority,
});
const columns = [
  col('number', 1),
  col('debtor', 2),
  col('location', 3),
  col('amount', 1),
  col('source', 3),
  col('status', 2),
];
const names = (list: ColumnConfig[]) => list.map((c) => c.value);
const w = columnWidth({ width: 100 });

describe('fitColumns', () => {
  it('shows every column when all fit, in YAML order', () => {
    expect(names(fitColumns(columns, 6 * w).shown)).toEqual([
      'number',
      'debtor',
      'location',
      'amount',
      'source',
      'status',
    ]);
    expect(fitColumns(columns, 6 * w).tooNarrow).toEqual([]);
  });

  it('drops priority 3 before priority 2 when narrower', () => {
    const fit = fitColumns(columns, 4 * w);
    expect(names(fit.shown)).toEqual(['number', 'debtor', 'amount', 'status']);
    expect(names(fit.tooNarrow)).toEqual(['location', 'source']);
  });

  it('keeps priority 1 even when nothing fits', () => {
    expect(names(fitColumns(columns, 10).shown)).toEqual(['number', 'amount']);
  });

  it('leaves out what the user switched off and forces what the user switched on', () => {
    const choice = toggleColumn(toggleColumn(NO_CHOICE, 'debtor', false), 'source', true);
    expect(choice).toEqual({ hidden: ['debtor'], shown: ['source'] });
    expect(names(fitColumns(columns, 4 * w, choice).shown)).toEqual(['number', 'amount', 'source', 'status']);
    // switching a column on again removes it from the hidden ones
    expect(toggleColumn(choice, 'debtor', true)).toEqual({ hidden: [], shown: ['source', 'debtor'] });
  });
});

describe('cardsFit', () => {
  it('answers cards only on a small screen where the always-shown columns do not fit', () => {
    expect(cardsFit(columns, 2 * w, true)).toBe(false);
    expect(cardsFit(columns, 2 * w - 1, true)).toBe(true);
    expect(cardsFit(columns, 2 * w - 1, false)).toBe(false);
    expect(cardsFit(columns, 0, true)).toBe(false);
  });
});
