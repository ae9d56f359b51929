import { describe, expect, it } from 'vitest';
import { OwnerTurns } from './owner-turns';

const takeAll = <T>(turns: OwnerTurns<T>) => {
  const taken: T[] = [];
  for (let item = turns.shift(); item !== undefined; item = turns.shift()) taken.push(item);
  return taken;
};

describe('OwnerTurns', () => {
  it('takes the owners in turn, each owner’s items in order', () => {
    const turns = new OwnerTurns<string>();
    for (const item of ['a1', 'a2', 'a3']) turns.push('A', item);
    turns.push('B', 'b1');
    turns.push('C', 'c1');
    turns.push('B', 'b2');
    expect(turns.size).toBe(6);
    expect(takeAll(turns)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(turns.size).toBe(0);
  });

  it('puts an owner that comes back behind the owners already waiting', () => {
    const turns = new OwnerTurns<string>();
    turns.push('A', 'a1');
    turns.push('B', 'b1');
    expect(turns.shift()).toBe('a1');
    turns.push('A', 'a2');
    expect(takeAll(turns)).toEqual(['b1', 'a2']);
  });

  it('removes one waiting item, and drains the rest', () => {
    const turns = new OwnerTurns<string>();
    turns.push('A', 'a1');
    turns.push('A', 'a2');
    turns.push('B', 'b1');
    expect(turns.remove('A', 'a1')).toBe(true);
    expect(turns.remove('A', 'a1')).toBe(false);
    expect(turns.remove('B', 'b1')).toBe(true);
    expect(turns.size).toBe(1);
    turns.push('C', 'c1');
    expect(turns.drain()).toEqual(['a2', 'c1']);
    expect(turns.size).toBe(0);
    expect(turns.shift()).toBeUndefined();
  });
});
