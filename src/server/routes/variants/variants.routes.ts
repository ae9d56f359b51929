import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permissionTables } from '../../../../generated/permissions';
import { variants } from '../../../../generated/variants';
import { variantComparison } from '../../../../generated/variant-comparison';
import type { AppDeps } from '../../app';
import { ApiError } from '../../errors';
import { ACTIVE_USER_STATUSES, MAIN_USER_ROLES } from '../../services/creditor-users';
import { enumValue } from '../../services/status-groups';
import { logImpersonation } from '../admin/admin-impersonation.routes';
import { errorResponses } from '../route-schemas';

const cellSchema = {
  type: 'object',
  properties: {
    value: {},
    origin: { type: 'string', enum: ['variant', 'default'] },
    source: { type: 'string' },
  },
  required: ['value', 'origin'],
} as const;

const comparisonSchema = {
  type: 'object',
  properties: {
    products: {
      type: 'array',
      items: {
        type: 'object',
        properties: { code: { type: 'string' }, productName: { type: 'string' }, source: { type: 'string' } },
        required: ['code', 'productName', 'source'],
      },
    },
    sections: { type: 'array', items: { type: 'string' } },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          section: { type: 'string' },
          key: { type: 'string' },
          label: { type: 'string' },
          defaultValue: {},
          differs: { type: 'boolean' },
          cells: { type: 'object', additionalProperties: cellSchema },
        },
        required: ['section', 'key', 'label', 'cells', 'differs'],
      },
    },
  },
  required: ['products', 'sections', 'rows'],
} as const;

/** What the matrix expects outside dev mode: a super admin (checked by requireSuperAdmin). */
const SUPER_ADMIN_OUTSIDE_DEV = { kind: 'admin', adminPermissions: 'superAdmin' } as const;

/**
 * Product owners' tools (issue 16): `GET /variants/comparison` — the eight products side by side,
 * from `generated/variant-comparison.ts`. Super admins only; in dev mode (`npm run dev`) also without
 * login, so a product owner sees the YAML they edit at once.
 */
export async function variantsRoutes(app: FastifyInstance, { db, devTools }: AppDeps): Promise<void> {
  app.get(
    '/variants/comparison',
    {
      // no token needed for the auth hook (dev tools answer without one); otherwise super admins only
      config: { public: true, access: SUPER_ADMIN_OUTSIDE_DEV },
      schema: {
        tags: ['product owners'],
        summary: 'The products (variants) side by side: every value with the YAML line it comes from',
        security: [{ bearerAuth: [] }],
        response: { 200: comparisonSchema, '4xx': { $ref: 'ApiError#' } },
      },
    },
    async (request) => {
      if (!devTools) await requireSuperAdmin(request);
      return variantComparison;
    },
  );

  /**
   * Preview as a product (issue 16): a read-only access token of the product's demo creditor — the
   * first active main user of an active creditor of that product — so the creditor area opens
   * styled and worded as that product with its data. The token carries the admin
   * (`impersonatedBy`, so the entry checks are skipped) and `preview`, which the auth hook turns
   * into 403 previewReadOnly for anything but reading. No refresh token: it ends after 15 minutes.
   */
  app.post<{ Params: { code: string } }>(
    '/variants/preview/:code',
    {
      // no token needed for the auth hook (dev tools answer without one); otherwise super admins only
      config: { public: true, access: SUPER_ADMIN_OUTSIDE_DEV },
      schema: {
        tags: ['product owners'],
        summary: "Preview a product: a read-only token of its demo creditor's main user",
        security: [{ bearerAuth: [] }],
        params: {
          type: 'object',
          properties: { code: { type: 'string', enum: Object.keys(variants) } },
          required: ['code'],
        },
        response: {
          200: {
            type: 'object',
            properties: {
              token: { type: 'string' },
              product: { type: 'string' },
              username: { type: 'string' },
              creditorName: { type: 'string' },
            },
            required: ['token', 'product', 'username', 'creditorName'],
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      if (!devTools) await requireSuperAdmin(request);
      const code = request.params.code;
      const user = await db
        .selectFrom('appUser as u')
        .innerJoin('creditor as c', 'c.id', 'u.creditorId')
        .select(['u.id', 'u.username', 'u.email', 'u.roles', 'u.creditorId', 'u.sessionVersion', 'c.name as creditorName', 'c.identifier', 'c.sapNumber'])
        .where('u.product', '=', code)
        .where('u.status', 'in', [...ACTIVE_USER_STATUSES])
        .where('c.status', '=', enumValue('creditorStatus', 'active'))
        .orderBy('c.id')
        .orderBy('u.id')
        .execute()
        .then((rows) => rows.find((row) => (row.roles as string[]).some((role) => MAIN_USER_ROLES.includes(role))));
      if (!user) throw new ApiError(404, 'previewNoDemoCreditor');
      const adminId = devTools && !request.user ? undefined : request.user?.id;
      const admin = adminId
        ? await db.selectFrom('appUser').select(['email', 'sessionVersion']).where('id', '=', adminId).executeTakeFirst()
        : undefined;
      if (admin && adminId) {
        await logImpersonation(db, { adminId, adminEmail: admin.email, user: { ...user, product: code }, payload: { userIdentifier: user.id, preview: true } });
      }
      const token = app.jwt.sign({
        sub: String(user.id),
        username: user.username,
        roles: user.roles as string[],
        creditorId: user.creditorId,
        product: code,
        ...(adminId ? { impersonatedBy: adminId, adminEmail: admin?.email, asv: admin?.sessionVersion } : {}),
        sv: user.sessionVersion,
        preview: true,
      });
      return { token, product: code, username: user.username, creditorName: user.creditorName };
    },
  );
}

async function requireSuperAdmin(request: FastifyRequest): Promise<void> {
  request.verifyAccessToken();
  if (!request.user.roles.some((role) => permissionTables.roles[role]?.allPermissions)) {
    throw new ApiError(403, 'forbidden');
  }
}
