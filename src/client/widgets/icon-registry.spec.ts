import { describe, expect, it } from 'vitest';
import { resources } from '../../../generated/resources';
import { icons } from './icon-registry';

describe('icon registry', () => {
  it('bundles every icon the resource YAML names for menus and actions', () => {
    const named = Object.values(resources).flatMap((config) => [
      ...(config.menu?.icon ? [config.menu.icon] : []),
      ...config.detail.actions.flatMap((action) => (action.icon ? [action.icon] : [])),
    ]);
    expect(named.filter((name) => !icons[name])).toEqual([]);
  });

  it('gives every action tile an icon of its own kind, not the neutral fallback (issue 28)', () => {
    const without = Object.entries(resources).flatMap(([name, config]) =>
      config.detail.actions.filter((action) => !action.icon).map((action) => `${name}.${action.key}`),
    );
    expect(without).toEqual([]);
    // a detail's tiles are told apart by their icons: at most a pair (switch on / off) shares one
    for (const [name, config] of Object.entries(resources)) {
      const counts = new Map<string, number>();
      for (const action of config.detail.actions) counts.set(action.icon!, (counts.get(action.icon!) ?? 0) + 1);
      expect([...counts].filter(([, count]) => count > 2), name).toEqual([]);
    }
  });
});
