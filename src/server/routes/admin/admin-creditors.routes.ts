import type { FastifyInstance } from 'fastify';
import { enums } from '../../../../generated/enums';
import { creditorsRoutes as generated } from '../../../../generated/routes/creditors';
import type { AppDeps } from '../../app';
import {
  creditorInScope,
  findAdminCreditorDetails,
  listServiceFeeMatrix,
} from '../../db/repositories/admin-creditor-detail.repository';
import {
  type CreditorListFilters,
  listAdminCreditors,
  listCreditorOptions,
  listCreditorSapPicker,
  listCreditorUsernames,
} from '../../db/repositories/admin-creditor-list.repository';
import { listFeeConditions } from '../../db/repositories/creditor.repository';
import { ApiError } from '../../errors';
import { productScopeOf, requireAdminScreen } from './admin-access';
import { adminListRoute } from './admin-list-route';
import { idParams, stringListResponse } from './admin-schemas';
import { withErrors, errorResponses } from '../route-schemas';

const PRODUCT_TYPES = enums.productType.values.map((v) => String(v.value));
const tags = ['creditors'];
const security = [{ bearerAuth: [] }];

/**
 * The admin's creditors ("KMUs", document 2 §7 "Creditors" and "Service fees"): the list with its
 * filter options, the details, the service-fee conditions and the service-fee matrix.
 */
export async function adminCreditorsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const gate = requireAdminScreen(db, 'creditors');

  // one statement with the admin's session and permissions read along (issue 32)
  adminListRoute<CreditorListFilters, Awaited<ReturnType<typeof listAdminCreditors>>>(
    app,
    db,
    'creditors',
    generated.list,
    (scope, readerId, query) => listAdminCreditors(db, scope, readerId, query),
  );

  app.route<{ Params: { id: number } }>({
    method: generated.show.method,
    url: generated.show.url,
    schema: withErrors(generated.show.schema),
    preHandler: gate,
    handler: async (request) => {
      const details = await findAdminCreditorDetails(db, productScopeOf(request), request.params.id);
      // another product's creditor is "not found" for a product admin: a 403 would confirm the id
      if (!details) throw new ApiError(404, 'notFound');
      return details;
    },
  });

  const options = [
    ['/creditor/name-list', 'name', 'Names of the creditors (filter options)'],
    ['/creditor/sap-number-list', 'sapNumber', 'SAP numbers of the creditors (filter options)'],
    ['/creditor/city-list', 'city', 'Cities of the creditors (filter options)'],
  ] as const;
  for (const [url, column, summary] of options) {
    app.get(
      url,
      { schema: { tags, summary, security, response: stringListResponse }, preHandler: gate },
      (request) => listCreditorOptions(db, productScopeOf(request), column),
    );
  }

  app.get(
    '/creditor/sap-number-picker',
    {
      schema: {
        tags,
        summary: 'Creditors with a SAP number as picker choices: the SAP number with name and city (external voucher)',
        security,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: { value: { type: 'string' }, label: { type: 'string' } },
              required: ['value', 'label'],
            },
          },
          ...errorResponses,
        },
      },
      preHandler: gate,
    },
    (request) => listCreditorSapPicker(db, productScopeOf(request)),
  );

  app.get<{ Querystring: { companyUser?: string } }>(
    '/creditor/username-list',
    {
      schema: {
        tags,
        summary: "User names of the creditors' users (filter options); companyUser narrows them",
        security,
        querystring: {
          type: 'object',
          properties: { companyUser: { type: 'string', maxLength: 200 } },
          additionalProperties: false,
        },
        response: stringListResponse,
      },
      preHandler: gate,
    },
    (request) => listCreditorUsernames(db, productScopeOf(request), request.query.companyUser),
  );

  app.get<{ Params: { id: number } }>(
    '/creditor-service-fee/creditor-fee-condition/:id/list',
    {
      schema: {
        tags,
        summary: "A creditor's service-fee conditions, oldest first, with derived end dates",
        security,
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: {
              creditorFeeConditions: { type: 'array', items: { $ref: 'CreditorServiceFeeCondition#' } },
              count: { type: 'integer' },
            },
            required: ['creditorFeeConditions', 'count'],
          },
          ...errorResponses,
        },
      },
      preHandler: gate,
    },
    async (request) => {
      if (!(await creditorInScope(db, productScopeOf(request), request.params.id)))
        throw new ApiError(404, 'notFound');
      const creditorFeeConditions = await listFeeConditions(db, request.params.id);
      return { creditorFeeConditions, count: creditorFeeConditions.length };
    },
  );

  // The spec spells the matrix call `/sap-matrix/ist` (read: list); both paths answer the same.
  const matrixGate = requireAdminScreen(db, 'serviceFeeMatrix');
  for (const url of ['/creditor-service-fee/sap-matrix/ist', '/creditor-service-fee/sap-matrix/list']) {
    app.get<{ Querystring: { productType?: string } }>(
      url,
      {
        schema: {
          tags,
          summary: 'The service-fee matrix entries (optionally of one product)',
          security,
          querystring: {
            type: 'object',
            properties: { productType: { type: 'string', enum: PRODUCT_TYPES } },
            additionalProperties: false,
          },
          response: { 200: { type: 'array', items: { $ref: 'ServiceFeeMatrixEntry#' } }, ...errorResponses },
        },
        preHandler: matrixGate,
      },
      (request) => listServiceFeeMatrix(db, productScopeOf(request), request.query.productType),
    );
  }
}
