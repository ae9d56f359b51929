import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AdapterLogger } from './adapter-logger';
import type { Adapters } from './index';
import { sendDueReminders } from '../domain/settings/reminder-digest';
import { dispatchMail } from './mail/mail-outbox';

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
}

export interface Workers {
  /** Stops the interval and waits for a run in progress; does not close the adapters. */
  stop(): Promise<void>;
  /** One run now (after the one in progress, if any): decide due bookings, write due reminders, then send due mail. */
  runOnce(): Promise<void>;
}

/**
 * Runs the back office's background work on an interval: the booking system's due decisions, the
 * due e-mail reminder digests, then the mail outbox (so their mails leave in the same run). Runs never overlap; a failure is
 * logged and never thrown out, so the next run simply tries again.
 *
 * @example
 * const workers = startWorkers({ db, adapters, log: app.log });
 * app.addHook('onClose', () => workers.stop());
 * // tests: await startWorkers({ db, adapters, now: () => later }).runOnce();
 */
export function startWorkers(options: WorkerOptions): Workers {
  const { db, adapters, intervalMs = 5_000, now = () => new Date(), log = console } = options;
  let running: Promise<void> | null = null;
  let stopped = false;

  const run = async () => {
    const at = now();
    try {
      const decided = await adapters.bookingSystem.decideDue(db, at);
      if (decided) log.info(`booking system: ${decided} request(s) decided`);
    } catch (error) {
      log.error({ err: error }, 'booking system: deciding due requests failed');
    }
    try {
      const reminders = await sendDueReminders(db, at);
      if (reminders) log.info(`e-mail reminders: ${reminders} digest(s) written`);
    } catch (error) {
      log.error({ err: error }, 'e-mail reminders: writing due digests failed');
    }
    try {
      const { sent, failed } = await dispatchMail(db, adapters.mailer, at, { baseUrl: options.mailBaseUrl });
      if (sent || failed) log.info(`mail outbox: ${sent} sent, ${failed} failed (retried later)`);
    } catch (error) {
      log.error({ err: error }, 'mail outbox: dispatch failed');
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
