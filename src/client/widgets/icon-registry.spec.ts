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
});
