import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startPortal } from '../tests/browser/helpers/portal-server';
import { type BenchResult, valueResult } from './bench-kit';

/**
 * Issue 31: what 1,000 open live event streams (GET /api/events) cost one server process — its
 * resident memory (`/api/metrics`) and the voucher list's throughput (autocannon, the API bench's
 * request) without and with the streams — and how long one change takes to reach all of them.
 * The real server (`src/server/main.ts`, PGlite, demo data) on port 3462; the streams are opened by
 * this process with fetch, as the browser's client does, all as the demo creditor (the per-user cap
 * is raised for the run: EVENTS_MAX_STREAMS_PER_USER=1000).
 */
const PORT = Number(process.env.BENCH_LIVE_PORT ?? 3462);
const STREAMS = 1000;
const RUN_SECONDS = 8;
const RUNS = 3;
const CONNECTIONS = 10;
const LIST = '/api/voucher/list?page=1&rowsPerPage=15&sortBy=uploaded&sortDesc=true&filters[status][]=open';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** CPU time (user + system) a process has used, in ms: fields 14 and 15 of /proc/<pid>/stat, in clock ticks of 10 ms. */
const cpuMsOf = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

export async function run(): Promise<BenchResult[]> {
  Object.assign(process.env, { METRICS_TOKEN: 'bench-live', EVENTS_MAX_STREAMS_PER_USER: String(STREAMS) });
  const loadAtStart = loadavg()[0].toFixed(1);
  const portal = await startPortal(PORT);
  const base = `http://127.0.0.1:${PORT}`;
  const aborts: AbortController[] = [];
  try {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'creditor@example.com', password: 'Demo1234!' }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    /** resident memory and V8's used heap of the server process, in MB (its Prometheus metrics) */
    const memory = async () => {
      const text = await (
        await fetch(`${base}/api/metrics`, { headers: { authorization: 'Bearer bench-live' } })
      ).text();
      const mb = (name: string) =>
        Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN) / 1024 / 1024;
      return {
        rss: mb('kontor_process_resident_memory_bytes'),
        heap: mb('kontor_nodejs_heap_size_used_bytes'),
      };
    };
    /**
     * The list under load: requests per second (what the issue names; swings with the other work on
     * the machine) and the server process's CPU time per request (what bounds its throughput on
     * these 2 cores, and what the load of others hardly moves), medians of the runs.
     */
    const cpuPerRequest: Record<string, number[]> = { without: [], with: [] };
    const throughput = async (withStreams: boolean) => {
      const rates: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const cpuBefore = cpuMsOf(portal.pid);
        const result = await autocannon({
          url: `${base}${LIST}`,
          connections: CONNECTIONS,
          duration: RUN_SECONDS,
          headers: auth,
        });
        if (result.non2xx + result.errors > 0)
          throw new Error(`voucher list failed ${result.non2xx + result.errors} times`);
        rates.push(result.requests.total / result.duration);
        cpuPerRequest[withStreams ? 'with' : 'without'].push(
          (cpuMsOf(portal.pid) - cpuBefore) / result.requests.total,
        );
      }
      return median(rates);
    };

    await autocannon({ url: `${base}${LIST}`, connections: CONNECTIONS, duration: 4, headers: auth }); // warm-up
    const rateBefore = await throughput(false);
    await sleep(1000);
    const before = await memory();

    // 1,000 streams, each read to the end of every event as a browser tab does
    const arrivals: Promise<number>[] = [];
    let changeSent = 0;
    const opened = await Promise.all(
      Array.from({ length: STREAMS }, async () => {
        const abort = new AbortController();
        aborts.push(abort);
        const response = await fetch(`${base}/api/events`, { headers: auth, signal: abort.signal });
        if (!response.ok || !response.body) return false;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        arrivals.push(
          (async () => {
            for (;;) {
              const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
              if (done) return Number.NaN;
              // better-sse writes fields without a space: `event:change`
              if (value && /^event: ?change$/m.test(value) && changeSent)
                return performance.now() - changeSent;
            }
          })(),
        );
        return true;
      }),
    );
    const open = opened.filter(Boolean).length;
    await sleep(3000);
    const withStreams = await memory();
    const rateWith = await throughput(true);

    // one change (a creditor's command) to all 1,000 streams
    // (a refused command announces nothing: the first debtor that may be deactivated is the change)
    const list = (await (
      await fetch(`${base}/api/debtor/list?page=1&rowsPerPage=100`, { headers: auth })
    ).json()) as Record<string, unknown>;
    const rows = (Object.values(list).find(Array.isArray) ?? []) as { id: number }[];
    let changed = false;
    changeSent = performance.now();
    for (const row of rows) {
      if ((await fetch(`${base}/api/debtor/${row.id}/deactivate`, { headers: auth })).ok) {
        changed = true;
        break;
      }
      changeSent = performance.now();
    }
    const times = (await Promise.race([Promise.all(arrivals), sleep(10_000).then(() => [])])).filter(
      (t) => !Number.isNaN(t),
    );
    const changeNote = changed
      ? `${times.length} of ${open} streams received it`
      : 'no debtor could be deactivated';

    // the streams closed, the list again: the machine's drift between the runs shows
    for (const abort of aborts) abort.abort();
    await sleep(2000);
    const rateAfter = await throughput(false);
    const baseline = (rateBefore + rateAfter) / 2;
    const load = `load average at the start ${loadAtStart}, at the end ${loadavg()[0].toFixed(1)}`;
    return [
      valueResult(`live events: ${open} of ${STREAMS} streams open on one process`, `${open}`, load),
      valueResult(
        'memory without streams (resident / V8 heap used)',
        `${before.rss.toFixed(1)} / ${before.heap.toFixed(1)} MB`,
      ),
      valueResult(
        `memory with ${open} streams (resident / V8 heap used)`,
        `${withStreams.rss.toFixed(1)} / ${withStreams.heap.toFixed(1)} MB`,
        `${signed(withStreams.rss - before.rss)} / ${signed(withStreams.heap - before.heap)} MB (aim ≤ 100 MB)`,
      ),
      valueResult(
        `voucher list without streams (${CONNECTIONS} connections, median of ${RUNS} × ${RUN_SECONDS} s), before / after`,
        `${rateBefore.toFixed(0)} / ${rateAfter.toFixed(0)} req/s`,
      ),
      valueResult(
        `voucher list with ${open} streams open`,
        `${rateWith.toFixed(0)} req/s`,
        `${((rateWith / baseline - 1) * 100).toFixed(1)} % against the mean of before and after (aim within 10 %)`,
      ),
      valueResult(
        'server CPU per voucher-list request without / with the streams (median of the runs)',
        `${median(cpuPerRequest.without).toFixed(2)} / ${median(cpuPerRequest.with).toFixed(2)} ms`,
        `${((median(cpuPerRequest.with) / median(cpuPerRequest.without) - 1) * 100).toFixed(1)} % (aim within 10 %: the throughput of a CPU-bound server is its cores over this)`,
      ),
      valueResult(
        `one command's change at all ${open} streams (p50 / max)`,
        times.length ? `${median(times).toFixed(0)} / ${Math.max(...times).toFixed(0)} ms` : '–',
        changeNote,
      ),
    ];
  } finally {
    for (const abort of aborts) abort.abort();
    await portal.stop();
  }
}

/** A difference with its sign: +1.5, −19.0 (a shrinking heap printed as "+-19.0" before). */
const signed = (value: number) => `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(1)}`;

/** What the figures can and cannot say, under the table in RESULTS.md. */
export function report(): string {
  return [
    'The load average at the start is in the first row: the figures of a busy machine read as such.',
    "The memory aim holds: 1,000 idle streams cost ~25–30 MB of V8 heap (~30 KB each: better-sse's session,",
    "the socket, the request kept for the heartbeat's re-check); the resident size hardly moves because the",
    'heap grows into pages the process already holds. Requests per second cannot show the 10 % here: the',
    "list's rate without streams moved by more than that between the runs before and after (the before / after row).",
    "The server's CPU per request can (what bounds the throughput of a CPU-bound server on",
    "these cores; the others' load hardly moves it): on 2026-11-27 it was **+31.7 %** with 1,000 streams",
    'while every heartbeat re-ran the full authentication of every stream (a session read and a signature',
    'check each: 1,000 reads per beat), **+16.2 %** with the sessions read in one statement per beat, and',
    '**+1.4 %** (5.91 / 5.99 ms) once the beat checks the unchanged token for expiry only — within the 10 %.',
  ].join('\n');
}
