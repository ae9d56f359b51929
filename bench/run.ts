import { readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { BenchResult } from './bench-kit';

/**
 * `npm run bench [-- <filter>]`: runs every `bench/*.bench.ts` (each exports `run()`), prints the
 * results and writes them with machine and date to `bench/RESULTS.md`. Add a benchmark by adding
 * such a file; a filter runs only files whose name contains it (and then leaves RESULTS.md alone).
 */
const dir = new URL('./', import.meta.url);
const filter = process.argv[2];
const benchFiles = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts') && (!filter || name.includes(filter)))
  .sort();

const sections: { file: string; results: BenchResult[] }[] = [];
for (const file of benchFiles) {
  const module = (await import(new URL(file, dir).href)) as { run?: () => Promise<BenchResult[]> };
  if (typeof module.run !== 'function') throw new Error(`${file} does not export run()`);
  console.log(`\n${file}`);
  const results = await module.run();
  for (const r of results) {
    console.log(
      r.value !== undefined
        ? `  ${r.name}: ${r.value}${r.note ? ` (${r.note})` : ''}`
        : `  ${r.name}: ${r.perSecond.toFixed(1)} ${r.unit}/s (${r.meanMs.toFixed(3)} ms each${r.note ? `; ${r.note}` : ''})`,
    );
  }
  sections.push({ file, results });
}

if (!filter) {
  const cpu = os.cpus()[0];
  const lines = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run.ts); do not edit by hand. Every benchmark runs on the',
    'main thread of one Node process, so the rates are for one core.',
    '',
    `- Date: ${new Date().toISOString().slice(0, 10)}`,
    `- Machine: ${cpu?.model.trim() ?? 'unknown CPU'}, ${os.cpus().length} logical cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM`,
    `- System: ${os.type()} ${os.release()} (${os.arch()}), Node ${process.version}`,
    '',
  ];
  for (const { file, results } of sections) {
    lines.push(`## ${file}`, '', '| Benchmark | Rate | Mean | Note |', '|---|---:|---:|---|');
    for (const r of results) {
      lines.push(
        r.value !== undefined
          ? `| ${r.name} | ${r.value} | | ${r.note ?? ''} |`
          : `| ${r.name} | ${r.perSecond.toFixed(1)} ${r.unit}/s | ${r.meanMs.toFixed(3)} ms | ${r.note ?? ''} |`,
      );
    }
    lines.push('');
  }
  writeFileSync(new URL('RESULTS.md', dir), lines.join('\n'));
  console.log('\nwritten to bench/RESULTS.md');
}
