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
 * name, kept in sight) and the columns the user switched on always, then priority 1, 2 and 3 in
 * YAML order as far as they fit (a lower priority only when all of the higher one fits); a column the user switched off never. Answers the shown columns in YAML order and those
 * left out for want of width. What shows fits (`tableWidth(shown) <= available`) unless the user
 * switched on more, or the first column alone is wider.
 *
 * Priority 1 fits on a laptop; beside an open detail even some of it may not, and the table would
 * scroll sideways by default — the detail beside shows the row's values anyway (issue 15).
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
  const first = wanted.slice(0, 1);
  // switched-on columns come on top: taken, but not counted against the width
  const taken = new Set(
    [...first, ...wanted.filter((column) => choice.shown.includes(column.value))].map(
      (column) => column.value,
    ),
  );
  let used = tableWidth(first);
  const tooNarrow: ColumnConfig[] = [];
  for (const priority of [1, 2, 3]) {
    // a column of a lower priority never shows while one of a higher priority is left out
    const room = tooNarrow.length === 0;
    for (const column of wanted) {
      if (column.priority !== priority || taken.has(column.value)) continue;
      if (room && used + columnWidth(column) <= available) {
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
  return smallScreen && available > 0 && tableWidth(always) > available;
}
