/** Where a model run spends its time (KONTOR_MODEL_PROFILE=1 prints it at the end). */
export const spent: Record<string, { ms: number; n: number; max: number }> = {};
export async function timed<T>(what: string, run: () => Promise<T>): Promise<T> {
  if (!process.env.KONTOR_MODEL_PROFILE) return run();
  const start = performance.now();
  try {
    return await run();
  } finally {
    spent[what] ??= { ms: 0, n: 0, max: 0 };
    const entry = spent[what];
    const ms = performance.now() - start;
    entry.ms += ms;
    entry.max = Math.max(entry.max, ms);
    entry.n++;
  }
}
