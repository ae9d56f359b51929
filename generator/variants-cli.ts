import { resolve } from 'node:path';
import { compareProducts, formatComparisonValue } from '../src/shared/variant-comparison';
import { buildVariantComparison } from './emit/variant-comparison';
import { GeneratorError, loadTree } from './load';
import { normalizeTree } from './normalize';
import { validateTree } from './validate';

/**
 * `npm run variants -- diff SMAFA TPF [--all]`: the products side by side in the terminal — every
 * row where they differ (all rows with --all), each value with the YAML line it comes from.
 * `npm run variants -- list` names the products. Reads the YAML itself, so it needs no regenerate.
 */
const root = resolve(import.meta.dirname, '..');
const [command = 'diff', ...rest] = process.argv.slice(2);
const all = rest.includes('--all');
const codes = rest.filter((arg) => !arg.startsWith('--')).map((code) => code.toUpperCase());

try {
  const tree = loadTree(root);
  validateTree(tree);
  const comparison = buildVariantComparison(normalizeTree(tree), tree);
  const known = comparison.products.map((p) => p.code);
  if (command === 'list') {
    for (const p of comparison.products) console.log(`${p.code.padEnd(6)} ${p.productName} (${p.source})`);
    process.exit(0);
  }
  if (command !== 'diff') fail(`Unbekannter Befehl „${command}“. Aufruf: npm run variants -- diff SMAFA TPF [--all] | list`);
  const chosen = codes.length ? codes : known;
  const unknown = chosen.filter((code) => !known.includes(code));
  if (unknown.length) fail(`Unbekannte Produkte: ${unknown.join(', ')} (bekannt: ${known.join(', ')})`);
  if (chosen.length < 2) fail('Bitte mindestens zwei Produkte nennen, z. B. npm run variants -- diff SMAFA TPF');

  const rows = compareProducts(comparison, chosen, all);
  const width = Math.min(60, Math.max(20, ...rows.map((r) => r.label.length)));
  const cell = (row: (typeof rows)[number], code: string) => {
    const c = row.cells[code];
    const text = formatComparisonValue(c?.value);
    return c?.origin === 'variant' ? `${text}  [${c.source}]` : `${text}  (Standard)`;
  };
  let section = '';
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section;
      console.log(`\n== ${section} ==`);
    }
    console.log(`${row.label.length > width ? `${row.label.slice(0, width - 1)}…` : row.label.padEnd(width)}  ${row.key}`);
    for (const code of chosen) console.log(`  ${code.padEnd(6)} ${cell(row, code)}`);
  }
  console.log(`\n${rows.length} ${all ? 'Zeilen' : 'Unterschiede'} zwischen ${chosen.join(', ')}.`);
} catch (error) {
  if (error instanceof GeneratorError) fail(`${error.problems.join('\n')}\n\nDie YAML-Dateien enthalten Fehler (siehe oben).`);
  throw error;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
