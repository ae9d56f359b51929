import { resolve } from 'node:path';
import { generate } from './generate';
import { GeneratorError, loadTree } from './load';
import { writeFiles } from './write';

/** `npm run generate [-- --check]`: regenerates `generated/`; with --check only reports staleness. */
const root = resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');
try {
  const files = await generate(loadTree(root));
  if (check) {
    const { compareFiles } = await import('./check');
    const stale = compareFiles(resolve(root, 'generated'), files);
    if (stale.length) {
      console.error(`generated/ is stale — run npm run generate:\n  ${stale.join('\n  ')}`);
      process.exit(1);
    }
    console.log(`generated/ is up to date (${files.size} files)`);
  } else {
    const { written, removed } = writeFiles(resolve(root, 'generated'), files);
    console.log(`generated/: ${files.size} files, ${written.length} written, ${removed.length} removed`);
  }
} catch (error) {
  if (error instanceof GeneratorError) {
    console.error(error.problems.join('\n'));
    console.error(`\n${error.problems.length} problem(s); nothing was written.`);
    process.exit(1);
  }
  throw error;
}
