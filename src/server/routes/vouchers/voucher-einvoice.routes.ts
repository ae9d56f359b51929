import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import {
  BuyerDataMissing,
  hasEInvoice,
  loadVoucherRecords,
  SellerDataMissing,
  voucherEInvoice,
} from '../../einvoice/out/voucher-einvoice';
import { ApiError } from '../../errors';
import { creditorIdOf } from '../../plugins/auth';
import { requirePermission } from '../../plugins/permissions';
import { actorOf, writeActionLog } from '../../services/action-log';
import { errorResponses } from '../route-schemas';
import { germanText } from '../../commands/command-audit';

const FORMATS = ['xrechnungUbl', 'xrechnungCii', 'zugferd'] as const;

/**
 * GET /voucher/{id}/einvoice: the voucher's e-invoice (issue 29) in its location's format, or the
 * one asked for (`?format=`; a PDF location gets XRechnung UBL). Another creditor's voucher is "not
 * found" (404, like the detail); missing seller or buyer data answer 409 with the fields in German;
 * every download is in the action log.
 */
export async function voucherEInvoiceRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  app.route<{ Params: { id: number }; Querystring: { format?: (typeof FORMATS)[number] } }>({
    method: 'GET',
    url: '/voucher/:id/einvoice',
    schema: {
      tags: ['vouchers'],
      summary: 'The voucher as e-invoice (XRechnung UBL/CII or ZUGFeRD PDF)',
      params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
      querystring: { type: 'object', properties: { format: { type: 'string', enum: [...FORMATS] } }, additionalProperties: false },
      security: [{ bearerAuth: [] }],
      response: errorResponses,
    },
    preHandler: requirePermission(db, 'voucherDetails.actions.downloadEInvoice'),
    handler: async (request, reply) => {
      const creditorId = creditorIdOf(request);
      const records = await loadVoucherRecords(db, creditorId, request.params.id);
      if (!records) throw new ApiError(404, 'notFound');
      if (!hasEInvoice(records.voucher.type)) throw new ApiError(409, 'eInvoice.notAvailable');
      let built: Awaited<ReturnType<typeof voucherEInvoice>>;
      try {
        built = await voucherEInvoice(records, request.query.format);
      } catch (error) {
        if (error instanceof SellerDataMissing)
          throw new ApiError(409, 'eInvoice.sellerDataMissing', germanText('messages.eInvoice.sellerDataMissing', { fields: error.fields.join(', ') }));
        if (error instanceof BuyerDataMissing)
          throw new ApiError(409, 'eInvoice.buyerDataMissing', germanText('messages.eInvoice.buyerDataMissing', { fields: error.fields.join(', ') }));
        throw error;
      }
      await writeActionLog(db, actorOf(request.user), 'einvoice_download', { voucherId: records.voucher.id, format: built.format, fileName: built.fileName });
      return reply
        .type(built.mimeType)
        .header('content-disposition', `attachment; filename="${built.fileName}"`)
        .send(Buffer.from(built.bytes));
    },
  });
}
