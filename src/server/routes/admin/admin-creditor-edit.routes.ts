import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { creditorInScope } from '../../db/repositories/admin-creditor-detail.repository';
import { creditorEditValues } from '../../domain/admin/creditor-update';
import { ApiError } from '../../errors';
import { errorResponses } from '../route-schemas';
import { productScopeOf, requireAdminScreen } from './admin-access';
import { idParams } from './admin-schemas';

/**
 * GET /creditor/{id}/edit-values: the creditor's master data as the values of the edit dialog
 * (schema/forms/editCreditor.yaml), so the dialog opens prefilled with what POST /creditor/{id}/update
 * takes. Another product's creditor is 404 for a product admin.
 */
export async function adminCreditorEditRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get<{ Params: { id: number } }>(
    '/creditor/:id/edit-values',
    {
      schema: {
        tags: ['creditors'],
        summary: "A creditor's master data as the edit dialog's values",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: { type: 'object', additionalProperties: true }, ...errorResponses },
      },
      preHandler: requireAdminScreen(db, 'creditors'),
    },
    async (request) => {
      if (!(await creditorInScope(db, productScopeOf(request), request.params.id)))
        throw new ApiError(404, 'notFound');
      const values = await creditorEditValues(db, request.params.id);
      if (!values) throw new ApiError(404, 'notFound');
      return values;
    },
  );
}
