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
import { productScopeOf, requireAdminPermission } from './admin-access';
import { idParams } from './admin-schemas';
import { errorResponses } from '../route-schemas';

const PRODUCT_TYPES = enums.productType.values.map((v) => String(v.value));
/** the admin permission (schema/permissions.yaml) that lets an admin act as a creditor user */
export const IMPERSONATE = 'impersonate_user';

/**
 * Impersonation (document 2 §2 "Entry flow", §6, §7): GET /user-management/user/{id}/switch gives an
 * admin a creditor user's view. Decisions:
 * - The answer is an access token of the user carrying the admin (`impersonatedBy`, `adminEmail`);
 *   it has no refresh token and ends with the token's life (15 minutes). The client keeps the
 *   admin's own session aside and restores it on "Zurückwechseln".
 * - It needs the admin permission impersonate_user (issue 26). What the admin may do meanwhile is
 *   each command's `impersonation` (schema/commands): creating or changing users, passwords,
 *   payment and SEPA data are refused (403 commands.impersonationRefused).
 * - The token is checked on every request like any session (src/server/services/session.ts): it
 *   ends when the user's or the admin's sessions end, and when the admin is disabled or loses the
 *   permission.
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
      // its own admin permission (issue 26): seeing a user's view is more than editing the user
      preHandler: requireAdminPermission(db, IMPERSONATE),
    },
    async (request) => {
      const scope = productScopeOf(request);
      const user = await db
        .selectFrom('appUser as u')
        .innerJoin('creditor as c', 'c.id', 'u.creditorId')
        .select(['u.id', 'u.username', 'u.email', 'u.roles', 'u.product', 'u.status', 'u.creditorId', 'u.sessionVersion', 'c.identifier', 'c.sapNumber'])
        .where('u.id', '=', request.params.id)
        .executeTakeFirst();
      if (!user || (scope && user.product !== scope)) throw new ApiError(404, 'notFound');
      const portal = request.query.product ?? request.user.product;
      if (user.product !== portal) {
        const product = variants[user.product]?.productName ?? user.product;
        throw new ApiError(409, 'admin.otherProductUser', germanText('admin.otherProductUser', { product }, portal));
      }
      if (LOGIN_DENIED_STATUSES.has(user.status)) throw new ApiError(409, 'commands.wrongState');
      const admin = await db.selectFrom('appUser').select(['email', 'sessionVersion']).where('id', '=', request.user.id).executeTakeFirstOrThrow();
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
        // the session check ends it with the user's or the admin's sessions
        sv: user.sessionVersion,
        asv: admin.sessionVersion,
      });
      return { token, username: user.username, product: user.product };
    },
  );

  // "Zurückwechseln" (issue 26): the end of an impersonation is a server call in the action log.
  app.post(
    '/user-management/user/switch-back',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags: ['users'],
        summary: 'End an impersonation: logged with the admin and the user (the client restores the admin session)',
        security: [{ bearerAuth: [] }],
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' } }, required: ['success'] }, ...errorResponses },
      },
    },
    async (request) => {
      const { impersonatedBy, adminEmail } = request.user;
      if (!impersonatedBy || !adminEmail) throw new ApiError(409, 'commands.wrongState');
      const user = await db
        .selectFrom('appUser as u')
        .innerJoin('creditor as c', 'c.id', 'u.creditorId')
        .select(['u.email', 'u.product', 'u.creditorId', 'c.identifier', 'c.sapNumber'])
        .where('u.id', '=', request.user.id)
        .executeTakeFirstOrThrow();
      await logImpersonation(db, { adminId: impersonatedBy, adminEmail, user, payload: { userIdentifier: request.user.id }, actionType: 'impersonation_end' });
      return { success: true };
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
    /** default: the start of the impersonation */
    actionType?: 'impersonation' | 'impersonation_end';
  },
): Promise<void> {
  const { adminId, adminEmail, user, payload, actionType = 'impersonation' } = entry;
  await db
    .insertInto('actionLogEntry')
    .values({
      userId: adminId,
      actionType,
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
