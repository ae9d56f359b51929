import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import de from '../../../generated/i18n/de.json';
import { lazyPagesIn } from '../../../tests/helpers/lazy-pages';
import { formFlows } from '../forms/form-flows';
import {
  CATALOGUE_SLICES,
  catalogueSlice,
  type FormPageTexts,
  formPageSlice,
  PORTAL_FORM_PAGES,
  sliceCatalogue,
} from './catalogue-slices';
import { mergeTrees } from './catalogue';

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

/**
 * The modules a module imports statically, transitively (relative `import … from` and
 * `export … from`, not `import type` and not `import()`: a lazy chunk waits for its own texts), as
 * paths below the repository root (the generated resource configs, enumerations and tables too).
 */
function staticImports(entry: string | string[], stop: (file: string) => boolean = () => false): string[] {
  const root = path.resolve(CLIENT, '../..');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || stop(path.relative(root, file))) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+'(\.[^']+)'/gms)) {
      const base = path.resolve(path.dirname(file), spec);
      const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find(
        (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
      );
      if (found) visit(found);
    }
  };
  for (const file of [entry].flat()) visit(path.join(CLIENT, file));
  return [...seen].map((file) => path.relative(root, file));
}

type Tree = Record<string, unknown>;
const at = (tree: Tree, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
const areas = Object.keys(de)
  .filter((key) => key !== '$comment')
  .join('|');

/** The keys that the given modules name and `texts` lacks (`file: key`). */
function missingKeys(texts: Tree, sources: (readonly [string, string])[]): string[] {
  const missing: string[] = [];
  for (const [file, source] of sources) {
    for (const [, key] of source.matchAll(new RegExp(`['"\`]((?:${areas})\\.[\\w.]+)['"\`]`, 'g'))) {
      if (typeof at(de, key) === 'string' && at(texts, key) === undefined) missing.push(`${file}: ${key}`);
    }
    // a key built at run time (`messages.creditorStatus.${status}Info`): the whole part before it
    for (const [, prefix] of source.matchAll(new RegExp(`\`((?:${areas})(?:\\.\\w+)*)\\.\\$\\{`, 'g'))) {
      const part = at(de, prefix);
      if (part !== undefined && !isDeepStrictEqual(at(texts, prefix), part))
        missing.push(`${file}: ${prefix}.*`);
    }
    const enumNames = [
      ...source.matchAll(/enumName="(\w+)"/g),
      ...source.matchAll(/enumLabel\(\s*\w+,\s*'(\w+)'/g),
    ].map((match) => match[1]);
    for (const name of enumNames) {
      if (!isDeepStrictEqual(at(texts, `enums.${name}`), at(de, `enums.${name}`)))
        missing.push(`${file}: enums.${name}`);
    }
  }
  return missing;
}

describe('the portal’s first-page catalogue (PORTAL_FIRST_PAGE)', () => {
  const first = sliceCatalogue(de, CATALOGUE_SLICES['virtual:kontor-portal-catalogue']);
  const sources = FIRST_PAGE_MODULES.map(
    (file) => [file, readFileSync(path.join(CLIENT, file), 'utf8')] as const,
  );

  it('has every text the first page’s modules name', () => {
    expect(missingKeys(first, sources)).toEqual([]);
  });

  it('leaves the areas of the other pages and the dialogs to the rest', () => {
    for (const area of ['entities', 'forms', 'commands', 'validation', 'actionTypes', 'history']) {
      expect(first[area], area).toBeUndefined();
    }
  });
});

describe('a resource list’s catalogue (PORTAL_LIST_PAGE)', () => {
  // what a list shows once its texts have come: the first page's and the list's slices
  const texts = mergeTrees(
    sliceCatalogue(de, CATALOGUE_SLICES['virtual:kontor-portal-catalogue']),
    catalogueSlice(de, 'virtual:kontor-portal-list-catalogue'),
  );
  // the list page and its detail panel (its own chunk, shown with the list's texts), with every
  // module they import statically: the generated resource configs (the keys each list, filter,
  // detail field and tab names), enumerations and the buttons' table among them
  const modules = staticImports(['resources/ResourceListPage.tsx', 'resources/ResourceDetail.tsx']);
  const root = path.resolve(CLIENT, '../..');
  const sources = modules.map((file) => [file, readFileSync(path.join(root, file), 'utf8')] as const);

  it('reads the list, the detail and the generated configs they show', () => {
    for (const module of [
      'src/client/resources/ResourceTable.tsx',
      'src/client/resources/DetailTabs.tsx',
      'src/client/pages/datev/DatevExportButton.tsx',
      'generated/resources/debtors.ts',
      'generated/enums.ts',
      'generated/action-table.ts',
    ]) {
      expect(modules).toContain(module);
    }
    // the dialogs are fetched when they open, and wait for every text
    expect(modules).not.toContain('src/client/resources/ActionDialog.tsx');
    expect(modules).not.toContain('src/client/pages/datev/DatevExportDialog.tsx');
  });

  it('has every text that the list’s and the detail’s modules name', () => {
    expect(missingKeys(texts, sources)).toEqual([]);
  });

  it('leaves the forms’ fields, the commands and the validation messages to the dialogs', () => {
    const list = catalogueSlice(de, 'virtual:kontor-portal-list-catalogue');
    for (const area of ['commands', 'validation.required', 'forms.createDebtor.fields', 'mail', 'account']) {
      expect(at(list, area), area).toBeUndefined();
    }
  });
});

/**
 * What a page that opens on a form shows, as source: every module it imports statically, but not
 * the tables of everything (the commands', the enumerations', the resources', the forms' index: the
 * page shows its own form and the commands its `generated/form-commands` module holds; the
 * enumerations of its choices come with the form, `formParts`), not the views of the form flows
 * of other forms (the ident check, the import preview, the e-invoice preview: `formFlows` names
 * none for the page's forms, checked below) and not the module that reads a form's path only.
 */
function formPageSources(module: string): { forms: string[]; sources: (readonly [string, string])[] } {
  const root = path.resolve(CLIENT, '../..');
  const TABLES = /^generated\/(commands\.ts|enums\.ts|forms\/index\.ts|resources\/)/;
  const FLOW_VIEWS = ['IdentCheckResult.tsx', 'StateOfAffairsImportPreview.tsx', 'EInvoicePreview.tsx'].map(
    (view) => `src/client/forms/${view}`,
  );
  // reads the password change's submit path only, to sign in again after it (no text)
  const PATH_ONLY = 'src/client/auth/password-changed.ts';
  const modules = staticImports(
    path.relative(CLIENT, path.join(root, module)),
    (file) => TABLES.test(file) || FLOW_VIEWS.includes(file) || file === PATH_ONLY,
  );
  const forms = modules
    .flatMap((file) => (file.startsWith('generated/forms/') ? [formsByModule(file)] : []))
    .flat();
  return {
    forms,
    sources: modules.map((file) => [file, readFileSync(path.join(root, file), 'utf8')] as const),
  };
}

/** The names of the forms a generated form module holds. */
const formsByModule = (file: string): string[] =>
  [...readFileSync(path.resolve(CLIENT, '../..', file), 'utf8').matchAll(/^ {2}"name": "(\w+)"/gm)].map(
    (match) => match[1],
  );

describe.each(Object.keys(PORTAL_FORM_PAGES) as FormPageTexts[])(
  'the catalogue of a page that opens on a form (%s)',
  (kind) => {
    // the pages App.tsx and the login page load with `{ texts: kind }`
    const pages = ['src/client/App.tsx', 'src/client/pages/LoginPage.tsx']
      .flatMap((file) => lazyPagesIn(file))
      .filter((page) => page.texts === kind)
      .map((page) => page.module);
    const texts = mergeTrees(
      sliceCatalogue(de, CATALOGUE_SLICES['virtual:kontor-portal-catalogue']),
      catalogueSlice(de, formPageSlice(kind)),
    );

    it('is what some page waits for', () => {
      expect(pages.length).toBeGreaterThan(0);
    });

    it.each(pages)('has every text that %s, its form and its form’s command name', (module) => {
      const { forms, sources } = formPageSources(module);
      expect(forms.length, 'the page’s own forms').toBeGreaterThan(0);
      for (const form of forms) expect(formFlows[form], form).toBeUndefined();
      expect(sources.map(([file]) => file)).toContain('src/client/forms/form-schema.ts');
      expect(missingKeys(texts, sources)).toEqual([]);
    });

    it('leaves the lists’ entities, the other forms and the other pages’ texts to the rest', () => {
      const slice = catalogueSlice(de, formPageSlice(kind));
      for (const area of [
        'entities',
        'enums.debtorStatus',
        'actionTypes',
        'history',
        'mail',
        'forms.createDebtor',
        'commands.createDebtor',
        'pages.settings',
      ]) {
        expect(at(slice, area), area).toBeUndefined();
      }
    });
  },
);
