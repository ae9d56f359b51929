import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A page that a module loads with `lazyPage`: its module (below the repository root) and the texts it waits for. */
export interface LazyPage {
  module: string;
  texts: string;
}

/**
 * The pages a module of the client loads with `lazyPage(() => import('…'), 'Name', { texts })`, read
 * from its source: which slice of the catalogue each waits for (`all` when it names none), so the
 * route budgets and the catalogue checks follow App.tsx instead of a second list.
 *
 * @example lazyPagesIn('src/client/App.tsx') // [{ module: 'src/client/pages/account/UpdatePasswordPage.tsx', texts: 'account' }, …]
 */
export function lazyPagesIn(file: string): LazyPage[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  const pages: LazyPage[] = [];
  for (const [, target, options] of source.matchAll(
    /lazyPage(?:<[^>]*>)?\(\s*\(\) => import\('([^']+)'\),\s*'\w+',?\s*(\{[^}]*\})?/g,
  )) {
    const base = path.join(path.dirname(file), target);
    const module = ['.tsx', '.ts']
      .map((ending) => base + ending)
      .find((candidate) => existsSync(path.join(ROOT, candidate)));
    if (!module) continue; // an example in a comment
    pages.push({
      module,
      texts:
        options?.match(/texts: '(\w+)'/)?.[1] ?? (options?.includes('firstPage: true') ? 'first' : 'all'),
    });
  }
  return pages;
}
