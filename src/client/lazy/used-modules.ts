/**
 * Which modules a set of entry modules really runs, export by export — what the bundler keeps after
 * tree-shaking — for the base chunks (base-chunks.ts). Following every static import is not enough:
 * a barrel such as `@mui/material` or `react-admin` imports every module of its package, so the
 * plain import graph of the login page would hold all of MUI and react-admin. Here an import of
 * `{ Card }` from a barrel follows only the re-export that gives `Card`.
 *
 * Where it cannot tell (CommonJS, a module whose imports it cannot match), it takes everything the
 * module imports; where a binding is only re-exported, it follows it only when asked for. A module it
 * leaves out falls back to rolldown's automatic chunks, so a miss costs size, never correctness.
 */

/** A name asked of a module: an export's name, `default`, `*` for all of them, or `''` for its side effects only. */
type Wanted = string;
const ALL = '*';
const SIDE_EFFECTS = '';

/** What the analysis knows of one module. */
export interface ModuleRecord {
  /** the modules it imports statically (rolldown's `importedIds`) */
  imports: readonly string[];
  /** the names it exports (rolldown's `exports`: `*` stands for the names of its `export *`) */
  exports: readonly string[];
  /** its ES module syntax; `undefined` (CommonJS, or imports not matched): all it imports counts as used */
  esm?: {
    /** its own import declarations: the imported module (an index into `imports`) and the names used */
    imports: { from: number; names: Wanted[] }[];
    /** `export { a as b } from …` and re-exported imports: what `exported` asks of which module */
    reexports: { exported: string; from: number; imported: Wanted }[];
    /** `export * from …` */
    stars: number[];
    /** the names it declares and exports itself */
    locals: ReadonlySet<string>;
  };
}

/** The parts of oxc's module record (`parseSync(…).module`) that `moduleRecord` reads. */
interface OxcName {
  kind: string;
  name: string | null;
}
export interface OxcModule {
  hasModuleSyntax: boolean;
  staticImports: {
    moduleRequest: { value: string; start: number };
    entries: { importName: OxcName; localName: { value: string }; isType: boolean }[];
  }[];
  staticExports: {
    entries: {
      moduleRequest: { value: string; start: number } | null;
      importName: OxcName;
      exportName: OxcName;
      localName: OxcName;
      isType: boolean;
    }[];
  }[];
}

const nameOf = ({ kind, name }: OxcName): Wanted =>
  kind === 'Default' ? 'default' : kind === 'Name' && name !== null ? name : ALL;

/**
 * A module's record from rolldown's module info and oxc's module record of its (transformed) code.
 * The import declarations are matched to `importedIds` by order of first appearance; when they do
 * not match (a `require`, a helper the build added in between), the module counts as CommonJS.
 */
export function moduleRecord(
  info: { importedIds: readonly string[]; exports: readonly string[] },
  module: OxcModule | undefined,
): ModuleRecord {
  const record: ModuleRecord = { imports: info.importedIds, exports: info.exports };
  if (!module?.hasModuleSyntax) return record;
  const requests = [
    ...module.staticImports.map((declaration) => declaration.moduleRequest),
    ...module.staticExports.flatMap((declaration) =>
      declaration.entries.flatMap((entry) => (entry.moduleRequest ? [entry.moduleRequest] : [])),
    ),
  ].sort((a, b) => a.start - b.start);
  const sources = [...new Set(requests.map((request) => request.value))];
  // the build appends its own helpers (vite's preload helper) after the module's imports
  if (info.importedIds.length < sources.length || info.importedIds.slice(sources.length).some((id) => !id.startsWith('\0')))
    return record;
  const from = (source: string) => sources.indexOf(source);
  // an imported binding exported again (`import * as x from …; export { x }`, `import { a } …; export { a }`)
  // is a re-export: followed only when asked for
  const imported = new Map<string, { from: number; name: Wanted }>();
  for (const declaration of module.staticImports)
    for (const entry of declaration.entries)
      imported.set(entry.localName.value, { from: from(declaration.moduleRequest.value), name: nameOf(entry.importName) });
  const reexported = new Set<string>();
  const reexports: NonNullable<ModuleRecord['esm']>['reexports'] = [];
  const stars: number[] = [];
  const locals = new Set<string>();
  for (const entry of module.staticExports.flatMap((declaration) => declaration.entries)) {
    if (entry.isType) continue;
    const exported = entry.exportName.kind === 'None' ? undefined : nameOf(entry.exportName);
    const binding = entry.moduleRequest ? undefined : imported.get(entry.localName.name ?? '');
    if (binding && exported !== undefined) {
      reexported.add(entry.localName.name ?? '');
      reexports.push({ exported, from: binding.from, imported: binding.name });
    } else if (!entry.moduleRequest) {
      if (exported !== undefined) locals.add(exported);
    } else if (exported === undefined) stars.push(from(entry.moduleRequest.value));
    else {
      reexports.push({ exported, from: from(entry.moduleRequest.value), imported: nameOf(entry.importName) });
      reexported.add(`${entry.moduleRequest.start}:${nameOf(entry.importName)}`);
    }
  }
  const imports = module.staticImports.map((declaration) => ({
    from: from(declaration.moduleRequest.value),
    names: declaration.entries
      .filter(
        (entry) =>
          !entry.isType &&
          !reexported.has(entry.localName.value) &&
          !reexported.has(`${declaration.moduleRequest.start}:${nameOf(entry.importName)}`),
      )
      .map((entry) => nameOf(entry.importName)),
    bare: declaration.entries.length === 0,
  }));
  return {
    ...record,
    esm: {
      imports: imports.map(({ from: index, names, bare }) => ({ from: index, names: bare ? [SIDE_EFFECTS] : names })),
      reexports,
      stars,
      locals,
    },
  };
}

