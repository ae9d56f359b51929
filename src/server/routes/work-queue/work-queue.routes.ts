import type { FastifyInstance } from 'fastify';
import { workQueueRoutes as generated } from '../../../../generated/routes/work-queue';
import type { AppDeps } from '../../app';
import {
  countUnhandledWorkQueue,
  findWorkQueueItem,
  listWorkQueue,
  type WorkQueueListQuery,
} from '../../db/repositories/work-queue.repository';
import { ApiError } from '../../errors';
import { creditorIdOf, requireCreditorUser } from '../../plugins/auth';
import { assertSession } from '../../services/session';
import { withErrors, errorResponses } from '../route-schemas';

// The generated schemas are used verbatim; only the shared error response and security are added.
const countSchema = {
  tags: ['workQueue'],
  summary: 'Number of unhandled work-queue items (open, read or in error)',
  security: [{ bearerAuth: [] }],
  response: {
    200: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
    ...errorResponses,
  },
} as const;

/**
 * The work queue of document 1 §7 for every creditor user of the tenant: the list (full items with
 * the computed `statusToShow`), one item for the inline detail (decision: the spec names no show
 * call; `GET /user-information/work-queue/show/{id}` answers the list's item shape) and the
 * toolbar's unhandled count. Reading needs no permission (there is no navigation entry for the work
 * queue); answering is gated by workQueue.answer where the answer call lives.
 */
export async function workQueueRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.route<{ Querystring: WorkQueueListQuery }>({
    method: generated.list.method,
    url: generated.list.url,
    schema: withErrors(generated.list.schema),
    // the caller's session is read in the page's own statement (issue 32)
    config: { sessionReadAlong: true },
    preHandler: requireCreditorUser,
    handler: async (request, reply) => {
      const { readerSession, readerPermissions: _, ...page } = await listWorkQueue(db, creditorIdOf(request), request.user.id, request.query);
      assertSession(request, readerSession);
      // the roles as stored now: still a creditor user
      await requireCreditorUser(request, reply);
      return page;
    },
  });

  app.route<{ Params: { id: number } }>({
    method: generated.show.method,
    url: generated.show.url,
    schema: withErrors(generated.show.schema),
    preHandler: requireCreditorUser,
    handler: async (request) => {
      const item = await findWorkQueueItem(db, creditorIdOf(request), request.params.id);
      // another creditor's item is "not found" as well: a 403 would reveal that the id exists
      if (!item) throw new ApiError(404, 'notFound');
      return item;
    },
  });

  app.get(
    '/user-information/work-queue/count-unhandled',
    { schema: countSchema, preHandler: requireCreditorUser },
    async (request) => ({ count: await countUnhandledWorkQueue(db, creditorIdOf(request)) }),
  );
}
