import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { ACTION_WAIT } from './chromium';

/**
 * A detail's action tiles (document 1 §9: one row of four, the rest behind "Mehr anzeigen").
 *
 * A detail may render its tiles more than once while it loads (the record first, then its
 * permissions), and a toggle seen a moment ago may be gone or closed again when it is clicked. So
 * the toggle is opened whenever it shows, and a test waits for what it wants to see (a tile, a
 * label), never for the toggle itself.
 */
export function actionTiles(detail: Locator, showMore: string) {
  const more = detail.getByRole('button', { name: showMore, exact: true });
  const tiles = detail.getByTestId('action-tile');
  /** opens "Mehr anzeigen" if the detail shows it now; a toggle that went away meanwhile is no failure */
  const expand = async () => {
    if ((await more.count()) > 0) await more.click({ timeout: 2_000 }).catch(() => undefined);
  };
  return {
    tiles,
    expand,
    /**
     * the labels of all tiles, the toggle opened first; throws while it is still closed, so a label
     * behind it is never taken for absent (`expect.poll` tries again)
     */
    offered: async () => {
      await expand();
      if ((await more.count()) > 0) throw new Error(`"${showMore}" is still closed`);
      return (await tiles.allInnerTexts()).map((label) => label.trim());
    },
    /**
     * clicks the tile of a label once it shows, the toggle opened as often as the detail shows it
     * closed; waits as long as a browser action does
     */
    open: async (label: string) => {
      const tile = detail.getByRole('button', { name: label, exact: true });
      await expect
        .poll(
          async () => {
            await expand();
            if ((await tile.count()) !== 1) return false;
            return tile.click({ timeout: 2_000 }).then(
              () => true,
              () => false,
            );
          },
          { timeout: ACTION_WAIT },
        )
        .toBe(true);
    },
  };
}
