import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { ApiError } from '../../errors';
import { actorOf, type ActionLogRefs, writeActionLog } from '../../services/action-log';
import { productScopeOf } from '../admin/admin-access';
import { errorResponses } from '../route-schemas';

/**
 * The action types a client may log itself (POST /action-log/create-entry). Decision: only these —
 * what the server logs (every command's type, login, impersonation, exports) cannot be forged from
 * the browser. Their labels are in schema/texts/actionTypes.yaml.
 */
export const CLIENT_ACTION_TYPES = ['file_download', 'document_preview'] as const;

/** The largest payload kept (JSON text); a bigger one is refused with 400. */
export const CLIENT_PAYLOAD_MAX = 10_000;

const identifier = { type: 'string', maxLength: 64, default: '' } as const;

const bodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['actionType'],
  properties: {
    actionType: { type: 'string', enum: [...CLIENT_ACTION_TYPES] },
    payload: { type: ['object', 'array', 'string', 'number', 'boolean', 'null'] },
    creditorIdentifier: identifier,
    debtorIdentifier: identifier,
    voucherIdentifier: identifier,
    additionalFilterInformation: {
      type: 'object',
      additionalProperties: false,
      properties: {
        creditorSapNumber: identifier,
        debtorSapNumber: identifier,
        voucherReference: { type: 'string', maxLength: 200 },
        voucherSapNumber: identifier,
      },
    },
  },
} as const;

interface Body {
  actionType: string;
  payload?: unknown;
  creditorIdentifier: string;
  debtorIdentifier: string;
  voucherIdentifier: string;
  additionalFilterInformation?: Record<string, string>;
}

/**
 * POST /action-log/create-entry (documents 1 §7 and 2 §7): the client's own action-log entry, for
 * every logged-in user. Decision: it is no command (the command pipeline would write a second entry
 * of its own); the server is still the authority over what the entry says — the creditor is the
 * caller's own (an admin may name one of its product scope), debtor and voucher must belong to that
 * creditor (else 404, nothing written), and the SAP numbers and the voucher reference come from the
 * database, not from `additionalFilterInformation`. Errors go back to the caller, the client shows
 * nothing (spec).
 */
export async function actionLogEntryRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.post<{ Body: Body }>(
    '/action-log/create-entry',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags: ['actionLog'],
        summary: "The client's own action-log entry (types: file_download, document_preview)",
        security: [{ bearerAuth: [] }],
        body: bodySchema,
        response: {
          200: { type: 'object', properties: { identifier: { type: 'integer' } }, required: ['identifier'] },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const body = request.body;
      const payloadText = JSON.stringify(body.payload ?? {});
      if (payloadText.length > CLIENT_PAYLOAD_MAX) throw new ApiError(400, 'validationError');
      const actor = actorOf(request.user);

      // the creditor: a creditor user's own; an admin's only when named, within the product scope
      let creditorId: number | null = actor.creditorId;
      if (creditorId != null) {
        if (body.creditorIdentifier) {
          const own = await db.selectFrom('creditor').select('identifier').where('id', '=', creditorId).executeTakeFirst();
          if (own?.identifier !== body.creditorIdentifier) throw new ApiError(404, 'notFound');
        }
      } else if (body.creditorIdentifier) {
        const scope = productScopeOf(request);
        const named = await db
          .selectFrom('creditor')
          .select(['id', 'product'])
          .where('identifier', '=', body.creditorIdentifier)
          .executeTakeFirst();
        if (!named || (scope && named.product !== scope)) throw new ApiError(404, 'notFound');
        creditorId = named.id;
      }

      const refs: ActionLogRefs = { creditorId };
      if (body.debtorIdentifier) {
        const debtor =
          creditorId == null
            ? undefined
            : await db
                .selectFrom('debtor')
                .select(['identifier', 'sapNumber'])
                .where('creditorId', '=', creditorId)
                .where('identifier', '=', body.debtorIdentifier)
                .executeTakeFirst();
        if (!debtor) throw new ApiError(404, 'notFound');
        refs.debtorIdentifier = debtor.identifier;
        refs.debtorSapNumber = debtor.sapNumber ?? '';
      }
      if (body.voucherIdentifier) {
        const id = /^\d{1,12}$/.test(body.voucherIdentifier) ? Number(body.voucherIdentifier) : null;
        const voucher =
          creditorId == null || id == null
            ? undefined
            : await db
                .selectFrom('voucher')
                .select(['id', 'customNumber', 'sapNumber'])
                .where('creditorId', '=', creditorId)
                .where('id', '=', id)
                .executeTakeFirst();
        if (!voucher) throw new ApiError(404, 'notFound');
        refs.voucherIdentifier = String(voucher.id);
        refs.voucherReference = voucher.customNumber ?? '';
        refs.voucherSapNumber = voucher.sapNumber ?? '';
      }
      const identifier = await writeActionLog(db, actor, body.actionType, JSON.parse(payloadText), refs);
      return { identifier };
    },
  );
}
