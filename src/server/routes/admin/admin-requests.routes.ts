import type { FastifyInstance } from 'fastify';
import { requestsResource } from '../../../../generated/resources/requests';
import { requestsRoutes as generated } from '../../../../generated/routes/requests';
import type { AppDeps } from '../../app';
import type { AdminListQuery } from '../../db/repositories/admin-list-query';
import {
  exportSepaRequests,
  listSepaRequests,
  type SepaRequestFilters,
} from '../../db/repositories/admin-sepa-request.repository';
import { productScopeOf, requireAdminScreen } from './admin-access';
import { adminListRoute } from './admin-list-route';
import { csvDisposition, toGermanCsv } from './admin-csv';
import { csvResponse, exportQuerystring } from './admin-schemas';
import { actorOf, writeActionLog } from '../../services/action-log';

/**
 * SEPA update requests (document 2 §7 "SEPA update"): GET /creditor-debit-update/list and its CSV
 * export with the same filters and order (admin permission approve_sepa_update).
 */
export async function adminRequestsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const gate = requireAdminScreen(db, 'requests');

  // one statement with the admin's session and permissions read along (issue 32)
  adminListRoute(app, db, 'requests', generated.list, (scope, readerId, query) => listSepaRequests(db, scope, readerId, query));

  app.get<{ Querystring: Omit<AdminListQuery<SepaRequestFilters>, 'page' | 'rowsPerPage'> }>(
    '/creditor-debit-update/export',
    {
      schema: {
        tags: ['requests'],
        summary: 'The SEPA update requests as CSV (German spreadsheet format)',
        security: [{ bearerAuth: [] }],
        querystring: exportQuerystring(generated.list.schema),
        response: csvResponse,
      },
      preHandler: gate,
    },
    async (request, reply) => {
      const creditorDebitUpdates = await exportSepaRequests(db, productScopeOf(request), request.user.id, request.query);
      await writeActionLog(db, actorOf(request.user), 'csv_export', {
        export: 'sepaRequests',
        filters: request.query.filters ?? {},
        count: creditorDebitUpdates.length,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', csvDisposition('sepa-anfragen'))
        .send(toGermanCsv(requestsResource.list.columns, creditorDebitUpdates));
    },
  );
}
