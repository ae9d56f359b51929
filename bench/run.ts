import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { BenchResult } from './bench-kit';

/**
 * `npm run bench [-- <filter>]`: runs every `bench/*.bench.ts` (each exports `run()`, and may export
 * `report()`: markdown appended to its section), prints the results and writes them with machine
 * and date to `bench/RESULTS.md`. Add a benchmark by adding such a file; a filter runs only files
 * whose name contains it and replaces only their sections of RESULTS.md (the others are kept).
 */
const dir = new URL('./', import.meta.url);
const filter = process.argv[2];
const benchFiles = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts') && (!filter || name.includes(filter)))
  .sort();

const sections: { file: string; results: BenchResult[]; extra: string }[] = [];
for (const file of benchFiles) {
  const module = (await import(new URL(file, dir).href)) as {
    run?: () => Promise<BenchResult[]>;
    report?: () => string;
  };
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
  const extra = module.report?.() ?? '';
  if (extra) console.log(`\n${extra}`);
  sections.push({ file, results, extra });
}

// a filtered run keeps the sections of the files it did not run
const kept = new Map<string, string>();
const resultsFile = new URL('RESULTS.md', dir);
if (filter && existsSync(resultsFile)) {
  for (const part of readFileSync(resultsFile, 'utf8').split(/^(?=## )/m).slice(1)) {
    kept.set(part.slice(3, part.indexOf('\n')).trim(), part.trimEnd());
  }
}

{
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
  for (const section of sections) kept.delete(section.file);
  const ordered = [...sections.map((section) => section.file), ...kept.keys()].sort();
  for (const file of ordered) {
    const section = sections.find((s) => s.file === file);
    if (!section) {
      lines.push(kept.get(file)!, '');
      continue;
    }
    const { results, extra } = section;
    lines.push(`## ${file}`, '', '| Benchmark | Rate | Mean | Note |', '|---|---:|---:|---|');
    for (const r of results) {
      lines.push(
        r.value !== undefined
          ? `| ${r.name} | ${r.value} | | ${r.note ?? ''} |`
          : `| ${r.name} | ${r.perSecond.toFixed(1)} ${r.unit}/s | ${r.meanMs.toFixed(3)} ms | ${r.note ?? ''} |`,
      );
    }
    lines.push('');
    if (extra) lines.push(extra, '');
  }
  // building the benchmark databases measures nothing, a partial run (CSV only) too little: RESULTS.md stays as it is
  if (process.env.KONTOR_BENCH_PREPARE_ONLY === '1') console.log('\nprepared only: bench/RESULTS.md left unchanged');
  else if (process.env.KONTOR_BENCH_ONLY) console.log('\npartial run (KONTOR_BENCH_ONLY): bench/RESULTS.md left unchanged');
  else {
    writeFileSync(resultsFile, lines.join('\n'));
    console.log('\nwritten to bench/RESULTS.md');
  }
}
