import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { enums } from '../../../../generated/enums';
import { variants } from '../../../../generated/variants';
import type { AppDeps } from '../../app';
import { germanText } from '../../commands/command-audit';
import { LOGIN_DENIED_STATUSES } from '../../services/auth.service';
import { ApiError } from '../../errors';
import { productScopeOf, requireAdminScreen } from './admin-access';
import { idParams } from './admin-schemas';
import { errorResponses } from '../route-schemas';

const PRODUCT_TYPES = enums.productType.values.map((v) => String(v.value));

/**
 * Impersonation (document 2 §2 "Entry flow", §6, §7): GET /user-management/user/{id}/switch gives an
 * admin a creditor user's view. Decisions:
 * - The answer is an access token of the user carrying the admin (`impersonatedBy`, `adminEmail`);
 *   it has no refresh token and ends with the token's life (15 minutes). The client keeps the
 *   admin's own session aside and restores it on "Zurückwechseln".
 * - Only creditor users whose login is allowed; a product admin only users of the own product
 *   (else 404). A user of another product than the portal's (`product`, the portal's variant; default
 *   the admin's) is refused with 409 admin.otherProductUser: the admin must open that product's portal.
 * - The switch is in the action log (type impersonation) with the admin's and the user's e-mail, and
 *   so is every command taken with the token (command-audit.ts).
 */
export async function adminImpersonationRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get<{ Params: { id: number }; Querystring: { product?: string } }>(
    '/user-management/user/:id/switch',
    {
      schema: {
        tags: ['users'],
        summary: "Impersonation: an access token with the creditor user's view",
        security: [{ bearerAuth: [] }],
        params: idParams,
        querystring: {
          type: 'object',
          properties: { product: { type: 'string', enum: PRODUCT_TYPES } },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: { token: { type: 'string' }, username: { type: 'string' }, product: { type: 'string' } },
            required: ['token', 'username', 'product'],
          },
          ...errorResponses,
        },
      },
      preHandler: requireAdminScreen(db, 'users'),
    },
    async (request) => {
      const scope = productScopeOf(request);
      const user = await db
        .selectFrom('appUser as u')
        .innerJoin('creditor as c', 'c.id', 'u.creditorId')
        .select(['u.id', 'u.username', 'u.email', 'u.roles', 'u.product', 'u.status', 'u.creditorId', 'c.identifier', 'c.sapNumber'])
        .where('u.id', '=', request.params.id)
        .executeTakeFirst();
      if (!user || (scope && user.product !== scope)) throw new ApiError(404, 'notFound');
      const portal = request.query.product ?? request.user.product;
      if (user.product !== portal) {
        const product = variants[user.product]?.productName ?? user.product;
        throw new ApiError(409, 'admin.otherProductUser', germanText('admin.otherProductUser', { product }, portal));
      }
      if (LOGIN_DENIED_STATUSES.has(user.status)) throw new ApiError(409, 'commands.wrongState');
      const admin = await db.selectFrom('appUser').select('email').where('id', '=', request.user.id).executeTakeFirstOrThrow();
      await logImpersonation(db, {
        adminId: request.user.id,
        adminEmail: admin.email,
        user: { ...user, product: user.product },
        payload: { userIdentifier: user.id },
      });
      const token = app.jwt.sign({
        sub: String(user.id),
        username: user.username,
        roles: user.roles,
        creditorId: user.creditorId,
        product: user.product,
        impersonatedBy: request.user.id,
        adminEmail: admin.email,
      });
      return { token, username: user.username, product: user.product };
    },
  );
}

/** The one action-log entry of an admin taking a creditor user's view (also a product preview). */
export async function logImpersonation(
  db: Kysely<Database>,
  entry: {
    adminId: number;
    adminEmail: string;
    user: { email: string; product: string; creditorId: number | null; identifier: string; sapNumber: string | null };
    payload: Record<string, unknown>;
  },
): Promise<void> {
  const { adminId, adminEmail, user, payload } = entry;
  await db
    .insertInto('actionLogEntry')
    .values({
      userId: adminId,
      actionType: 'impersonation',
      productType: user.product,
      payload: JSON.stringify(payload),
      adminEmail,
      userEmail: user.email,
      creditorId: user.creditorId,
      creditorIdentifier: user.identifier,
      debtorIdentifier: '',
      voucherIdentifier: '',
      creditorSapNumber: user.sapNumber ?? '',
      debtorSapNumber: '',
      voucherReference: '',
      voucherSapNumber: '',
      transactionKey: randomUUID(),
      createdAt: new Date(),
    })
    .execute();
}
