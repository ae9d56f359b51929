import type { CommandHandler } from '../../commands/command.types';

/**
 * Runs a parked document-processing job again (issue 27): unparked, its attempts from zero, due now.
 * A job that is not parked (unknown, done, or retried meanwhile) is refused with 404 and nothing changes.
 */
export const retryParkedProcessingJob: CommandHandler = async ({ trx, params, now, refuse }) => {
  const jobId = Number(params.jobId);
  const job = await trx
    .updateTable('processingJob')
    .set({ parkedAt: null, attempts: 0, runAt: now, updatedAt: now })
    .where('id', '=', jobId)
    .where('parkedAt', 'is not', null)
    .returning(['id', 'voucherId', 'stage', 'lastError'])
    .executeTakeFirst();
  if (!job) return refuse('adminCommands.parkedJobNotFound', 404);
  return { response: { jobId: job.id }, actionLog: { payload: { kind: 'processing', jobId: job.id, voucherId: job.voucherId, stage: job.stage } } };
};

/** Sends a parked mail again: unparked, its attempts from zero, due now; not parked → 404. */
export const retryParkedMail: CommandHandler = async ({ trx, params, now, refuse }) => {
  const jobId = Number(params.jobId);
  const mail = await trx
    .updateTable('mailOutbox')
    .set({ parkedAt: null, attempts: 0, nextAttemptAt: now })
    .where('id', '=', jobId)
    .where('parkedAt', 'is not', null)
    .where('sentAt', 'is', null)
    .returning(['id', 'template'])
    .executeTakeFirst();
  if (!mail) return refuse('adminCommands.parkedJobNotFound', 404);
  return { response: { jobId: mail.id }, actionLog: { payload: { kind: 'mail', jobId: mail.id, template: mail.template } } };
};
