import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { baseChunkOf } from './base-chunks';
import { type ModuleRecord, moduleRecord, type OxcModule, usedModules } from './used-modules';

/**
 * A little package world: `app` imports `{ Card }` from the barrel `ui`, which re-exports every
 * component (`export { default as X } from …` and `export * from …`); `Card` imports `Paper`, and
 * `Tabs` (which nobody asks for) imports `Popper`.
 */
const SOURCES: Record<string, { code: string; exports: string[] }> = {
  app: { code: `import { Card, styled } from "ui"; import "./polyfill"; export const App = () => [Card, styled];`, exports: ['App'] },
  './polyfill': { code: 'globalThis.x = 1;', exports: [] },
  ui: {
    code: `export { default as Card } from "./Card"; export { default as Tabs } from "./Tabs"; export * from "./styles";`,
    exports: ['Card', 'Tabs', '*'],
  },
  './Card': { code: `import Paper from "./Paper"; export default function Card() { return Paper; }`, exports: ['default'] },
  './Paper': { code: 'export default function Paper() {}', exports: ['default'] },
  './Tabs': { code: `import Popper from "./Popper"; export default function Tabs() { return Popper; }`, exports: ['default'] },
  './Popper': { code: 'export default function Popper() {}', exports: ['default'] },
  './styles': { code: `export * from "./styled"; export * from "./theme";`, exports: ['*'] },
  './styled': { code: `import * as all from "./theme"; export { all }; export const styled = () => 1;`, exports: ['all', 'styled'] },
  './theme': { code: 'export const theme = {};', exports: ['theme'] },
  cjs: { code: `const a = require("./Tabs"); module.exports = a;`, exports: [] },
};

const record = (id: string): ModuleRecord | undefined => {
  const source = SOURCES[id];
  if (!source) return undefined;
  const module = parseSync(`${id}.js`, source.code, { lang: 'js' }).module as OxcModule;
  const requests = [
    ...module.staticImports.map((declaration) => declaration.moduleRequest),
    ...module.staticExports.flatMap((declaration) => declaration.entries.flatMap((entry) => entry.moduleRequest ?? [])),
  ].sort((a, b) => a.start - b.start);
  // as rolldown gives them: in order of first appearance (a `require` counts too)
  const importedIds = id === 'cjs' ? ['./Tabs'] : [...new Set(requests.map((request) => request.value))];
  return moduleRecord({ importedIds, exports: source.exports }, module);
};

describe('usedModules', () => {
  it('follows an import through a barrel to the module that declares the name, and no further', () => {
    expect([...usedModules(['app'], record)].sort()).toEqual(['./Card', './Paper', './polyfill', './styled', 'app']);
  });

  it('follows `export *` to the module that has the name, and a re-exported namespace only when asked for', () => {
    const asked = (code: string) => {
      SOURCES.probe = { code, exports: [] };
      return [...usedModules(['probe'], record)].sort();
    };
    expect(asked(`import { theme } from "ui";`)).toEqual(['./theme', 'probe']);
    expect(asked(`import { all } from "ui";`)).toEqual(['./theme', 'probe']);
    expect(asked(`import { nothing } from "ui";`)).toEqual(['probe']);
    expect(asked(`import * as everything from "ui";`)).toEqual(
      ['./Card', './Paper', './Popper', './Tabs', './styled', './styles', './theme', 'probe', 'ui'].sort(),
    );
  });

  it('takes everything a CommonJS module requires', () => {
    expect([...usedModules(['cjs'], record)].sort()).toEqual(['./Popper', './Tabs', 'cjs']);
  });

  it('counts a module whose imports it cannot match to rolldown’s as CommonJS (everything used)', () => {
    const module = parseSync('m.js', `import { a } from "./a";`, { lang: 'js' }).module as OxcModule;
    expect(moduleRecord({ importedIds: ['./a', './extra'], exports: [] }, module).esm).toBeUndefined();
    expect(moduleRecord({ importedIds: ['./a', '\0vite/preload-helper.js'], exports: [] }, module).esm).toBeDefined();
  });
});

describe('baseChunkOf', () => {
  const graphs = {
    roots: new Set(['/r/src/client/App.tsx']),
    login: new Set(['/r/node_modules/react/index.js', '/r/node_modules/@mui/material/Card/Card.mjs', '/r/src/client/auth/session.ts']),
    portal: new Set([
      '/r/src/client/App.tsx',
      '/r/node_modules/react/index.js',
      '/r/node_modules/@mui/material/Card/Card.mjs',
      '/r/src/client/auth/session.ts',
      '/r/node_modules/ra-core/dist/index.js',
      '/r/src/client/data/data-provider.ts',
      '/r/node_modules/@mui/material/Accordion/Accordion.mjs',
    ]),
    layout: new Set(['/r/src/client/layout/Menu.tsx']),
  };
  it.each([
    ['/r/src/client/App.tsx', undefined],
    ['/r/node_modules/react/index.js', 'base-react'],
    ['/r/node_modules/@mui/material/Card/Card.mjs', 'base-shared'],
    ['/r/src/client/auth/session.ts', 'base-shared'],
    ['/r/node_modules/ra-core/dist/index.js', 'base-vendor'],
    ['/r/src/client/data/data-provider.ts', 'base-app'],
    ['/r/src/client/layout/Menu.tsx', 'base-layout'],
    ['/r/node_modules/@mui/material/Accordion/Accordion.mjs', undefined],
    ['/r/src/client/pages/SettingsPage.tsx', undefined],
  ])('%s → %s', (id, chunk) => {
    expect(baseChunkOf(id, graphs)).toBe(chunk);
  });
});
