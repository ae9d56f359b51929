import type { FastifyInstance } from 'fastify';
import { assignDebtorsRoutes as generated } from '../../../../generated/routes/assign-debtors';
import type { AppDeps } from '../../app';
import {
  type AssignmentFilters,
  findAssignmentDetails,
  listAssignments,
} from '../../db/repositories/admin-assignment.repository';
import type { AdminListQuery } from '../../db/repositories/admin-list-query';
import { ApiError } from '../../errors';
import { productScopeOf, requireAdminScreen } from './admin-access';
import { withErrors } from '../route-schemas';

/**
 * Manual debtor-assignment cases (document 2 §7 "Other admin"): GET /debtor-assignment-list and
 * GET /debtor-assignment-details/{id} (admin permission assign_debtor).
 */
export async function adminAssignmentsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const gate = requireAdminScreen(db, 'assignDebtors');

  app.route<{ Querystring: AdminListQuery<AssignmentFilters> }>({
    method: generated.list.method,
    url: generated.list.url,
    schema: withErrors(generated.list.schema),
    preHandler: gate,
    handler: (request) => listAssignments(db, productScopeOf(request), request.query),
  });

  app.route<{ Params: { id: number } }>({
    method: generated.show.method,
    url: generated.show.url,
    schema: withErrors(generated.show.schema),
    preHandler: gate,
    handler: async (request) => {
      const details = await findAssignmentDetails(db, productScopeOf(request), request.params.id);
      if (!details) throw new ApiError(404, 'notFound');
      return details;
    },
  });
}
