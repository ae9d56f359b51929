import { describe, expect, it } from 'vitest';
import type { ColumnConfig } from '../../shared/config-types';
import {
  availableWidth,
  cardsFit,
  columnWidth,
  fitColumns,
  NO_CHOICE,
  tableWidth,
  toggleColumn,
} from './column-fit';

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

  it('shows no column of a lower priority while one of a higher priority is left out', () => {
    // room for 'number' and one more: 'amount' (priority 1) is left out, so no narrower priority 2 takes its place
    const narrow = [col('number', 1), col('amount', 1, 200), col('debtor', 2, 50), col('source', 3, 50)];
    expect(
      names(fitColumns(narrow, columnWidth({ width: 100 }) + columnWidth({ width: 150 })).shown),
    ).toEqual(['number']);
    expect(names(fitColumns(narrow, 1000).shown)).toEqual(['number', 'amount', 'debtor', 'source']);
  });

  it('drops priority 3 before priority 2 when narrower', () => {
    const fit = fitColumns(columns, 4 * w);
    expect(names(fit.shown)).toEqual(['number', 'debtor', 'amount', 'status']);
    expect(names(fit.tooNarrow)).toEqual(['location', 'source']);
  });

  it('keeps the first column even when nothing fits, priority 1 as far as it fits (beside an open detail)', () => {
    expect(names(fitColumns(columns, 10).shown)).toEqual(['number']);
    expect(names(fitColumns(columns, 10).tooNarrow)).toEqual([
      'amount',
      'debtor',
      'status',
      'location',
      'source',
    ]);
    // priority 1 goes before priority 2 and 3 when not all of it fits
    expect(names(fitColumns(columns, 2 * w).shown)).toEqual(['number', 'amount']);
    expect(names(fitColumns(columns, 3 * w - 1).shown)).toEqual(['number', 'amount']);
    // with the first column switched off, the next one stays
    expect(names(fitColumns(columns, 10, toggleColumn(NO_CHOICE, 'number', false)).shown)).toEqual([
      'debtor',
    ]);
  });

  it('leaves out what the user switched off and forces what the user switched on', () => {
    const choice = toggleColumn(toggleColumn(NO_CHOICE, 'debtor', false), 'source', true);
    expect(choice).toEqual({ hidden: ['debtor'], shown: ['source'] });
    // the switched-on column takes the room of a lower-priority one that filled the width
    expect(names(fitColumns(columns, 4 * w, choice).shown)).toEqual(['number', 'amount', 'source', 'status']);
    expect(names(fitColumns(columns, 4 * w, choice).tooNarrow)).toEqual(['location']);
    // switching a column on again removes it from the hidden ones
    expect(toggleColumn(choice, 'debtor', true)).toEqual({ hidden: [], shown: ['source', 'debtor'] });
  });

  it('keeps every ticked column and priority 1 while the user switches on several in turn (issues 15, 28)', () => {
    let choice = NO_CHOICE;
    const always = names(columns.filter((column) => column.priority === 1));
    for (const value of ['location', 'source']) {
      choice = toggleColumn(choice, value, true);
      const shown = names(fitColumns(columns, 4 * w, choice).shown);
      for (const kept of [...always, ...choice.shown]) expect(shown, value).toContain(kept);
    }
    // no room left beside what was asked for: the priority 2 columns wait under "Spalten"
    expect(names(fitColumns(columns, 4 * w, choice).shown)).toEqual(['number', 'location', 'amount', 'source']);
    expect(names(fitColumns(columns, 4 * w, choice).tooNarrow)).toEqual(['debtor', 'status']);
    // more switched on than the width holds: all of it shows and the table scrolls sideways
    for (const value of ['debtor', 'status']) choice = toggleColumn(choice, value, true);
    expect(names(fitColumns(columns, 4 * w, choice).shown)).toEqual(names(columns));
  });

  it('never pushes priority 1 out for a switched-on column that fits beside it (a voucher list on a laptop)', () => {
    const laptop = [col('number', 1), col('date', 2), col('amount', 1), col('status', 1), col('source', 3)];
    const fit = fitColumns(laptop, 4 * w, toggleColumn(NO_CHOICE, 'date', true));
    expect(names(fit.shown)).toEqual(['number', 'date', 'amount', 'status']);
    expect(names(fit.tooNarrow)).toEqual(['source']);
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

describe('tableWidth', () => {
  it('is the sum of the columns with their cell padding, a column without width at the default', () => {
    expect(columnWidth({ width: 100 })).toBe(124);
    expect(columnWidth({})).toBe(174);
    expect(tableWidth([{ width: 100 }, {}, { width: 20 }])).toBe(124 + 174 + 44);
    expect(tableWidth([])).toBe(0);
  });

  it('of the columns fitColumns shows is never more than the width it was given', () => {
    for (const available of [0, 100, 4 * w, 4 * w + 1, 5 * w - 1, 6 * w, 1000]) {
      const shown = fitColumns(columns, available).shown;
      expect(tableWidth(shown)).toBeLessThanOrEqual(Math.max(available, tableWidth([columns[0]])));
    }
  });
});

describe('availableWidth', () => {
  it("reserves the table's own scrollbar and the page's, whether the page shows one or not", () => {
    // the page's scrollbar takes 15 px from the box when it appears: the same columns either way
    expect(availableWidth(1136, 15, 0)).toBe(1106);
    expect(availableWidth(1121, 15, 15)).toBe(1106);
    expect(names(fitColumns(columns, availableWidth(6 * w + 30, 15, 0)).shown)).toEqual(
      names(fitColumns(columns, availableWidth(6 * w + 15, 15, 15)).shown),
    );
    // overlay scrollbars take nothing
    expect(availableWidth(1136, 0, 0)).toBe(1136);
  });

  it('answers 0 before the box is laid out, and never less than 1 after', () => {
    expect(availableWidth(0, 15, 0)).toBe(0);
    expect(availableWidth(20, 15, 0)).toBe(1);
  });
});
