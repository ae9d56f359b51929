import type { ColumnConfig } from '../../shared/config-types';

/** The user's choice of columns for one list: columns switched off, and columns switched on although they do not fit. */
export interface ColumnChoice {
  hidden: string[];
  shown: string[];
}

export const NO_CHOICE: ColumnChoice = { hidden: [], shown: [] };

/** a column without a fixed width, and the cell padding MUI's small table adds to every column */
const DEFAULT_WIDTH = 150;
const CELL_PADDING = 32;

/** The width a column takes in the table. */
export const columnWidth = (column: Pick<ColumnConfig, 'width'>): number =>
  (column.width ?? DEFAULT_WIDTH) + CELL_PADDING;

/**
 * The columns a list shows in `available` pixels: priority 1 and the columns the user switched on
 * always, then priority 2 and 3 in YAML order as far as they fit beside priority 1; a column the
 * user switched off never. Answers the shown columns in YAML order and those left out for want of
 * width.
 *
 * A column the user switches on comes on top of what fits (the table then scrolls sideways, its
 * first column in sight): it never pushes out a column that was shown. Counting it against the
 * width made every switched-on column drop the last shown one, so a user ticking several columns in
 * turn saw the ones ticked before vanish again (issue 15).
 *
 * @example fitColumns(voucherColumns, 900, NO_CHOICE).shown.map((c) => c.value) // ['numberToShow', 'debtor.name', …]
 */
export function fitColumns(
  columns: ColumnConfig[],
  available: number,
  choice: ColumnChoice = NO_CHOICE,
): { shown: ColumnConfig[]; tooNarrow: ColumnConfig[] } {
  const wanted = columns.filter((column) => !choice.hidden.includes(column.value));
  const always = wanted.filter((column) => column.priority === 1);
  const taken = new Set(
    [...always, ...wanted.filter((column) => choice.shown.includes(column.value))].map((column) => column.value),
  );
  let used = always.reduce((sum, column) => sum + columnWidth(column), 0);
  const tooNarrow: ColumnConfig[] = [];
  for (const priority of [2, 3]) {
    for (const column of wanted) {
      if (column.priority !== priority || taken.has(column.value)) continue;
      if (used + columnWidth(column) <= available) {
        taken.add(column.value);
        used += columnWidth(column);
      } else tooNarrow.push(column);
    }
  }
  return { shown: columns.filter((column) => taken.has(column.value)), tooNarrow };
}

/**
 * Switches a column on or off in the user's choice (`on`: the column is to show).
 *
 * @example toggleColumn(NO_CHOICE, 'source', false) // { hidden: ['source'], shown: [] }
 */
export function toggleColumn(choice: ColumnChoice, value: string, on: boolean): ColumnChoice {
  const hidden = choice.hidden.filter((name) => name !== value);
  const shown = choice.shown.filter((name) => name !== value);
  return on ? { hidden, shown: [...shown, value] } : { hidden: [...hidden, value], shown };
}

/**
 * Whether the list is better shown as cards: on a phone (`smallScreen`), when even the columns that
 * always stay do not fit. Beside an open detail on a laptop the table stays a table (it scrolls
 * sideways with its first column in sight).
 */
export function cardsFit(columns: ColumnConfig[], available: number, smallScreen: boolean): boolean {
  const always = columns.filter((column) => column.priority === 1);
  return smallScreen && available > 0 && always.reduce((sum, column) => sum + columnWidth(column), 0) > available;
}
