import type { FastifyInstance } from 'fastify';
import { todayIso } from '../../../shared/validation';
import type { AppDeps } from '../../app';
import { dueDebitGroups, findSepaDebitFile, listSepaDebitFiles } from '../../db/repositories/sepa-debit.repository';
import { ApiError } from '../../errors';
import { actorOf, writeActionLog } from '../../services/action-log';
import { productScopeOf, requireAdminScreen } from '../admin/admin-access';
import { errorResponses } from '../route-schemas';
import { dueGroupsSchema, fileListSchema } from './sepa-debits.schemas';

/**
 * The admin's reads of the SEPA direct debits (issue 30; admin permission sepa_direct_debits, a
 * product administrator within the own product): the due debits grouped per creditor and
 * collection date, the files created, and a file's download — the same bytes as created, logged in
 * the action log. Creating files and importing returns are commands (schema/commands/sepaDebits.yaml).
 */
export async function sepaDebitsRoutes(app: FastifyInstance, { db, clock }: AppDeps): Promise<void> {
  const gate = requireAdminScreen(db, 'sepaDebits');

  app.get(
    '/sepa-debit/due',
    {
      schema: {
        tags: ['sepaDebits'],
        summary: 'Direct debits due, per creditor and collection date',
        security: [{ bearerAuth: [] }],
        response: { 200: dueGroupsSchema, ...errorResponses },
      },
      preHandler: gate,
    },
    async (request) => ({ groups: await dueDebitGroups(db, todayIso(clock()), productScopeOf(request)) }),
  );

  app.get(
    '/sepa-debit/file/list',
    {
      schema: {
        tags: ['sepaDebits'],
        summary: 'The pain.008 files created, newest first',
        security: [{ bearerAuth: [] }],
        response: { 200: fileListSchema, ...errorResponses },
      },
      preHandler: gate,
    },
    async (request) => ({ files: await listSepaDebitFiles(db, productScopeOf(request)) }),
  );

  app.get<{ Params: { id: number } }>(
    '/sepa-debit/file/:id/download',
    {
      schema: {
        tags: ['sepaDebits'],
        summary: 'A pain.008.001.08 file as created',
        security: [{ bearerAuth: [] }],
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
        response: errorResponses,
      },
      preHandler: gate,
    },
    async (request, reply) => {
      const file = await findSepaDebitFile(db, request.params.id, productScopeOf(request));
      // another product's file is "not found" for a product administrator, like a missing one
      if (!file) throw new ApiError(404, 'notFound');
      await writeActionLog(
        db,
        actorOf(request.user),
        'sepa_debit_file_download',
        { fileId: file.id, messageId: file.messageId },
        { creditorId: file.creditorId },
      );
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.messageId}.xml"`)
        .send(file.content);
    },
  );
}
