import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { raGerman } from './ra-german';

/** All leaf paths of a message tree, sorted. */
const leafPaths = (tree: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(tree)
    .flatMap(([key, value]) =>
      typeof value === 'object' && value !== null
        ? leafPaths(value as Record<string, unknown>, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    )
    .sort();

describe('raGerman', () => {
  it('translates exactly the keys of ra-language-english', () => {
    expect(leafPaths(raGerman)).toEqual(leafPaths(englishMessages));
  });

  it('keeps the placeholders of every English text', () => {
    const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();
    const get = (tree: any, path: string) => path.split('.').reduce((node, part) => node[part], tree);
    for (const path of leafPaths(englishMessages)) {
      expect(placeholders(get(raGerman, path)), path).toEqual(placeholders(get(englishMessages, path)));
    }
  });
});
