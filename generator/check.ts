import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Lists the paths where `outDir` differs from what the generator would write. */
export function compareFiles(outDir: string, files: Map<string, string>): string[] {
  const stale: string[] = [];
  for (const [path, text] of files) {
    let current: string | undefined;
    try {
      current = readFileSync(join(outDir, path), 'utf8');
    } catch {}
    if (current !== text) stale.push(`${current === undefined ? 'missing' : 'changed'}: ${path}`);
  }
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  for (const abs of walk(outDir)) {
    const path = relative(outDir, abs).split('\\').join('/');
    if (!files.has(path)) stale.push(`not generated any more: ${path}`);
  }
  return stale;
}
