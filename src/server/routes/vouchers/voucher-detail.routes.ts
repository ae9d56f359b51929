import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enums } from '../../../../generated/enums';
import { vouchersResource } from '../../../../generated/resources/vouchers';
import type { AppDeps } from '../../app';
import {
  findBalancedVouchers,
  findVoucherHistory,
  findVoucherProcessLog,
  findVoucherState,
  findVoucherWorkQueue,
} from '../../db/repositories/voucher-detail.repository';
import { ApiError } from '../../errors';
import { creditorIdOf } from '../../plugins/auth';
import { requirePermission } from '../../plugins/permissions';
import { voucherPermissionsFor } from './voucher-permissions';
import { errorResponses } from '../route-schemas';
import { requireAdminOfRecord } from '../admin/admin-access';

const params = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
} as const;
// The spec shows no shape for these lists; decision: `{ entries, count }` like the notification list.
const entriesOf = (ref: string) => ({
  type: 'object',
  properties: { entries: { type: 'array', items: { $ref: `${ref}#` } }, count: { type: 'integer' } },
  required: ['entries', 'count'],
});
const schemaOf = (summary: string, ok: unknown) => ({
  tags: ['vouchers'],
  summary,
  params,
  security: [{ bearerAuth: [] }],
  response: { 200: ok, ...errorResponses },
});

// Processing codes shown in red are errorResponses (150–153, 803, 9xx): the enumeration's colour says so.
const ERROR_CODES = new Set(
  enums.processingCode.values.filter((value) => value.color === 'error').map((value) => Number(value.value)),
);

type WithId = FastifyRequest<{ Params: { id: number } }>;

/**
 * The calls of a voucher's detail (document 1 §7 "Vouchers"): history, balancing summary, open
 * work-queue entries, permissions and processing state for creditor users (404 for another
 * tenant's id), and the process log for admins (admin view; 403 for creditor users).
 */
export async function voucherDetailRoutes(app: FastifyInstance, { db, clock }: AppDeps): Promise<void> {
  const gate = requirePermission(db, vouchersResource.menu!.permission!);
  /** The caller's voucher, or 404. */
  const ownVoucher = async (request: WithId) => {
    const state = await findVoucherState(db, creditorIdOf(request), request.params.id);
    if (!state) throw new ApiError(404, 'notFound');
    return state;
  };

  app.get<{ Params: { id: number } }>(
    '/voucher/:id/history/list',
    {
      schema: schemaOf('History of a voucher, newest first', entriesOf('VoucherHistoryEntry')),
      preHandler: gate,
    },
    async (request) => {
      await ownVoucher(request);
      const entries = await findVoucherHistory(db, creditorIdOf(request), request.params.id);
      return { entries, count: entries.length };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/voucher/:id/list-balanced-vouchers',
    {
      schema: schemaOf('Balancing summary of a voucher', {
        type: 'object',
        properties: {
          balancedVouchers: { type: 'array', items: { $ref: 'BalancedVoucher#' } },
          balancingVouchers: { type: 'array', items: { $ref: 'BalancedVoucher#' } },
        },
        required: ['balancedVouchers', 'balancingVouchers'],
      }),
      preHandler: [gate, requirePermission(db, 'voucherDetails.showBalancingSummary')],
    },
    async (request) => {
      await ownVoucher(request);
      return findBalancedVouchers(db, creditorIdOf(request), request.params.id);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/user-information/work-queue/voucher/:id/list',
    { schema: schemaOf('Open work-queue entries of a voucher', entriesOf('WorkQueueRef')), preHandler: gate },
    async (request) => {
      await ownVoucher(request);
      const entries = await findVoucherWorkQueue(db, creditorIdOf(request), request.params.id);
      return { entries, count: entries.length };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/voucher/:id/permissions',
    {
      schema: schemaOf('Actions allowed on a voucher now', { $ref: 'VoucherPermissions#' }),
      preHandler: gate,
    },
    // on the commands' clock: the answer says what the commands accept at the same moment
    async (request) => voucherPermissionsFor(db, request, await ownVoucher(request), clock()),
  );

  app.get<{ Params: { id: number } }>(
    '/voucher/:id/bnet-status',
    {
      schema: schemaOf('Document-processing state of a voucher', { $ref: 'VoucherBnetStatus#' }),
      preHandler: gate,
    },
    async (request) => {
      const creditorId = creditorIdOf(request);
      await ownVoucher(request);
      const [voucher, events] = await Promise.all([
        db
          .selectFrom('voucher')
          .select(['id', 'bnetId', 'bnetStatus', 'bnetPurchaseStatus', 'processingStatus', 'pendingStatus'])
          .where('creditorId', '=', creditorId)
          .where('id', '=', request.params.id)
          .executeTakeFirstOrThrow(),
        findVoucherHistory(db, creditorId, request.params.id, ['bnet_status', 'bnet_purchase_status']),
      ]);
      return {
        ...voucher,
        isError: voucher.bnetStatus != null && ERROR_CODES.has(voucher.bnetStatus),
        events,
      };
    },
  );

  // Admin view: admins who may open the creditors screen read the process log (a product admin only
  // of their product's creditors); creditor users get 403.
  app.get<{ Params: { id: number } }>(
    '/voucher/:id/process-log/list',
    { schema: schemaOf('Process log of a voucher (admins)', entriesOf('LogItem')), preHandler: requireAdminOfRecord(db, 'voucher') },
    async (request) => {
      const entries = await findVoucherProcessLog(db, request.params.id);
      if (!entries) throw new ApiError(404, 'notFound');
      return { entries, count: entries.length };
    },
  );
}
