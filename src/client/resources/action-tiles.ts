/** Action tiles per row before "show more" (document 1 §9). */
export const TILES_PER_ROW = 4;

/**
 * Which tiles show: the first row always, the rest once expanded (with nothing more, nothing to
 * expand).
 *
 * @example tilePage(['a', 'b', 'c', 'd', 'e'], false) // { shown: ['a', 'b', 'c', 'd'], more: ['e'], expanded: false }
 */
export function tilePage<T>(
  tiles: T[],
  expanded: boolean,
  perRow = TILES_PER_ROW,
): { shown: T[]; more: T[]; expanded: boolean } {
  const more = tiles.slice(perRow);
  return { shown: tiles.slice(0, perRow), more, expanded: expanded && more.length > 0 };
}
