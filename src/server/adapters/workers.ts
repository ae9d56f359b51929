import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AdapterLogger } from './adapter-logger';
import type { Adapters } from './index';
import { sendDueReminders } from '../domain/settings/reminder-digest';
import { dispatchMail } from './mail/mail-outbox';
import type { PublicUrls } from './mail/public-url';
import { processDueVouchers } from '../processing/processing-runner';
import { runWorkQueueBackOffice } from '../domain/work-queue';
import { runPermanentDebtSweep } from '../domain/permanent-debts';
import { expireDunningBlocks, runDunningSchedule } from '../domain/dunning';
import { rollServiceFeePeriods } from '../domain/admin/service-fee-period-sweep';
import { sweepIdempotencyKeys } from '../commands/idempotency';

/** The kinds of background work, in the order of a run (mail last, so a run's mails leave in it). */
export const WORKER_TASKS = [
  'bookings',
  'processing',
  'reminders',
  'dunningBlocks',
  'dunning',
  'permanentDebts',
  'workQueue',
  'serviceFeePeriods',
  'idempotencyKeys',
  'mail',
] as const;
export type WorkerTask = (typeof WORKER_TASKS)[number];

export interface WorkerOptions {
  db: Kysely<Database>;
  adapters: Adapters;
  /** pause between runs of a kind; default 5 s */
  intervalMs?: number;
  /** the clock every run reads once (tests move it) */
  now?: () => Date;
  log?: AdapterLogger;
  /** the public address every link in a mail starts with, one for all or per product (default: what `npm start` serves, see public-url.ts) */
  mailBaseUrl?: string | PublicUrls;
  /** only these kinds of work (tests of one kind); default all of {@link WORKER_TASKS} */
  tasks?: readonly WorkerTask[];
  /** wall time one run of a kind may take before it is asked to stop (its signal aborts); default 30 s */
  budgetMs?: number;
  /** a run still going this long after its budget counts as stalled: logged, waited for no longer; default 10 s */
  stallGraceMs?: number;
  /** how long `stop()` waits for runs in progress; default 8 s (the server stops within 10 s) */
  stopTimeoutMs?: number;
  /** the work itself (tests replace a kind with a failing or hanging one); default the real tasks */
  work?: Partial<Record<WorkerTask, TaskRunner>>;
}

/** One kind's run at a moment: its signal aborts when the budget is spent or the server stops; answers a log line. */
export type TaskRunner = (at: Date, signal: AbortSignal) => Promise<string | null>;

/** What the loop knows about a kind in this process (readiness, metrics). */
export interface TaskState {
  running: boolean;
  /** consecutive failed runs (0 after a good one) */
  failures: number;
  /** the run in progress went past its budget and grace */
  stalled: boolean;
  lastSuccessAt: Date | null;
  lastError: string | null;
  /** no run before this (back-off after failures) */
  nextRunAt: number;
}

export interface Workers {
  /** Asks every run to stop, waits for them at most `stopTimeoutMs`; does not close the adapters. */
  stop(): Promise<void>;
  /** One run now of every selected kind, in the order of WORKER_TASKS (each after its run in progress, if any). */
  runOnce(): Promise<void>;
  /** The state of each kind in this process. */
  state(): Record<WorkerTask, TaskState>;
}

/** The loops running in this process (normally one; the metrics and the readiness read them). */
const liveWorkers = new Set<Workers>();

/**
 * This process's view of every kind: running (0/1 per loop, summed), stalled, consecutive failures
 * and the last good run (the latest over the loops).
 */
export function workerStates(): Record<WorkerTask, { running: number; stalled: number; failures: number; lastSuccessAt: Date | null }> {
  const view = Object.fromEntries(
    WORKER_TASKS.map((task) => [task, { running: 0, stalled: 0, failures: 0, lastSuccessAt: null as Date | null }]),
  ) as ReturnType<typeof workerStates>;
  for (const workers of liveWorkers) {
    for (const [task, state] of Object.entries(workers.state()) as [WorkerTask, TaskState][]) {
      const into = view[task];
      into.running += state.running ? 1 : 0;
      into.stalled += state.stalled ? 1 : 0;
      into.failures = Math.max(into.failures, state.failures);
      if (state.lastSuccessAt && (!into.lastSuccessAt || state.lastSuccessAt > into.lastSuccessAt)) into.lastSuccessAt = state.lastSuccessAt;
    }
  }
  return view;
}

