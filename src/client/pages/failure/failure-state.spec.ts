import { describe, expect, it } from 'vitest';
import { claimDisturbanceReload, failureOf, RECENT_RELOAD_MS } from './failure-state';

const memoryStorage = (): Storage => {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
    key: () => null,
    get length() {
      return values.size;
    },
  };
};

describe('failureOf', () => {
  it('maps 406 to the disturbance page and only a maintenance 503 to the maintenance page', () => {
    expect(failureOf(406, null)).toBe('disturbance');
    expect(failureOf(503, { code: 'maintenance' })).toBe('maintenance');
    // a command whose back office is down answers 503 too: a message, not the maintenance page
    expect(failureOf(503, { code: 'changesNotSaved' })).toBeNull();
    expect(failureOf(503, null, true)).toBe('maintenance');
    expect(failureOf(500, { code: 'maintenance' })).toBeNull();
    expect(failureOf(200, null)).toBeNull();
  });
});

describe('claimDisturbanceReload', () => {
  it('reloads once, not again within five minutes, and again after', () => {
    const store = memoryStorage();
    const start = 1_000_000;
    expect(claimDisturbanceReload(start, store)).toBe(true);
    expect(claimDisturbanceReload(start + 1000, store)).toBe(false);
    expect(claimDisturbanceReload(start + RECENT_RELOAD_MS - 1, store)).toBe(false);
    expect(claimDisturbanceReload(start + RECENT_RELOAD_MS, store)).toBe(true);
  });
});
