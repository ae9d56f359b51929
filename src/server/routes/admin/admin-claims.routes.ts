import type { FastifyInstance } from 'fastify';
import { productRequestsRoutes as generated } from '../../../../generated/routes/product-requests';
import type { AppDeps } from '../../app';
import { findClaim, listClaims } from '../../db/repositories/onboarding-claim.repository';
import { ApiError } from '../../errors';
import { withErrors } from '../route-schemas';
import { productScopeOf, requireAdminScreen } from './admin-access';
import { adminListRoute } from './admin-list-route';

/**
 * The product requests of the onboarding (schema/resources/productRequests.yaml): GET
 * /onboarding/claim/list and GET /onboarding/claim/{id} (admin permission creditor_registration;
 * a product admin sees their product's requests only, another product's is a 404).
 */
export async function adminClaimsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const gate = requireAdminScreen(db, 'productRequests');

  // one statement with the admin's session and permissions read along (issue 32)
  adminListRoute(app, db, 'productRequests', generated.list, (scope, readerId, query) => listClaims(db, scope, readerId, query));

  app.route<{ Params: { id: number } }>({
    method: generated.show.method,
    url: generated.show.url,
    schema: withErrors(generated.show.schema),
    preHandler: gate,
    handler: async (request) => {
      const claim = await findClaim(db, productScopeOf(request), request.params.id);
      if (!claim) throw new ApiError(404, 'notFound');
      return claim;
    },
  });
}