/**
 * The modules whose code the given entry modules need (their whole exports), following each import
 * to the module that declares the imported name.
 *
 * @example usedModules(['/repo/src/client/main.tsx'], (id) => records.get(id))
 */
export function usedModules(roots: readonly string[], recordOf: (id: string) => ModuleRecord | undefined): Set<string> {
  const used = new Set<string>();
  const asked = new Map<string, Set<Wanted>>();
  const queue: [string, Wanted][] = [];
  const ask = (id: string | undefined, name: Wanted) => {
    if (id === undefined) return;
    const names = asked.get(id) ?? new Set<Wanted>();
    if (names.has(name) || names.has(ALL)) return;
    names.add(name);
    asked.set(id, names);
    queue.push([id, name]);
  };
  // whether a module exports a name: rolldown lists an `export *` as `*`, so those are followed
  const known = new Map<string, boolean>();
  const provides = (id: string | undefined, name: Wanted): boolean => {
    const record = id === undefined ? undefined : recordOf(id);
    if (!record || id === undefined) return false;
    if (record.exports.includes(name) || !record.esm) return true;
    const key = `${id}\n${name}`;
    if (!known.has(key)) {
      known.set(key, false); // a cycle of stars provides nothing new
      known.set(key, record.esm.stars.some((star) => provides(record.imports[star], name)));
    }
    return known.get(key) ?? false;
  };
  const run = (id: string, record: ModuleRecord) => {
    if (used.has(id)) return;
    used.add(id);
    if (!record.esm) for (const imported of record.imports) ask(imported, ALL);
    else
      for (const declaration of record.esm.imports)
        for (const name of declaration.names) ask(record.imports[declaration.from], name);
  };
  for (const root of roots) ask(root, ALL);
  for (let next = queue.pop(); next; next = queue.pop()) {
    const [id, name] = next;
    const record = recordOf(id);
    if (!record) continue;
    const { esm } = record;
    if (!esm || name === SIDE_EFFECTS || esm.locals.has(name)) {
      run(id, record);
      continue;
    }
    if (name === ALL) {
      run(id, record);
      for (const reexport of esm.reexports) ask(record.imports[reexport.from], reexport.imported);
      for (const star of esm.stars) ask(record.imports[star], ALL);
      continue;
    }
    // a name the module does not export (asked through an `export *` that has it elsewhere) is not there
    if (!provides(id, name)) continue;
    const reexports = esm.reexports.filter((reexport) => reexport.exported === name);
    for (const reexport of reexports) ask(record.imports[reexport.from], reexport.imported);
    // through `export *`: to the module that has the name
    const stars = reexports.length > 0 ? [] : esm.stars.filter((star) => provides(record.imports[star], name));
    for (const star of stars) ask(record.imports[star], name);
    // not found where it should be: the whole module, to be safe
    if (reexports.length === 0 && stars.length === 0) run(id, record);
  }
  return used;
}
