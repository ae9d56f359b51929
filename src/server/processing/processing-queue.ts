import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';

/** The stages of document processing, in order (src/server/processing/README.md). */
export const STAGES = ['pause', 'read', 'debtor', 'check', 'purchase', 'number', 'deliver', 'complete'] as const;
export type Stage = (typeof STAGES)[number] | 'waitDebtorAssignment' | 'waitDecision' | 'done';

/**
 * Queues the processing of an uploaded voucher in the caller's transaction (so a rolled-back upload
 * leaves no job): the first stage, the editing pause, is due when the pause ends.
 */
export async function enqueueProcessing(
  trx: Kysely<Database>,
  voucher: { creditorId: number; voucherId: number },
  runAt: Date,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('processingJob')
    .values({ creditorId: voucher.creditorId, voucherId: voucher.voucherId, stage: 'pause', runAt, createdAt: now, updatedAt: now })
    .execute();
}

/** Moves a voucher's job to a stage, due at `runAt` (default now): its next run picks it up. */
export async function moveJob(trx: Kysely<Database>, voucherId: number, stage: Stage, runAt: Date, now: Date): Promise<void> {
  await trx
    .updateTable('processingJob')
    .set({ stage, runAt, updatedAt: now, attempts: 0, lastError: null, parkedAt: null, doneAt: stage === 'done' ? now : null })
    .where('voucherId', '=', voucherId)
    .execute();
}

export interface ClaimedJob {
  id: number;
  creditorId: number;
  voucherId: number;
  stage: Stage;
  attempts: number;
}

/**
 * Claims one due job inside `trx` with FOR UPDATE SKIP LOCKED: another process running at the same
 * time skips it (and takes the next), so a job's stage runs in exactly one transaction at a time.
 */
export async function claimDueJob(trx: Kysely<Database>, now: Date): Promise<ClaimedJob | null> {
  const row = await trx
    .selectFrom('processingJob')
    .select(['id', 'creditorId', 'voucherId', 'stage', 'attempts'])
    .where('doneAt', 'is', null)
    .where('parkedAt', 'is', null)
    .where('runAt', '<=', now)
    .where('stage', 'not in', ['waitDecision', 'done'])
    .orderBy('runAt')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row ? { ...row, id: Number(row.id), stage: row.stage as Stage } : null;
}

/** After this many failed runs of a stage (about 3 hours of retries) the job is parked for an admin. */
export const JOB_MAX_ATTEMPTS = 8;

/**
 * A failed run: counted, the error kept, tried again after 1 min × 2^(attempts − 1), at most 1 hour;
 * the JOB_MAX_ATTEMPTS-th failure parks the job (the admin actions page lists it, an admin retries it).
 * Answers whether it was parked.
 */
export async function postponeJob(db: Kysely<Database>, jobId: number, error: unknown, now: Date): Promise<boolean> {
  const row = await db.selectFrom('processingJob').select('attempts').where('id', '=', jobId).executeTakeFirst();
  const attempts = (row?.attempts ?? 0) + 1;
  const delayMs = Math.min(60 * 60_000, 60_000 * 2 ** (attempts - 1));
  await db
    .updateTable('processingJob')
    .set({
      attempts,
      lastError: String((error as Error)?.stack ?? error).slice(0, 2000),
      runAt: new Date(now.getTime() + delayMs),
      parkedAt: attempts >= JOB_MAX_ATTEMPTS ? now : null,
      updatedAt: sql`now()`,
    })
    .where('id', '=', jobId)
    .execute();
  return attempts >= JOB_MAX_ATTEMPTS;
}
