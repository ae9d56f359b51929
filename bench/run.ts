import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { BenchResult } from './bench-kit';

/**
 * `npm run bench [-- <filter>]`: runs every `bench/*.bench.ts` (each exports `run()`), prints the
 * results and writes them with machine and date to `bench/RESULTS.md`. Add a benchmark by adding
 * such a file; a filter runs only files whose name contains it and replaces only their sections of
 * RESULTS.md (noted with the date of that run), keeping the others.
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

/** One file's section of RESULTS.md: its table, and the date when it ran apart from the others. */
const sectionLines = ({ file, results }: { file: string; results: BenchResult[] }, alone: boolean): string[] => {
  const lines = [`## ${file}`, ''];
  if (alone) lines.push(`Run alone on ${new Date().toISOString().slice(0, 10)} (\`npm run bench -- ${filter}\`).`, '');
  lines.push('| Benchmark | Rate | Mean | Note |', '|---|---:|---:|---|');
  for (const r of results) {
    lines.push(
      r.value !== undefined
        ? `| ${r.name} | ${r.value} | | ${r.note ?? ''} |`
        : `| ${r.name} | ${r.perSecond.toFixed(1)} ${r.unit}/s | ${r.meanMs.toFixed(3)} ms | ${r.note ?? ''} |`,
    );
  }
  lines.push('');
  return lines;
};

const resultsFile = new URL('RESULTS.md', dir);
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
  for (const section of sections) lines.push(...sectionLines(section, false));
  writeFileSync(resultsFile, lines.join('\n'));
  console.log('\nwritten to bench/RESULTS.md');
} else if (existsSync(resultsFile) && sections.length > 0) {
  // replace the sections of the files that ran, keep every other one
  let text = readFileSync(resultsFile, 'utf8');
  for (const section of sections) {
    const block = sectionLines(section, true).join('\n');
    const start = text.indexOf(`## ${section.file}\n`);
    if (start < 0) text = `${text.trimEnd()}\n\n${block}`;
    else {
      const next = text.indexOf('\n## ', start + 1);
      text = `${text.slice(0, start)}${block}${next < 0 ? '' : text.slice(next + 1)}`;
    }
  }
  writeFileSync(resultsFile, text.endsWith('\n') ? text : `${text}\n`);
  console.log(`\n${sections.map((section) => section.file).join(', ')} replaced in bench/RESULTS.md`);
}