/** A failing kind's pause before its next run: interval × 2^(failures − 1), at most 5 minutes. */
export function taskBackOffMs(intervalMs: number, failures: number): number {
  return Math.min(5 * 60_000, intervalMs * 2 ** Math.max(0, failures - 1));
}

/**
 * Runs the back office's background work: the booking system's due decisions, the document
 * processing, the due e-mail reminder digests, ended dunning stops, the dunning schedule, the
 * permanent debts' recurring invoices, the provider's side of the work queue, the next periods of the
 * minimum annual service fee, the expired Idempotency-Keys and the mail outbox (src/server/adapters/README.md, "The workers loop").
 *
 * Each kind runs on its own: runs of one kind never overlap, kinds do not wait for each other, so a
 * kind that fails or stalls holds up only itself. A run gets a signal that aborts after `budgetMs`
 * (every kind's batch loop ends at the next item then); a run past budget and grace is logged as
 * stalled. A failing kind is logged and tried again after {@link taskBackOffMs}. The jobs inside a
 * kind (processing stages, mails) have their own retries and are parked after too many failures.
 *
 * @example
 * const workers = startWorkers({ db, adapters, log: app.log });
 * app.addHook('onClose', () => workers.stop());
 * // tests: await startWorkers({ db, adapters, now: () => later, tasks: ['bookings', 'mail'] }).runOnce();
 */
