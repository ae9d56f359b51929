import type { FastifyInstance } from 'fastify';
import { enums } from '../../../../generated/enums';
import { debtorsResource } from '../../../../generated/resources/debtors';
import type { AppDeps } from '../../app';
import { findDebtorState } from '../../db/repositories/debtor-extras.repository';
import { findLocationState, locationExists } from '../../db/repositories/location.repository';
import { findPermanentDebtVouchers } from '../../db/repositories/permanent-debt-detail.repository';
import { ApiError } from '../../errors';
import { creditorIdOf } from '../../plugins/auth';
import { isAllowedFor, requirePermission } from '../../plugins/permissions';
import {
  combine,
  LOCATION_PERMISSION_KEYS,
  locationStateRules,
  permissionsResponseSchema,
} from '../debtors/debtor-extras.permissions';
import { arrayOf, idParams } from '../debtors/debtor-extras.schemas';
import { withErrors } from '../route-schemas';

const tags = ['debtors'];
const ACTIVE_STATUSES = (enums.debtorStatus?.groups.active?.values ?? []).map(String);
// The permanent debts of a debtor's detail sit in their own tab; products without permanent debts
// switch it off (variants/*.yaml), and then the location's permanent-debt vouchers are 403 too.
const PERMANENT_DEBTS_TAB = debtorsResource.detail.tabs.find((t) => t.key === 'permanentDebts')?.permission;

/**
 * The location calls of document 1 §7 for creditor users of the location's creditor (another
 * creditor's ids are 404), behind the debtors menu permission: GET /location/{id}/permissions
 * (evaluator + the location's state, server names) and GET /location/{id}/permanent-debt-vouchers.
 */
export async function locationsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const gate = requirePermission(db, debtorsResource.menu!.permission!);

  app.get<{ Params: { id: number } }>(
    '/location/:id/permissions',
    {
      schema: withErrors({
        tags,
        summary: 'Location-level actions allowed now (server names)',
        params: idParams,
        response: {
          200: permissionsResponseSchema(LOCATION_PERMISSION_KEYS, 'LocationPermissions (server names)'),
        },
      }),
      preHandler: gate,
    },
    async (request) => {
      const creditorId = creditorIdOf(request);
      const location = await findLocationState(db, creditorId, request.params.id, ACTIVE_STATUSES);
      if (!location) throw new ApiError(404, 'notFound');
      const debtor = await findDebtorState(db, creditorId, location.debtorId);
      if (!debtor) throw new ApiError(404, 'notFound');
      const allowed = new Set<string>();
      for (const { path } of LOCATION_PERMISSION_KEYS)
        if (await isAllowedFor(db, request, path)) allowed.add(path);
      return combine(
        LOCATION_PERMISSION_KEYS,
        (path) => allowed.has(path),
        locationStateRules({ ...location, debtor }),
      );
    },
  );

  app.get<{ Params: { id: number } }>(
    '/location/:id/permanent-debt-vouchers',
    {
      schema: withErrors({
        tags,
        summary: "Vouchers created by a location's permanent debts, newest first",
        params: idParams,
        response: { 200: arrayOf('PermanentDebtVoucher') },
      }),
      preHandler: PERMANENT_DEBTS_TAB ? [gate, requirePermission(db, PERMANENT_DEBTS_TAB)] : gate,
    },
    async (request) => {
      const creditorId = creditorIdOf(request);
      if (!(await locationExists(db, creditorId, request.params.id))) throw new ApiError(404, 'notFound');
      return findPermanentDebtVouchers(db, creditorId, { locationId: request.params.id });
    },
  );
}
