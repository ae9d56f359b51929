import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import de from '../../../generated/i18n/de.json';
import { CATALOGUE_SLICES, sliceCatalogue } from './catalogue-slices';

const CLIENT = path.resolve(import.meta.dirname, '..');
const inDir = (dir: string) =>
  readdirSync(path.join(CLIENT, dir))
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts'))
    .map((name) => `${dir}/${name}`);

/**
 * The client's modules that the portal's first page (the layout and the dashboard) loads, as the
 * build's manifest lists them: they show with the first page's slice of the catalogue alone.
 * (`pages/common/labels.ts` is among them, but only its `enumLabel` runs there: the enumerations
 * are checked where it is called.)
 */
const FIRST_PAGE_MODULES = [
  ...inDir('layout'),
  ...inDir('pages/dashboard'),
  'pages/Dashboard.tsx',
  'pages/LoginPage.tsx',
  'login/LoginView.tsx',
  'pages/account/ForgotPasswordLink.tsx',
  'pages/common/QueryState.tsx',
  'pages/failure/FailurePage.tsx',
  'pages/help/VideoDialog.tsx',
  'widgets/EnumChip.tsx',
  'data/use-server-error.ts',
];

type Tree = Record<string, unknown>;
const at = (tree: Tree, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

describe('the portal’s first-page catalogue (PORTAL_FIRST_PAGE)', () => {
  const first = sliceCatalogue(de, CATALOGUE_SLICES['virtual:kontor-portal-catalogue']);
  const areas = Object.keys(de).filter((key) => key !== '$comment').join('|');
  const sources = FIRST_PAGE_MODULES.map((file) => [file, readFileSync(path.join(CLIENT, file), 'utf8')] as const);

  it('has every text the first page’s modules name', () => {
    const missing: string[] = [];
    for (const [file, source] of sources) {
      for (const [, key] of source.matchAll(new RegExp(`['"\`]((?:${areas})\\.[\\w.]+)['"\`]`, 'g'))) {
        if (typeof at(de, key) === 'string' && at(first, key) === undefined) missing.push(`${file}: ${key}`);
      }
      // a key built at run time (`messages.creditorStatus.${status}Info`): the whole part before it
      for (const [, prefix] of source.matchAll(new RegExp(`\`((?:${areas})(?:\\.\\w+)*)\\.\\$\\{`, 'g'))) {
        const part = at(de, prefix);
        if (part !== undefined && JSON.stringify(at(first, prefix)) !== JSON.stringify(part)) missing.push(`${file}: ${prefix}.*`);
      }
      const enumNames = [
        ...source.matchAll(/enumName="(\w+)"/g),
        ...source.matchAll(/enumLabel\(\s*\w+,\s*'(\w+)'/g),
      ].map((match) => match[1]);
      for (const name of enumNames) {
        if (JSON.stringify(at(first, `enums.${name}`)) !== JSON.stringify(at(de, `enums.${name}`))) missing.push(`${file}: enums.${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('leaves the areas of the other pages and the dialogs to the rest', () => {
    for (const area of ['entities', 'forms', 'commands', 'validation', 'actionTypes', 'history']) {
      expect(first[area], area).toBeUndefined();
    }
  });
});
