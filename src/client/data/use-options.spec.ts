import { describe, expect, it } from 'vitest';
import { toOptions } from './use-options';

describe('toOptions', () => {
  it('accepts plain strings and numbers', () => {
    expect(toOptions(['Berlin', 42])).toEqual([
      { value: 'Berlin', label: 'Berlin' },
      { value: '42', label: '42' },
    ]);
  });

  it('accepts objects and lists under a key', () => {
    expect(toOptions({ items: [{ id: 1, name: 'Müller GmbH' }], count: 1 })).toEqual([
      { value: '1', label: 'Müller GmbH' },
    ]);
    expect(toOptions([{ value: 'a', label: 'A' }, { nothing: true }])).toEqual([{ value: 'a', label: 'A' }]);
  });

  it('gives nothing for anything else', () => {
    expect(toOptions(null)).toEqual([]);
    expect(toOptions('text')).toEqual([]);
  });
});
