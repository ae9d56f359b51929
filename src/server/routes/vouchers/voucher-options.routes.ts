import type { FastifyInstance, FastifyRequest } from 'fastify';
import { vouchersResource } from '../../../../generated/resources/vouchers';
import type { AppDeps } from '../../app';
import {
  listBnetIdentifiers,
  listEncashmentFileNumbers,
  listVoucherAmounts,
  listVoucherLocations,
  listVoucherNumbers,
} from '../../db/repositories/voucher-options.repository';
import { creditorIdOf } from '../../plugins/auth';
import { requirePermission } from '../../plugins/permissions';

const querystring = {
  type: 'object',
  properties: { search: { type: 'string', maxLength: 200 } },
  additionalProperties: false,
} as const;
const schemaOf = (summary: string, items: unknown) => ({
  tags: ['vouchers'],
  summary,
  querystring,
  security: [{ bearerAuth: [] }],
  response: { 200: { type: 'array', items }, '4xx': { $ref: 'ApiError#' } },
});

type OptionsRequest = FastifyRequest<{ Querystring: { search?: string } }>;

/**
 * The voucher list's filter choices (document 1 §7: location, bnet identifier, encashment file
 * number, number lists and the amount list). They fail silently with an empty list (document 1 §8
 * "filter-option loads fail silently with empty data"); a missing permission still answers 403.
 */
export async function voucherOptionRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const gate = requirePermission(db, vouchersResource.menu!.permission!);
  const emptyOnError =
    <T>(load: (creditorId: number, search?: string) => Promise<T[]>) =>
    async (request: OptionsRequest): Promise<T[]> => {
      try {
        return await load(creditorIdOf(request), request.query.search);
      } catch (error) {
        request.log.warn({ err: error }, 'voucher filter options failed');
        return [];
      }
    };
  const route = <T>(
    url: string,
    summary: string,
    items: unknown,
    load: (creditorId: number, search?: string) => Promise<T[]>,
  ) =>
    app.get<{ Querystring: { search?: string } }>(
      url,
      { schema: schemaOf(summary, items), preHandler: gate },
      emptyOnError(load),
    );

  route(
    '/voucher/location/list',
    'Locations named by the vouchers',
    {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        customNumber: { type: ['string', 'null'] },
        label: { type: 'string' },
      },
      required: ['id', 'name', 'label'],
    },
    (creditorId, search) => listVoucherLocations(db, creditorId, search),
  );
  route(
    '/voucher/bnet-identifier/list',
    'Document-processing ids of the vouchers',
    { type: 'string' },
    (creditorId, search) => listBnetIdentifiers(db, creditorId, search),
  );
  route(
    '/voucher/encashment-file-number/list',
    'Encashment file numbers of the vouchers',
    { type: 'string' },
    (creditorId, search) => listEncashmentFileNumbers(db, creditorId, search),
  );
  route('/voucher/number/list', 'Voucher numbers as shown', { type: 'string' }, (creditorId, search) =>
    listVoucherNumbers(db, creditorId, search),
  );
  route(
    '/voucher/amount-list',
    'Distinct voucher amounts (cents) with their German text',
    {
      type: 'object',
      properties: { value: { type: 'integer' }, label: { type: 'string' } },
      required: ['value', 'label'],
    },
    (creditorId, search) => listVoucherAmounts(db, creditorId, search),
  );
}
