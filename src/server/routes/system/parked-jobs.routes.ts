import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { ApiError } from '../../errors';
import { commands } from '../../../../generated/commands';
import { requireAdmin } from '../../plugins/auth';
import { permissions } from '../../plugins/permissions';
import { grantedAdminPermissions } from '../admin/admin-access';

const parkedJobListSchema = {
  tags: ['adminActions'],
  summary: 'Background jobs parked after too many failed attempts, newest first (administrators)',
  response: {
    200: {
      type: 'object',
      properties: {
        entries: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              kind: { type: 'string', enum: ['processing', 'mail'] },
              id: { type: 'integer' },
              parkedAt: { type: 'integer', description: 'epoch seconds' },
              attempts: { type: 'integer' },
              lastError: { type: ['string', 'null'] },
              subject: {
                type: 'string',
                description: 'the voucher and stage, or the mail template and recipient',
              },
            },
            required: ['kind', 'id', 'parkedAt', 'attempts', 'lastError', 'subject'],
          },
        },
      },
      required: ['entries'],
    },
  },
} as const;

/** How many parked jobs of each kind the list shows at most (newest first). */
const LIMIT = 100;

/**
 * `GET /admin/parked-jobs`: the parked processing jobs and mails (issue 27) for the admin actions
 * page, each with its error; the retry is a command (schema/commands/adminActions.yaml). Like those
 * commands: administrators and super administrators only, not product administrators.
 */
export async function parkedJobsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get(
    '/admin/parked-jobs',
    // readable by whoever may take the retry commands (their roles in adminActions.yaml)
    {
      schema: parkedJobListSchema,
      preHandler: requireAdmin,
      config: { access: { kind: 'command', commands: ['retryParkedProcessingJob', 'retryParkedMail'] } },
    },
    async (request) => {
      if (!request.user.roles.some((role) => role === 'ROLE_ADMIN' || role === 'ROLE_SUPER_ADMIN'))
        throw new ApiError(403, 'forbidden');
      const granted = await grantedAdminPermissions(db, request);
      if (!permissions.hasAdminPermission(commands.retryParkedMail.adminPermission!, request.user.roles, granted)) throw new ApiError(403, 'forbidden');
      const jobs = await db
        .selectFrom('processingJob as j')
        .innerJoin('voucher as v', 'v.id', 'j.voucherId')
        .select([
          'j.id',
          'j.parkedAt',
          'j.attempts',
          'j.lastError',
          'j.stage',
          'v.customNumber',
          'v.id as voucherId',
        ])
        .where('j.parkedAt', 'is not', null)
        .orderBy('j.parkedAt', 'desc')
        .limit(LIMIT)
        .execute();
      const mails = await db
        .selectFrom('mailOutbox')
        .select(['id', 'parkedAt', 'attempts', 'lastError', 'template', 'recipient'])
        .where('parkedAt', 'is not', null)
        .where('sentAt', 'is', null)
        .orderBy('parkedAt', 'desc')
        .limit(LIMIT)
        .execute();
      const seconds = (at: Date | null) => Math.floor(new Date(at ?? 0).getTime() / 1000);
      const entries = [
        ...jobs.map((job) => ({
          kind: 'processing' as const,
          id: job.id,
          parkedAt: seconds(job.parkedAt),
          attempts: job.attempts,
          lastError: job.lastError,
          subject: `Beleg ${job.customNumber ?? job.voucherId} (${job.stage})`,
        })),
        ...mails.map((mail) => ({
          kind: 'mail' as const,
          id: mail.id,
          parkedAt: seconds(mail.parkedAt),
          attempts: mail.attempts,
          lastError: mail.lastError,
          subject: `${mail.template} an ${mail.recipient}`,
        })),
      ].sort((a, b) => b.parkedAt - a.parkedAt);
      return { entries };
    },
  );
}
