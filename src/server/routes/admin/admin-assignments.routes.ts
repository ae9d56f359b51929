import type { FastifyInstance } from 'fastify';
import { assignDebtorsRoutes as generated } from '../../../../generated/routes/assign-debtors';
import type { AppDeps } from '../../app';
import { findAssignmentDetails, listAssignments } from '../../db/repositories/admin-assignment.repository';
import { ApiError } from '../../errors';
import { productScopeOf, requireAdminScreen } from './admin-access';
import { adminListRoute } from './admin-list-route';
import { withErrors } from '../route-schemas';

/**
 * Manual debtor-assignment cases (document 2 §7 "Other admin"): GET /debtor-assignment-list and
 * GET /debtor-assignment-details/{id} (admin permission assign_debtor).
 */
export async function adminAssignmentsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const gate = requireAdminScreen(db, 'assignDebtors');

  // one statement with the admin's session and permissions read along (issue 32)
  adminListRoute(app, db, 'assignDebtors', generated.list, (scope, readerId, query) => listAssignments(db, scope, readerId, query));

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
