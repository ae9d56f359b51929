import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * Phase 5 — write: makes `outDir` hold exactly `files`: changed files are written, unchanged ones
 * left alone (so timestamps stay), files no longer generated are removed. Returns what changed.
 */
export function writeFiles(outDir: string, files: Map<string, string>): { written: string[]; removed: string[] } {
  const written: string[] = [];
  const removed: string[] = [];
  for (const [path, text] of files) {
    const abs = join(outDir, path);
    let current: string | undefined;
    try {
      current = readFileSync(abs, 'utf8');
    } catch {}
    if (current !== text) {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, text);
      written.push(path);
    }
  }
  for (const abs of listFiles(outDir)) {
    const path = relative(outDir, abs).split('\\').join('/');
    if (!files.has(path)) {
      rmSync(abs);
      removed.push(path);
    }
  }
  return { written, removed };
}

function listFiles(dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}
