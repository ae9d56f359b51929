import { describe, expect, it } from 'vitest';
import { TILES_PER_ROW, tilePage } from './action-tiles';

const tiles = ['edit', 'addLocation', 'editLocation', 'paymentData', 'increaseLimit', 'refreshLimit'];

describe('tilePage', () => {
  it('shows one row of four and keeps the rest for "show more"', () => {
    expect(TILES_PER_ROW).toBe(4);
    expect(tilePage(tiles, false)).toEqual({
      shown: ['edit', 'addLocation', 'editLocation', 'paymentData'],
      more: ['increaseLimit', 'refreshLimit'],
      expanded: false,
    });
    expect(tilePage(tiles, true).expanded).toBe(true);
  });

  it('has nothing to expand with four tiles or fewer', () => {
    expect(tilePage(tiles.slice(0, 4), true)).toEqual({
      shown: tiles.slice(0, 4),
      more: [],
      expanded: false,
    });
    expect(tilePage([], false)).toEqual({ shown: [], more: [], expanded: false });
  });
});
