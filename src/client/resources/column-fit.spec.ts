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
    // the switched-on column comes on top of what fits: the table scrolls sideways
    expect(names(fitColumns(columns, 4 * w, choice).shown)).toEqual([
      'number',
      'location',
      'amount',
      'source',
      'status',
    ]);
    // switching a column on again removes it from the hidden ones
    expect(toggleColumn(choice, 'debtor', true)).toEqual({ hidden: [], shown: ['source', 'debtor'] });
  });

  it('keeps every shown column while the user switches on several in turn (issue 15)', () => {
    let choice = NO_CHOICE;
    const before = names(fitColumns(columns, 4 * w).shown);
    for (const value of ['location', 'source']) {
      choice = toggleColumn(choice, value, true);
      const shown = names(fitColumns(columns, 4 * w, choice).shown);
      for (const kept of [...before, ...choice.shown]) expect(shown, value).toContain(kept);
    }
    expect(names(fitColumns(columns, 4 * w, choice).shown)).toEqual(names(columns));
    expect(fitColumns(columns, 4 * w, choice).tooNarrow).toEqual([]);
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
