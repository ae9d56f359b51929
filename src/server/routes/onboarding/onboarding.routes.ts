import type { FastifyInstance } from 'fastify';
import { variants } from '../../../../generated/variants';
import type { AppDeps } from '../../app';
import { listServiceFeeMatrix } from '../../db/repositories/admin-creditor-detail.repository';
import { ApiError } from '../../errors';
import { errorResponses } from '../route-schemas';

/**
 * GET /creditor-service-fee/sap-matrix/{id}/show-default (document 2 §7 "Onboarding"): the default
 * service-fee matrix entry of a product — `{id}` is the product type (one default per product,
 * migration 0005). Public: the product application shows and sends it before anyone logs in.
 */
export async function onboardingRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/creditor-service-fee/sap-matrix/:id/show-default',
    {
      config: { public: true },
      schema: {
        tags: ['onboarding'],
        summary: "A product's default service-fee matrix entry",
        security: [],
        params: {
          type: 'object',
          properties: { id: { type: 'string', enum: Object.keys(variants), description: 'product type' } },
          required: ['id'],
        },
        response: { 200: { $ref: 'ServiceFeeMatrixEntry#' }, ...errorResponses },
      },
    },
    async (request) => {
      const entry = (await listServiceFeeMatrix(db, null, request.params.id)).find((e) => e.isDefault);
      if (!entry) throw new ApiError(404, 'notFound');
      return entry;
    },
  );
}
