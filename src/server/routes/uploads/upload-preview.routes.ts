import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { creditorIdOf } from '../../plugins/auth';
import { requirePermission } from '../../plugins/permissions';
import { findKnownDebtor } from '../../processing/debtor-identification';

interface MatchBody {
  name?: string;
  street?: string;
  zip?: string;
  city?: string;
  iban?: string;
  vatId?: string;
}

const text = { type: 'string', maxLength: 200 };

/**
 * `POST /voucher/upload/debtor-match` (under /api): which of the caller's customers the buyer an
 * e-invoice names is (the upload dialog reads the invoice with POST /einvoice/read first, then asks
 * this) — by VAT id, then IBAN, then name and address (findKnownDebtor); read-only, within the own
 * creditor.
 */
export async function uploadPreviewRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.post<{ Body: MatchBody }>(
    '/voucher/upload/debtor-match',
    {
      preHandler: requirePermission(db, 'vouchers.upload'),
      schema: {
        tags: ['vouchers'],
        summary: 'Find the own customer an e-invoice names (before the upload)',
        security: [{ bearerAuth: [] }],
        body: {
          type: 'object',
          properties: { name: text, street: text, zip: text, city: text, iban: text, vatId: text },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              kind: { type: 'string', enum: ['one', 'several', 'none'] },
              debtorId: { type: 'integer' },
              locationId: { type: 'integer' },
              name: { type: 'string' },
              reason: { type: 'string' },
              count: { type: 'integer' },
            },
            required: ['kind'],
          },
          '4xx': { $ref: 'ApiError#' },
        },
      },
    },
    async (request) => findKnownDebtor(db, creditorIdOf(request), request.body ?? {}),
  );
}
