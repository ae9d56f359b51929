import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, chunkUrlOf, claimChunkReload, isChunkLoadError } from './chunk-errors';

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

describe('chunk-load failures', () => {
  it('recognises a failed dynamic import and finds its script', () => {
    const error = new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/Debtors-abc123.js');
    expect(isChunkLoadError(error)).toBe(true);
    expect(chunkUrlOf(error.message)).toBe('http://localhost:3000/assets/Debtors-abc123.js');
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads at most once per hour for one version, and at once for a new version', () => {
    const store = memoryStorage();
    expect(claimChunkReload(0, '2.16.2', store)).toBe(true);
    expect(claimChunkReload(1000, '2.16.2', store)).toBe(false);
    expect(claimChunkReload(CHUNK_RELOAD_GUARD_MS - 1, '2.16.2', store)).toBe(false);
    expect(claimChunkReload(2000, '2.16.3', store)).toBe(true);
    expect(claimChunkReload(2000 + CHUNK_RELOAD_GUARD_MS, '2.16.3', store)).toBe(true);
  });
});
