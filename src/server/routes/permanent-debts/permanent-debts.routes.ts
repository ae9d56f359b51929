import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permanentDebtsResource } from '../../../../generated/resources/permanent-debts';
import { permanentDebtsRoutes as generated } from '../../../../generated/routes/permanent-debts';
import type { AppDeps } from '../../app';
import { findPermanentDebtDetail } from '../../db/repositories/permanent-debt-detail.repository';
import {
  listPermanentDebts,
  type PermanentDebtListQuery,
} from '../../db/repositories/permanent-debt-list.repository';
import {
  permanentDebtCustomNumbers,
  permanentDebtDebtors,
  permanentDebtItems,
  permanentDebtLocations,
} from '../../db/repositories/permanent-debt-options.repository';
import { ApiError } from '../../errors';
import { creditorIdOf } from '../../plugins/auth';
import { isAllowedFor, permissionReadAlong, requirePermission } from '../../plugins/permissions';
import { assertSession } from '../../services/session';
import { optionSchemas } from './permanent-debts.schemas';
import { withErrors } from '../route-schemas';

// Parts of the detail behind their own permission (schema/permissions.yaml permanentDebtDetails):
// withheld from the response, not just hidden by the client.
const SEPA_PERMISSION = permanentDebtsResource.detail.sections.find((s) => s.key === 'sepa')?.permission;
const INVOICES_PERMISSION = permanentDebtsResource.detail.tabs.find((t) => t.key === 'invoices')?.permission;

/**
 * The permanent debts of document 1 §7 for creditor users, limited to their own creditor and gated
 * by the resource's menu permission (products without permanent debts switch it off: 403):
 * GET /permanent-debt/list → {vouchers, count, empty}, GET /permanent-debt/{id}/show, and the
 * filter options GET permanent-debt/debtors, /permanent-debt/location-list, /item-list,
 * /custom-number-list (an empty list on any failure).
 */
export async function permanentDebtsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const gate = requirePermission(db, permanentDebtsResource.menu!.permission!);

  const listGate = permissionReadAlong(permanentDebtsResource.menu!.permission!);
  app.route<{ Querystring: PermanentDebtListQuery }>({
    method: generated.list.method,
    url: generated.list.url,
    schema: withErrors(generated.list.schema),
    // the caller's permission and session are read in the page's own statement (issue 32)
    config: { sessionReadAlong: true },
    preHandler: listGate.preHandler,
    handler: async (request) => {
      const { readerPermissions, readerSession, ...page } = await listPermanentDebts(
        db,
        creditorIdOf(request),
        request.user.id,
        request.query,
      );
      assertSession(request, readerSession);
      listGate.assert(request, readerPermissions);
      return page;
    },
  });

  app.route<{ Params: { id: number } }>({
    method: generated.show.method,
    url: generated.show.url,
    schema: withErrors(generated.show.schema),
    preHandler: gate,
    handler: async (request) => {
      const permanentDebt = await findPermanentDebtDetail(db, creditorIdOf(request), request.params.id);
      // Another creditor's permanent debt is "not found" too: a 403 would reveal that the id exists.
      if (!permanentDebt) throw new ApiError(404, 'notFound');
      if (SEPA_PERMISSION && !(await isAllowedFor(db, request, SEPA_PERMISSION))) permanentDebt.sepa = null;
      if (INVOICES_PERMISSION && !(await isAllowedFor(db, request, INVOICES_PERMISSION)))
        permanentDebt.vouchers = null;
      return permanentDebt;
    },
  });

  const options = <T>(url: string, schema: object, load: (creditorId: number) => Promise<T[]>) =>
    app.route({
      method: 'GET',
      url,
      schema: withErrors(schema as { response: Record<string, unknown> }),
      preHandler: gate,
      handler: async (request: FastifyRequest) => {
        try {
          return await load(creditorIdOf(request));
        } catch (error) {
          // document 1 §8: filter-option loads fail silently with empty data
          request.log.warn({ err: error }, `filter options ${url} failed`);
          return [];
        }
      },
    });
  options('/permanent-debt/debtors', optionSchemas.debtors, (id) => permanentDebtDebtors(db, id));
  options('/permanent-debt/location-list', optionSchemas.locations, (id) => permanentDebtLocations(db, id));
  options('/permanent-debt/item-list', optionSchemas.items, (id) => permanentDebtItems(db, id));
  options('/permanent-debt/custom-number-list', optionSchemas.customNumbers, (id) =>
    permanentDebtCustomNumbers(db, id),
  );
}
