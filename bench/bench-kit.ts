import { readFileSync } from 'node:fs';

/**
 * What a benchmark file (`bench/<topic>.bench.ts`) exports: `run()` returning its measurements.
 * `bench/run.ts` imports every such file, prints the results and writes `bench/RESULTS.md`.
 *
 * @example
 * export async function run(): Promise<BenchResult[]> {
 *   return [measure('parse 1 KB JSON', 'docs', () => JSON.parse(text))];
 * }
 */
export interface BenchResult {
  /** what was measured */
  name: string;
  /** what one operation is, e.g. "docs" */
  unit: string;
  /** operations per second */
  perSecond: number;
  /** mean time of one operation in milliseconds */
  meanMs: number;
  operations: number;
  note?: string;
  /** a measurement that is no rate (bytes, a latency percentile): printed instead of rate and mean */
  value?: string;
}

/** USER_HZ: /proc's CPU times are in hundredths of a second on Linux. */
export const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process of this machine has used so far; 0 when it is gone or unreadable. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** A result that is a value, not a rate (e.g. `225.1 KB`). */
export function valueResult(name: string, value: string, note?: string): BenchResult {
  return { name, unit: '', perSecond: 0, meanMs: 0, operations: 1, value, note };
}

export interface MeasureOptions {
  /** measure for at least this long (default 2 s) */
  minMs?: number;
  /** untimed calls first, so the JIT has warmed up (default 20) */
  warmup?: number;
  note?: string;
}

/**
 * Calls `fn` repeatedly on the main thread (so on one core) for at least `minMs` and reports the
 * rate. `fn` receives the call number, e.g. to rotate through sample files.
 */
export function measure(
  name: string,
  unit: string,
  fn: (i: number) => unknown,
  options: MeasureOptions = {},
): BenchResult {
  const { minMs = 2000, warmup = 20 } = options;
  for (let i = 0; i < warmup; i++) fn(i);
  let operations = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    // check the clock every 10 calls only, so timing does not dominate fast operations
    for (let k = 0; k < 10; k++) fn(operations++);
    elapsed = performance.now() - start;
  }
  return {
    name,
    unit,
    perSecond: (operations / elapsed) * 1000,
    meanMs: elapsed / operations,
    operations,
    note: options.note,
  };
}
