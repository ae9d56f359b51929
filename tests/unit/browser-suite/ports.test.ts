import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Two browser files run side by side, in whatever order vitest's sequencer picks: a port two files
// claim makes the second one's server fail to start (CI once failed so: product-owner-dev's Vite on
// 3470 beside journeys' portal on 3470). Every port constant of a browser file is its own.
const DIR = path.resolve('tests/browser');

describe('browser test files', () => {
  it('each claims ports no other file claims', () => {
    const owners = new Map<number, string[]>();
    for (const file of readdirSync(DIR).filter((name) => name.endsWith('.test.ts'))) {
      const source = readFileSync(path.join(DIR, file), 'utf8');
      for (const [, port] of source.matchAll(/\b[A-Z_]*PORT\s*=\s*(\d{4,5})\b/g))
        owners.set(Number(port), [...(owners.get(Number(port)) ?? []), file]);
    }
    expect(owners.size).toBeGreaterThan(30);
    const shared = [...owners].filter(([, files]) => files.length > 1).map(([port, files]) => `${port}: ${files.join(', ')}`);
    expect(shared).toEqual([]);
  });
});
