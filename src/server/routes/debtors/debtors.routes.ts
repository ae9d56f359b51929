import type { FastifyInstance } from 'fastify';
import { debtorsResource } from '../../../../generated/resources/debtors';
import { debtorsRoutes as generated } from '../../../../generated/routes/debtors';
import type { AppDeps } from '../../app';
import { findDebtorDetail } from '../../db/repositories/debtor-detail.repository';
import { type DebtorListQuery, listDebtors } from '../../db/repositories/debtor-list.repository';
import { ApiError } from '../../errors';
import { creditorIdOf } from '../../plugins/auth';
import { isAllowedFor, permissionReadAlong, requirePermission } from '../../plugins/permissions';
import { assertSession } from '../../services/session';
import { withErrors } from '../route-schemas';

// The generated schemas are used verbatim (request validation, response serialisation, OpenAPI);
// only the shared error response and the security requirement are added.
// The protection variant's tab of open insurable invoices: its permission gates the field itself.
function insurableTabPermission(): string {
  const tab = debtorsResource.detail.tabs.find((t) => t.table?.value === 'openInsurableInvoices');
  if (!tab?.permission)
    throw new Error('schema/resources/debtors.yaml: openInsurableInvoices tab needs a permission');
  return tab.permission;
}
const insurablePermission = insurableTabPermission();

/**
 * GET /debtor/list and GET /debtor/show/:id for creditor users, limited to their own creditor and
 * gated by the resource's menu permission. Values of permission-gated columns (limits, sum of
 * purchased invoices) are withheld from callers without that permission, not just hidden; so are
 * the open insurable invoices (protection variant) without their tab's permission.
 */
export async function debtorsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const gate = requirePermission(db, debtorsResource.menu!.permission!);
  const listGate = permissionReadAlong(debtorsResource.menu!.permission!);
  const gatedColumns = debtorsResource.list.columns.filter((c) => c.permission);
  app.route<{ Querystring: DebtorListQuery }>({
    method: generated.list.method,
    url: generated.list.url,
    schema: withErrors(generated.list.schema),
    // the caller's permission and session are read in the page's own statement (issues 13, 26, 32)
    config: { sessionReadAlong: true },
    preHandler: listGate.preHandler,
    handler: async (request) => {
      const { readerPermissions, readerSession, ...page } = await listDebtors(db, creditorIdOf(request), request.user.id, request.query);
      assertSession(request, readerSession);
      listGate.assert(request, readerPermissions);
      for (const column of gatedColumns) {
        if (await isAllowedFor(db, request, column.permission!)) continue;
        for (const row of page.debtors as unknown as Record<string, unknown>[]) row[column.value] = null;
      }
      return page;
    },
  });

  app.route<{ Params: { id: number } }>({
    method: generated.show.method,
    url: generated.show.url,
    schema: withErrors(generated.show.schema),
    preHandler: gate,
    handler: async (request) => {
      const openInsurableInvoices = await isAllowedFor(db, request, insurablePermission);
      const debtor = await findDebtorDetail(db, creditorIdOf(request), request.params.id, {
        openInsurableInvoices,
      });
      // Another creditor's debtor is "not found" too: a 403 would reveal that the id exists.
      if (!debtor) throw new ApiError(404, 'notFound');
      return debtor;
    },
  });
}
