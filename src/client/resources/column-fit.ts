import type { ColumnConfig } from '../../shared/config-types';

/** The user's choice of columns for one list: columns switched off, and columns switched on although they do not fit. */
export interface ColumnChoice {
  hidden: string[];
  shown: string[];
}

export const NO_CHOICE: ColumnChoice = { hidden: [], shown: [] };

/** a column without a fixed width, and the cell padding the list's table gives every column (12 px a side: `CELL_PADDING_X`) */
const DEFAULT_WIDTH = 150;
export const CELL_PADDING_X = 12;
const CELL_PADDING = 2 * CELL_PADDING_X;

/** The width a column takes in the table: the table is laid out fixed, so this is its real width. */
export const columnWidth = (column: Pick<ColumnConfig, 'width'>): number =>
  (column.width ?? DEFAULT_WIDTH) + CELL_PADDING;

/** The width of a table showing `columns` side by side (its least width: it scrolls sideways when wider than its box). */
export const tableWidth = (columns: Pick<ColumnConfig, 'width'>[]): number =>
  columns.reduce((sum, column) => sum + columnWidth(column), 0);

/**
 * The width the columns may take in a list box `boxWidth` wide: less a vertical scrollbar for the
 * table's own scroll area (always, so rows growing taller than the area change no column), and
 * less the page's vertical scrollbar even while the page has none — `pageScrollbar` is the width
 * the page's scrollbar takes now (0 or `scrollbar`). The box is that much wider without it, so the
 * answer is the same either way: the scrollbar coming and going while the page settles makes no
 * column come and go (issue 15). 0 before the box is laid out.
 *
 * @example availableWidth(1136, 15, 0) // 1106 — and availableWidth(1121, 15, 15) too
 */
export function availableWidth(boxWidth: number, scrollbar: number, pageScrollbar: number): number {
  if (boxWidth <= 0) return 0;
  return Math.max(1, boxWidth - 2 * scrollbar + pageScrollbar);
}

/**
 * The columns a list shows in `available` pixels: the first column not switched off (the row's
 * name, kept in sight), priority 1 as far as it fits beside it, the columns the user switched on,
 * then priority 2 and 3 in YAML order in the room left (a lower priority only when all of the
 * higher one fits); a column the user switched off never. Answers the shown columns in YAML order
 * and those left out for want of width.
 *
 * Priority 1 fits on a laptop; beside an open detail even some of it may not, and the table would
 * scroll sideways by default — the detail beside shows the row's values anyway (issue 15).
 *
 * A column the user switches on takes the room of priority 2 and 3 columns that were filling the
 * width, never of priority 1 nor of another switched-on column: ticking several columns in turn
 * keeps every one ticked before (issue 15), and ticking "Belegdatum" on a laptop no longer pushes
 * "Status" out of sight to the right (issue 28). Only when the switched-on columns and priority 1
 * together are wider than the box does the table scroll sideways, its first column in sight.
 *
 * @example fitColumns(voucherColumns, 900, NO_CHOICE).shown.map((c) => c.value) // ['numberToShow', 'debtor.name', …]
 */
export function fitColumns(
  columns: ColumnConfig[],
  available: number,
  choice: ColumnChoice = NO_CHOICE,
): { shown: ColumnConfig[]; tooNarrow: ColumnConfig[] } {
  const wanted = columns.filter((column) => !choice.hidden.includes(column.value));
  const taken = new Set(wanted.slice(0, 1).map((column) => column.value));
  let used = tableWidth(wanted.slice(0, 1));
  let tooNarrow: ColumnConfig[] = [];
  const fill = (priority: number) => {
    // a column of a lower priority never shows while one of a higher priority is left out
    const room = tooNarrow.length === 0;
    for (const column of wanted) {
      if (column.priority !== priority || taken.has(column.value)) continue;
      if (room && used + columnWidth(column) <= available) {
        taken.add(column.value);
        used += columnWidth(column);
      } else tooNarrow.push(column);
    }
  };
  fill(1);
  for (const column of wanted) {
    if (!choice.shown.includes(column.value) || taken.has(column.value)) continue;
    taken.add(column.value);
    used += columnWidth(column);
  }
  tooNarrow = tooNarrow.filter((column) => !taken.has(column.value));
  fill(2);
  fill(3);
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
  return smallScreen && available > 0 && tableWidth(always) > available;
}