export function startWorkers(options: WorkerOptions): Workers {
  const {
    db,
    adapters,
    intervalMs = 5_000,
    now = () => new Date(),
    log = console,
    tasks = WORKER_TASKS,
    budgetMs = Number(process.env.WORKER_BUDGET_SECONDS ?? 30) * 1000,
    stallGraceMs = 10_000,
    stopTimeoutMs = 8_000,
  } = options;
  const stopping = new AbortController();

  /** Each task: what it does at a moment, answering a log line when it did something. */
  const work: Record<WorkerTask, TaskRunner> = {
    bookings: async (at, signal) => {
      const decided = await adapters.bookingSystem.decideDue(db, at, signal);
      return decided ? `booking system: ${decided} request(s) decided` : null;
    },
    processing: async (at, signal) => {
      const stages = await processDueVouchers(db, adapters, at, signal);
      return stages ? `document processing: ${stages} stage(s) run` : null;
    },
    reminders: async (at, signal) => {
      const reminders = await sendDueReminders(db, at, signal);
      return reminders ? `e-mail reminders: ${reminders} digest(s) written` : null;
    },
    dunningBlocks: async (at) => {
      const ended = await expireDunningBlocks(db, at);
      return ended ? `dunning: ${ended} dunning stop(s) ended` : null;
    },
    dunning: async (at) => {
      const steps = await runDunningSchedule(db, at);
      return steps ? `dunning: ${steps} dunning step(s) taken` : null;
    },
    permanentDebts: async (at, signal) => {
      const { invoices, expired } = await runPermanentDebtSweep(db, at, signal);
      return invoices || expired ? `permanent debts: ${invoices} invoice(s) written, ${expired} expired` : null;
    },
    workQueue: async (at) => {
      const { raised, finished } = await runWorkQueueBackOffice(db, at);
      return raised || finished ? `work queue: ${raised} decision(s) raised, ${finished} answer(s) finished` : null;
    },
    serviceFeePeriods: async (at, signal) => {
      const periods = await rollServiceFeePeriods(db, at, signal);
      return periods ? `service fees: ${periods} minimum-fee period(s) started` : null;
    },
    idempotencyKeys: async (at) => {
      const expired = await sweepIdempotencyKeys(db, at);
      return expired ? `idempotency: ${expired} expired key(s) deleted` : null;
    },
    mail: async (at, signal) => {
      const { sent, failed, parked } = await dispatchMail(db, adapters.mailer, at, { baseUrl: options.mailBaseUrl, signal });
      return sent || failed ? `mail outbox: ${sent} sent, ${failed} failed (retried later), ${parked} parked` : null;
    },
    ...options.work,
  };

  const states = Object.fromEntries(
    WORKER_TASKS.map((task) => [
      task,
      { running: false, failures: 0, stalled: false, lastSuccessAt: null, lastError: null, nextRunAt: 0 } satisfies TaskState,
    ]),
  ) as Record<WorkerTask, TaskState>;
  const inProgress = new Map<WorkerTask, Promise<void>>();

  /** Starts one run of a kind (or answers the one in progress). */
  const start = (task: WorkerTask, at: Date): Promise<void> => {
    const current = inProgress.get(task);
    if (current) return current;
    const state = states[task];
    const budget = new AbortController();
    const budgetTimer = setTimeout(() => budget.abort(new Error(`${task}: time budget of ${budgetMs} ms spent`)), budgetMs);
    const stallTimer = setTimeout(() => {
      state.stalled = true;
      log.error({ task }, `${task}: run stalled (still going ${budgetMs + stallGraceMs} ms after its start); the other kinds go on`);
    }, budgetMs + stallGraceMs);
    budgetTimer.unref();
    stallTimer.unref();
    state.running = true;
    const signal = AbortSignal.any([stopping.signal, budget.signal]);
    const run = (async () => {
      try {
        const done = await work[task](at, signal);
        if (done) log.info(done);
        state.failures = 0;
        state.lastError = null;
        state.lastSuccessAt = new Date();
        state.nextRunAt = 0;
      } catch (error) {
        state.failures++;
        state.lastError = String((error as Error)?.message ?? error);
        state.nextRunAt = Date.now() + taskBackOffMs(intervalMs, state.failures);
        log.error({ err: error, task, failures: state.failures }, `${task}: run failed (${state.failures}× in a row), the other kinds go on`);
      } finally {
        clearTimeout(budgetTimer);
        clearTimeout(stallTimer);
        state.running = false;
        state.stalled = false;
        inProgress.delete(task);
      }
    })();
    inProgress.set(task, run);
    return run;
  };

  /** Waits for `promise`, at most `ms`; answers whether it settled. */
  const within = async (promise: Promise<void>, ms: number): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const settled = await Promise.race([
      promise.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
    clearTimeout(timer);
    return settled;
  };

  const runOnce = async () => {
    const at = now();
    for (const task of WORKER_TASKS) {
      if (!tasks.includes(task) || stopping.signal.aborted) continue;
      const current = inProgress.get(task);
      if (current && !(await within(current, budgetMs + stallGraceMs))) continue;
      // a kind that stalls is left to itself: the run goes on with the next kind
      await within(start(task, at), budgetMs + stallGraceMs);
    }
  };

  // The kinds due at a tick start one after another, not all at once: on PGlite's one connection
  // every request that comes in meanwhile then waits for one kind's transaction at most, not for all
  // ten queued ahead of it (issue 13: /api/healthy stalled 60–110 ms at every tick). A kind that
  // stalls is left to itself after its budget, as in runOnce.
  let ticking = false;
  const timer = setInterval(async () => {
    if (stopping.signal.aborted || ticking) return;
    ticking = true;
    try {
      const at = now();
      for (const task of tasks) {
        if (stopping.signal.aborted) break;
        if (!inProgress.has(task) && Date.now() >= states[task].nextRunAt) await within(start(task, at), budgetMs + stallGraceMs);
      }
    } finally {
      ticking = false;
    }
  }, intervalMs);
  // the interval alone must not keep a process (a script, a test run) alive
  timer.unref();

  const workers: Workers = {
    runOnce,
    state: () => structuredClone(states),
    async stop() {
      liveWorkers.delete(workers);
      clearInterval(timer);
      stopping.abort(new Error('the server is stopping'));
      const runs = [...inProgress.entries()];
      if (runs.length === 0) return;
      const all = Promise.all(runs.map(([, run]) => run)).then(() => undefined);
      if (!(await within(all, stopTimeoutMs))) {
        const left = runs.filter(([task]) => inProgress.has(task)).map(([task]) => task);
        log.error({ tasks: left }, `workers: ${left.join(', ')} still running after ${stopTimeoutMs} ms, left behind (their transactions roll back)`);
      }
    },
  };
  liveWorkers.add(workers);
  return workers;
}
