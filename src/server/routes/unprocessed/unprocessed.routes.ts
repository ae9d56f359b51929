import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { unprocessedResource } from '../../../../generated/resources/unprocessed';
import { unprocessedRoutes as generated } from '../../../../generated/routes/unprocessed';
import type { UnprocessedVoucher } from '../../../../generated/types';
import type { AppDeps } from '../../app';
import {
  countUnprocessedVouchers,
  findUnprocessedVoucher,
  listUnprocessedVouchers,
  type UnprocessedListQuery,
  type UnprocessedRow,
} from '../../db/repositories/unprocessed.repository';
import type { VoucherState } from '../../db/repositories/voucher-detail.repository';
import type { Database } from '../../db/schema';
import { ApiError } from '../../errors';
import { creditorIdOf } from '../../plugins/auth';
import { requirePermission } from '../../plugins/permissions';
import { germanText } from '../vouchers/catalogue-text';
import { voucherPermissionsFor } from '../vouchers/voucher-permissions';
import { withErrors } from '../route-schemas';

const MINUTE_MS = 60_000;

// What a pending reason means and what the creditor may do (document 1 §4 "Pending vouchers"):
// pendingVoucherStatus value or group → text of schema/texts/messages.yaml.
const EXPLANATION_OF: Record<string, string> = {
  duplicate: 'messages.pendingVouchers.duplicate',
  not_purchasable: 'messages.pendingVouchers.notPurchasable',
  encashment_direct: 'messages.pendingVouchers.encashmentDirect',
  in_future_billing: 'messages.pendingVouchers.inFuture',
  in_future_factoring: 'messages.pendingVouchers.inFuture',
  in_future_performance_date: 'messages.pendingVouchers.inFuturePerformanceDate',
};

/**
 * The pending reason's explanation and the editing pause in German (the UI language): insurance
 * reasons name themselves in messages.pendingVouchers.insuranceNotPossible; the pause is shown in
 * whole minutes left, rounded up, while it runs (document 1 §9 "Pause time for editing shown in minutes").
 */
export function describePending(
  pendingStatus: string | null,
  pendingLabel: string,
  endOfPauseAt: Date | null,
  now: Date,
): Pick<UnprocessedVoucher, 'pendingExplanation' | 'pauseRemainingMinutes' | 'pauseInfo'> {
  const explanation = !pendingStatus
    ? null
    : EXPLANATION_OF[pendingStatus]
      ? germanText(EXPLANATION_OF[pendingStatus])
      : germanText('messages.pendingVouchers.insuranceNotPossible', { reason: pendingLabel });
  if (!endOfPauseAt) return { pendingExplanation: explanation, pauseRemainingMinutes: null, pauseInfo: null };
  const minutes = Math.max(0, Math.ceil((endOfPauseAt.getTime() - now.getTime()) / MINUTE_MS));
  return {
    pendingExplanation: explanation,
    pauseRemainingMinutes: minutes,
    pauseInfo:
      minutes > 0
        ? germanText('messages.unprocessed.pauseInfo', { minutes })
        : germanText('messages.unprocessed.pauseEnded'),
  };
}

const stateOf = (row: UnprocessedRow): VoucherState => ({
  id: row.id,
  status: row.status ?? 'open',
  subStatus: row.subStatus,
  type: row.type,
  dunningType: row.dunningType,
  requiresProcessing: row.requiresProcessing,
  officialVoucherNumber: row.officialVoucherNumber ?? null,
  pendingStatus: row.pendingStatus ?? null,
  amount: row.amount ?? 0,
  leftoverAmount: row.leftoverAmount,
  paymentDeadline: row.paymentDeadline,
  endOfPauseAt: row.endOfPauseAt,
  // an upload in processing takes no dunning stop: no stop days used yet
  dunningBlockDaysUsed: 0,
  dunningBlockLevel: null,
});

async function present(
  db: Kysely<Database>,
  request: FastifyRequest,
  row: UnprocessedRow,
  now: Date,
): Promise<UnprocessedVoucher> {
  const {
    endOfPauseAt,
    requiresProcessing: _r,
    type: _t,
    subStatus: _s,
    dunningType: _d,
    leftoverAmount: _l,
    paymentDeadline: _p,
    ...item
  } = row;
  const label = row.pendingStatus ? germanText(`enums.pendingVoucherStatus.${row.pendingStatus}`) : '';
  return {
    ...item,
    ...describePending(row.pendingStatus ?? null, label, endOfPauseAt, now),
    permissions: await voucherPermissionsFor(db, request, stateOf(row), now),
  };
}

/**
 * The unprocessed area of document 1 §7 for creditor users, limited to their own creditor and gated
 * by the resource's menu permission: GET /unprocessed-voucher/list, /count, and the detail
 * /unprocessed-voucher/show/:id (404 once processed or for another tenant's id).
 */
export async function unprocessedRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const gate = requirePermission(db, unprocessedResource.menu!.permission!);

  app.route<{ Querystring: UnprocessedListQuery }>({
    method: generated.list.method,
    url: generated.list.url,
    schema: withErrors(generated.list.schema),
    preHandler: gate,
    handler: async (request) => {
      const now = new Date();
      const page = await listUnprocessedVouchers(db, creditorIdOf(request), request.query);
      const vouchers = await Promise.all(page.vouchers.map((row) => present(db, request, row, now)));
      return { ...page, vouchers };
    },
  });

  app.route<{ Params: { id: number } }>({
    method: generated.show.method,
    url: generated.show.url,
    schema: withErrors(generated.show.schema),
    preHandler: gate,
    handler: async (request) => {
      const row = await findUnprocessedVoucher(db, creditorIdOf(request), request.params.id);
      if (!row) throw new ApiError(404, 'notFound');
      return present(db, request, row, new Date());
    },
  });

  app.get(
    '/unprocessed-voucher/count',
    {
      schema: {
        tags: ['unprocessed'],
        summary: 'How many uploads are still in processing',
        security: [{ bearerAuth: [] }],
        response: {
          200: {
            type: 'object',
            properties: { countUnprocessedVouchers: { type: 'integer' } },
            required: ['countUnprocessedVouchers'],
          },
          '4xx': { $ref: 'ApiError#' },
        },
      },
      preHandler: gate,
    },
    async (request) => ({
      countUnprocessedVouchers: await countUnprocessedVouchers(db, creditorIdOf(request)),
    }),
  );
}
