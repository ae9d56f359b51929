import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AdapterLogger } from './adapter-logger';
import type { Adapters } from './index';
import { sendDueReminders } from '../domain/settings/reminder-digest';
import { dispatchMail } from './mail/mail-outbox';
import { processDueVouchers } from '../processing/processing-runner';
import { runWorkQueueBackOffice } from '../domain/work-queue';
import { runPermanentDebtSweep } from '../domain/permanent-debts';
import { expireDunningBlocks, runDunningSchedule } from '../domain/dunning';
import { rollServiceFeePeriods } from '../domain/admin/service-fee-period-sweep';

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
  'mail',
] as const;
export type WorkerTask = (typeof WORKER_TASKS)[number];

export interface WorkerOptions {
  db: Kysely<Database>;
  adapters: Adapters;
  /** pause between runs; default 5 s */
  intervalMs?: number;
  /** the clock every run reads once (tests move it) */
  now?: () => Date;
  log?: AdapterLogger;
  /** absolute URL the mails' logo links start with (default `https://<first host of the product>`) */
  mailBaseUrl?: string;
  /** only these kinds of work (tests of one kind); default all of {@link WORKER_TASKS} */
  tasks?: readonly WorkerTask[];
}

export interface Workers {
  /** Stops the interval and waits for a run in progress; does not close the adapters. */
  stop(): Promise<void>;
  /** One run now (after the one in progress, if any): every task once, in the order of WORKER_TASKS. */
  runOnce(): Promise<void>;
}

/**
 * Runs the back office's background work on an interval: the booking system's due decisions, the
 * document processing, the due e-mail reminder digests, ended dunning stops, the dunning schedule,
 * the permanent debts' recurring invoices, the provider's side of the work queue, the next periods
 * of the minimum annual service fee, then the mail
 * outbox (so their mails leave in the same run). Runs never overlap; a failing task is logged and
 * never thrown out, so the next run simply tries again.
 *
 * @example
 * const workers = startWorkers({ db, adapters, log: app.log });
 * app.addHook('onClose', () => workers.stop());
 * // tests: await startWorkers({ db, adapters, now: () => later, tasks: ['bookings', 'mail'] }).runOnce();
 */
export function startWorkers(options: WorkerOptions): Workers {
  const { db, adapters, intervalMs = 5_000, now = () => new Date(), log = console, tasks = WORKER_TASKS } = options;
  let running: Promise<void> | null = null;
  let stopped = false;

  /** Each task: what it does at a moment, answering a log line when it did something. */
  const work: Record<WorkerTask, (at: Date) => Promise<string | null>> = {
    bookings: async (at) => {
      const decided = await adapters.bookingSystem.decideDue(db, at);
      return decided ? `booking system: ${decided} request(s) decided` : null;
    },
    processing: async (at) => {
      const stages = await processDueVouchers(db, adapters, at);
      return stages ? `document processing: ${stages} stage(s) run` : null;
    },
    reminders: async (at) => {
      const reminders = await sendDueReminders(db, at);
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
    permanentDebts: async (at) => {
      const { invoices, expired } = await runPermanentDebtSweep(db, at);
      return invoices || expired ? `permanent debts: ${invoices} invoice(s) written, ${expired} expired` : null;
    },
    workQueue: async (at) => {
      const { raised, finished } = await runWorkQueueBackOffice(db, at);
      return raised || finished ? `work queue: ${raised} decision(s) raised, ${finished} answer(s) finished` : null;
    },
    serviceFeePeriods: async (at) => {
      const periods = await rollServiceFeePeriods(db, at);
      return periods ? `service fees: ${periods} minimum-fee period(s) started` : null;
    },
    mail: async (at) => {
      const { sent, failed } = await dispatchMail(db, adapters.mailer, at, { baseUrl: options.mailBaseUrl });
      return sent || failed ? `mail outbox: ${sent} sent, ${failed} failed (retried later)` : null;
    },
  };

  const run = async () => {
    const at = now();
    for (const task of WORKER_TASKS) {
      if (!tasks.includes(task)) continue;
      try {
        const done = await work[task](at);
        if (done) log.info(done);
      } catch (error) {
        log.error({ err: error }, `${task}: run failed`);
      }
    }
  };

  const runOnce = async () => {
    while (running) await running;
    running = run().finally(() => {
      running = null;
    });
    await running;
  };

  const timer = setInterval(() => {
    if (!running && !stopped) void runOnce();
  }, intervalMs);
  // the interval alone must not keep a process (a script, a test run) alive
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
