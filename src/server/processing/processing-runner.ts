import type { Kysely } from 'kysely';
import type { Adapters } from '../adapters';
import type { Database } from '../db/schema';
import { claimDueJob, JOB_MAX_ATTEMPTS, moveJob, postponeJob } from './processing-queue';
import { reportProcessingError, STAGE_RUNNERS, type StageContext } from './processing-stages';

/** How many stages one worker run carries out at most (the rest follows in the next run). */
const STAGES_PER_RUN = 200;
/**
 * A parked job (its stage failed JOB_MAX_ATTEMPTS times, about 3 hours of retries) is not a passing
 * outage. Decision: the creditor sees it — the voucher shows 901 "internal error" in its history and
 * the main users are told — while the job waits parked for an admin's retry (admin actions page),
 * which processes it on from the failed stage.
 */
async function reportParked(db: Kysely<Database>, adapters: Adapters, jobId: number, error: unknown, now: Date) {
  await db.transaction().execute(async (trx) => {
    const job = await trx.selectFrom('processingJob').select('voucherId').where('id', '=', jobId).executeTakeFirstOrThrow();
    const voucher = await trx.selectFrom('voucher').selectAll().where('id', '=', job.voucherId).forUpdate().executeTakeFirst();
    if (!voucher) return;
    const creditor = await trx.selectFrom('creditor').selectAll().where('id', '=', voucher.creditorId).executeTakeFirstOrThrow();
    const detail = `Verarbeitung ${JOB_MAX_ATTEMPTS}-mal fehlgeschlagen: ${String((error as Error)?.message ?? error).slice(0, 200)}`;
    await reportProcessingError({ trx, voucher, creditor, adapters, now }, 901, detail);
  });
}

/**
 * Runs due document-processing stages until none is due (or the cap is reached): each in its own
 * transaction that claims the job (FOR UPDATE SKIP LOCKED), locks the voucher, runs the stage and
 * moves the job on — so with several processes a stage runs once, and a crash leaves the job to be
 * claimed again with nothing of the stage kept. A failing stage is retried later (postponeJob) and
 * parked after JOB_MAX_ATTEMPTS. `signal` (the workers' time budget) ends the run after the current stage.
 *
 * @example await processDueVouchers(db, adapters, new Date()) // → number of stages run
 */
export async function processDueVouchers(db: Kysely<Database>, adapters: Adapters, now: Date, signal?: AbortSignal): Promise<number> {
  let ran = 0;
  while (ran < STAGES_PER_RUN && !signal?.aborted) {
    let current: number | null = null;
    let failure: unknown = null;
    const claimed = await db
      .transaction()
      .execute(async (trx) => {
        const job = await claimDueJob(trx, now);
        if (!job) return false;
        current = job.id;
        const voucher = await trx.selectFrom('voucher').selectAll().where('id', '=', job.voucherId).forUpdate().executeTakeFirst();
        const runner = STAGE_RUNNERS[job.stage];
        if (!voucher || !runner || voucher.officialVoucherNumber) {
          await moveJob(trx, job.voucherId, 'done', now, now);
          return true;
        }
        const creditor = await trx.selectFrom('creditor').selectAll().where('id', '=', voucher.creditorId).executeTakeFirstOrThrow();
        const ctx: StageContext = { trx, voucher, creditor, adapters, now };
        const result = await runner(ctx);
        await moveJob(trx, job.voucherId, result.next, result.runAt ?? now, now);
        return true;
      })
      .catch((error: unknown) => {
        failure = error ?? new Error('stage failed');
        return true;
      });
    ran++;
    if (failure) {
      // the stage's transaction is rolled back: the job counts the attempt and is tried again later
      if (current !== null) {
        if (await postponeJob(db, current, failure, now)) await reportParked(db, adapters, current, failure, now);
      }
      console.error('document processing: stage failed', failure);
      continue;
    }
    if (!claimed) break;
  }
  return ran;
}
