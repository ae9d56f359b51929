import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { staleAfter } from './live-events';

const MIGRATIONS = new URL('../../server/db/migrations/', import.meta.url);

/** Every table a migration announces changes of (`<table>_announce_insert` triggers). */
function announcedKinds(): string[] {
  const kinds = new Set<string>();
  for (const file of readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql'))) {
    for (const match of readFileSync(new URL(file, MIGRATIONS), 'utf8').matchAll(/CREATE TRIGGER (\w+)_announce_insert/g)) kinds.add(match[1]);
  }
  return [...kinds].sort();
}

describe('staleAfter: what a live change makes stale', () => {
  it('knows every kind the database announces (a new one needs its entry, else every query refetches)', () => {
    const kinds = announcedKinds();
    expect(kinds).toContain('voucher');
    for (const kind of kinds) expect(staleAfter(kind), kind).not.toBe('all');
  });

  it('a work-queue change refreshes the work queue and the badges, a notification the bell', () => {
    expect(staleAfter('work_queue_item')).toEqual(expect.arrayContaining(['work-queue', 'kontor-count']));
    expect(staleAfter('notification')).toEqual(expect.arrayContaining(['kontor-notifications', 'kontor-count']));
    expect(staleAfter('something_new')).toBe('all');
  });
});
