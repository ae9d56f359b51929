import type { FastifyInstance } from 'fastify';
import { vouchersResource } from '../../../../generated/resources/vouchers';
import { vouchersRoutes as generated } from '../../../../generated/routes/vouchers';
import type { AppDeps } from '../../app';
import { findVoucherDetail, findVoucherState } from '../../db/repositories/voucher-detail.repository';
import { listVouchers, type VoucherListQuery } from '../../db/repositories/voucher-list.repository';
import { ApiError } from '../../errors';
import { creditorIdOf } from '../../plugins/auth';
import { isAllowedFor, permissionReadAlong, requirePermission } from '../../plugins/permissions';
import { voucherCsvStream } from './voucher-csv';
import { actorOf, writeActionLog } from '../../services/action-log';
import { voucherDetailRoutes } from './voucher-detail.routes';
import { voucherEInvoiceRoutes } from './voucher-einvoice.routes';
import { checkVoucherFilters } from './voucher-filters';
import { voucherOptionRoutes } from './voucher-options.routes';
import { voucherPermissionsFor } from './voucher-permissions';
import { withErrors, errorResponses } from '../route-schemas';
import { csvDisposition } from '../admin/admin-csv';
import { assertSession } from '../../services/session';

// The generated schemas are used verbatim (request validation, response serialisation, OpenAPI);
// only the shared error response and the security requirement are added.
/**
 * The voucher area of document 1 §7 for creditor users, limited to their own creditor and gated by
 * the resource's menu permission: GET /voucher/list, /voucher/show/:id, /voucher/csv here; the
 * detail's further calls (history, balancing, work queue, permissions, processing state, process
 * log) and the filter-option lists in the two plugins registered below.
 */
export async function vouchersRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const gate = requirePermission(db, vouchersResource.menu!.permission!);
  const listGate = permissionReadAlong(vouchersResource.menu!.permission!);

  app.route<{ Querystring: VoucherListQuery }>({
    method: generated.list.method,
    url: generated.list.url,
    schema: withErrors(generated.list.schema),
    // the caller's permission and session are read in the page's own statement, not before it (issues 13, 26)
    config: { sessionReadAlong: true },
    preHandler: listGate.preHandler,
    handler: async (request) => {
      const { readerPermissions, readerSession, ...page } = await listVouchers(db, creditorIdOf(request), request.user.id, request.query);
      assertSession(request, readerSession);
      listGate.assert(request, readerPermissions);
      // a filter the product does not offer is refused (the read of the caller's own rows is dropped)
      checkVoucherFilters(request.user.product, request.query.filters);
      return page;
    },
  });

  app.route<{ Params: { id: number } }>({
    method: generated.show.method,
    url: generated.show.url,
    schema: withErrors(generated.show.schema),
    preHandler: gate,
    handler: async (request) => {
      const creditorId = creditorIdOf(request);
      const [voucher, state] = await Promise.all([
        findVoucherDetail(db, creditorId, request.params.id),
        findVoucherState(db, creditorId, request.params.id),
      ]);
      // Another creditor's voucher is "not found" too: a 403 would reveal that the id exists.
      if (!voucher || !state) throw new ApiError(404, 'notFound');
      const permissions = await voucherPermissionsFor(db, request, state, deps.clock());
      if (!(await isAllowedFor(db, request, 'voucherDetails.showBalancingSummary'))) {
        voucher.balancedVouchers = [];
        voucher.balancingVouchers = [];
      }
      return { ...voucher, permissions };
    },
  });

  // The list as CSV for Excel: same filters and order as GET /voucher/list, every page.
  const { page: _page, rowsPerPage: _rows, ...csvQuery } = generated.list.schema.querystring.properties;
  app.route<{ Querystring: Omit<VoucherListQuery, 'page' | 'rowsPerPage'> }>({
    method: 'GET',
    url: '/voucher/csv',
    schema: {
      tags: ['vouchers'],
      summary: 'The voucher list as CSV (German Excel: UTF-8 with BOM, semicolons)',
      querystring: { ...generated.list.schema.querystring, properties: csvQuery },
      security: [{ bearerAuth: [] }],
      response: errorResponses,
    },
    preHandler: gate,
    handler: async (request, reply) => {
      checkVoucherFilters(request.user.product, request.query.filters);
      const stream = await voucherCsvStream(db, creditorIdOf(request), vouchersResource.list.columns, request.query);
      await writeActionLog(db, actorOf(request.user), 'csv_export', { export: 'vouchers', filters: request.query.filters ?? {} });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', csvDisposition('belege'))
        .send(stream);
    },
  });

  await voucherDetailRoutes(app, deps);
  await voucherEInvoiceRoutes(app, deps);
  await voucherOptionRoutes(app, deps);
}
