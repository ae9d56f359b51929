/**
 * What a route's JavaScript consists of (bench/README.md, "The full run of 2026-11-28"): the gzip of
 * the chunks a page needs beside the portal's base (the build manifest, as client-and-uploads.bench.ts
 * counts them), each chunk's gzip split by the share of its minified bytes that its source map gives
 * each package or folder. Run after a build (`npx vite build`):
 *
 * @example node --import tsx bench/route-composition.ts src/client/pages/SettingsPage.tsx
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { chunkFiles, PORTAL_BASE } from '../tests/browser/helpers/js-weight';
const ROOT = process.cwd();
const base = PORTAL_BASE;
const page = process.argv[2] ?? 'src/client/pages/SettingsPage.tsx';
const extra = process.argv.slice(3);
const baseFiles = chunkFiles(base);
const files = chunkFiles([...base, page, 'virtual:kontor-portal-rest-catalogue', ...extra]);
const groupOf = (src: string) => {
  const m = src.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (src.includes('generated/')) return 'generated/' + src.split('generated/')[1].split('/')[0];
  if (src.includes('src/client/')) return 'src/client/' + src.split('src/client/')[1].split('/')[0];
  if (src.includes('src/shared')) return 'src/shared';
  return src.slice(-50);
};
const totals = new Map<string, number>();
let sum = 0,
  baseSum = 0;
for (const file of files) {
  const abs = path.join(ROOT, 'dist', file);
  const code = readFileSync(abs, 'utf8');
  const gz = gzipSync(code).length;
  sum += gz;
  if (baseFiles.has(file)) {
    baseSum += gz;
    continue;
  }
  let map: ConstructorParameters<typeof SourceMapConsumer>[0];
  try {
    map = JSON.parse(readFileSync(`${abs}.map`, 'utf8'));
  } catch {
    totals.set(`(no map) ${file}`, gz);
    continue;
  }
  const consumer = new SourceMapConsumer(map);
  const lines = code.split('\n');
  const bytes = new Map<string, number>();
  const mappings: { src: string; line: number; col: number }[] = [];
  consumer.eachMapping((m) => {
    mappings.push({ src: m.source ?? '(none)', line: m.generatedLine, col: m.generatedColumn });
  });
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i],
      n = mappings[i + 1];
    const len = n && n.line === m.line ? n.col - m.col : (lines[m.line - 1]?.length ?? 0) - m.col;
    bytes.set(groupOf(m.src), (bytes.get(groupOf(m.src)) ?? 0) + Math.max(0, len));
  }
  const all = [...bytes.values()].reduce((a, b) => a + b, 0) || 1;
  for (const [g, b] of bytes) totals.set(g, (totals.get(g) ?? 0) + (gz * b) / all);
}
console.log(
  `${page}: total ${(sum / 1024).toFixed(1)} KB gzip; base ${(baseSum / 1024).toFixed(1)} KB; rest by package:`,
);
for (const [g, b] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.log(`  ${(b / 1024).toFixed(1).padStart(6)} KB  ${g}`);
