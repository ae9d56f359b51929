import type { FastifyInstance } from 'fastify';
import { actionLogResource } from '../../../../generated/resources/action-log';
import { actionLogRoutes as generated } from '../../../../generated/routes/action-log';
import type { AppDeps } from '../../app';
import {
  type ActionLogFilters,
  exportActionLog,
  findActionLogEntry,
  listActionLog,
  listActionTypes,
} from '../../db/repositories/admin-action-log.repository';
import type { AdminListQuery } from '../../db/repositories/admin-list-query';
import { ApiError } from '../../errors';
import { productScopeOf, requireAdminScreen } from './admin-access';
import { adminListRoute } from './admin-list-route';
import { csvDisposition, toGermanCsv } from './admin-csv';
import { csvResponse, exportQuerystring, stringListResponse } from './admin-schemas';
import { withErrors } from '../route-schemas';
import { actorOf, writeActionLog } from '../../services/action-log';

/**
 * The action log (document 2 §7 "Other admin"): GET /action-log/list, /action-log/export (CSV),
 * /action-type/list and — a decision, for the route's inline details — GET /action-log/{id}; all
 * behind admin permission view_action_log.
 */
export async function adminActionLogRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const gate = requireAdminScreen(db, 'actionLog');

  // one statement with the admin's session and permissions read along (issue 32)
  adminListRoute<ActionLogFilters, Awaited<ReturnType<typeof listActionLog>>>(
    app,
    db,
    'actionLog',
    generated.list,
    (scope, readerId, query) => listActionLog(db, scope, readerId, query),
  );

  app.get<{ Querystring: Omit<AdminListQuery<ActionLogFilters>, 'page' | 'rowsPerPage'> }>(
    '/action-log/export',
    {
      schema: {
        tags: ['actionLog'],
        summary: 'The action log as CSV (German spreadsheet format), with the list filters',
        security: [{ bearerAuth: [] }],
        querystring: exportQuerystring(generated.list.schema),
        response: csvResponse,
      },
      preHandler: gate,
    },
    async (request, reply) => {
      const actionLogs = await exportActionLog(db, productScopeOf(request), request.query);
      // logged after the read: the export does not contain its own entry
      await writeActionLog(db, actorOf(request.user), 'csv_export', {
        export: 'actionLog',
        filters: request.query.filters ?? {},
        count: actionLogs.length,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', csvDisposition('aktionsprotokoll'))
        .send(toGermanCsv(actionLogResource.list.columns, actionLogs));
    },
  );

  app.get(
    '/action-type/list',
    {
      schema: {
        tags: ['actionLog'],
        summary: 'The action types in the log (filter options)',
        security: [{ bearerAuth: [] }],
        response: stringListResponse,
      },
      preHandler: gate,
    },
    (request) => listActionTypes(db, productScopeOf(request)),
  );

  app.route<{ Params: { id: number } }>({
    method: generated.show.method,
    url: generated.show.url,
    schema: withErrors(generated.show.schema),
    preHandler: gate,
    handler: async (request) => {
      const entry = await findActionLogEntry(db, productScopeOf(request), request.params.id);
      if (!entry) throw new ApiError(404, 'notFound');
      return entry;
    },
  });
}
