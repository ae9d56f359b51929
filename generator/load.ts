import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';

/** The kinds of YAML file the generator reads, by folder. */
export type SourceKind =
  | 'entity'
  | 'enum'
  | 'resource'
  | 'form'
  | 'command'
  | 'texts'
  | 'permissions'
  | 'roles'
  | 'widgets'
  | 'validation'
  | 'variant';

/** One loaded YAML file: its parsed value plus what is needed to point at a line in it. */
export interface SourceFile {
  kind: SourceKind;
  /** path relative to the tree's root, with forward slashes, e.g. `schema/entities/debtor.yaml` */
  path: string;
  /** file name without `.yaml` */
  name: string;
  data: any;
  /** 1-based line of the node at a data path (nearest existing ancestor when the path is missing) */
  lineOf(path: (string | number)[]): number;
}

/** The whole input of the generator: every YAML file under `schema/` and `variants/`. */
export interface SourceTree {
  files: SourceFile[];
}

export class GeneratorError extends Error {
  constructor(public readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

const FOLDERS: [string, SourceKind][] = [
  ['schema/entities', 'entity'],
  ['schema/enums', 'enum'],
  ['schema/resources', 'resource'],
  ['schema/forms', 'form'],
  ['schema/commands', 'command'],
  ['schema/texts', 'texts'],
  ['variants', 'variant'],
];
const SINGLE_FILES: [string, SourceKind][] = [
  ['schema/permissions.yaml', 'permissions'],
  ['schema/roles.yaml', 'roles'],
  ['schema/widgets.yaml', 'widgets'],
  ['schema/validation.yaml', 'validation'],
];

/**
 * Phase 1 — load: reads every YAML file of a tree (sorted, so the order never depends on the disk).
 * Syntax errors are collected as `file:line: message` and thrown together.
 *
 * @example const tree = loadTree('/work/main'); // → { files: [{ kind: 'entity', path: 'schema/entities/debtor.yaml', … }] }
 */
export function loadTree(root: string): SourceTree {
  const files: SourceFile[] = [];
  const problems: string[] = [];
  const add = (abs: string, kind: SourceKind) => {
    const path = relative(root, abs).split('\\').join('/');
    const result = parseSource(readFileSync(abs, 'utf8'), path, kind);
    if ('problems' in result) problems.push(...result.problems);
    else files.push(result.file);
  };
  for (const [folder, kind] of FOLDERS) {
    const dir = join(root, folder);
    if (!exists(dir)) continue;
    for (const entry of readdirSync(dir).sort()) {
      if (entry.endsWith('.yaml')) add(join(dir, entry), kind);
      else if (entry.endsWith('.yml')) problems.push(`${folder}/${entry}:1: use the extension .yaml`);
    }
  }
  for (const [file, kind] of SINGLE_FILES) {
    const abs = join(root, file);
    if (exists(abs)) add(abs, kind);
  }
  if (problems.length) throw new GeneratorError(problems);
  return { files };
}

/** Parses one YAML text; exported for tests that feed text without a disk. */
export function parseSource(
  text: string,
  path: string,
  kind: SourceKind,
): { file: SourceFile } | { problems: string[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length) {
    return {
      problems: doc.errors.map((e) => `${path}:${lineCounter.linePos(e.pos[0]).line}: ${firstLine(e.message)}`),
    };
  }
  const name = path.split('/').pop()!.replace(/\.yaml$/, '');
  const lineOf = (dataPath: (string | number)[]): number => {
    let node: Node | null = doc.contents as Node | null;
    let best = node?.range ? node.range[0] : 0;
    for (const key of dataPath) {
      const next = childOf(node, key);
      if (!next) break;
      node = next;
      if (node.range) best = node.range[0];
    }
    return lineCounter.linePos(best).line;
  };
  return { file: { kind, path, name, data: doc.toJS() ?? {}, lineOf } };
}

function childOf(node: Node | null, key: string | number): Node | null {
  if (isMap(node)) {
    const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(key));
    if (!pair) return null;
    // Point at the key for scalar values (its own line), at the value otherwise.
    return (pair.value as Node | null) ?? (pair.key as Node);
  }
  if (isSeq(node) && typeof key === 'number') return (node.items[key] as Node) ?? null;
  return null;
}

function exists(p: string): boolean {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
}

const firstLine = (s: string) => s.split('\n')[0];
