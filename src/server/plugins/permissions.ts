import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { permissionTables } from '../../../generated/permissions';
import { variants } from '../../../generated/variants';
import { createPermissionEvaluator, type PermissionContext } from '../../shared/permissions';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { requireCreditorUser } from './auth';
import { withAccess } from './route-access';

/** The one evaluator (src/shared/permissions.ts) fed by the generated tables — the client uses the same. */
export const permissions = createPermissionEvaluator(permissionTables);

const contexts = new WeakMap<FastifyRequest, Promise<PermissionContext>>();

/**
 * The permission context of a request: the user's roles, the product's switches (its variant YAML)
 * and the user's stored permissions (read once per request, so a change applies at once).
 */
export function permissionContextOf(db: Kysely<Database>, request: FastifyRequest): Promise<PermissionContext> {
  let context = contexts.get(request);
  if (!context) {
    context = db
      .selectFrom('appUser')
      .select('permissions')
      .where('id', '=', request.user.id)
      .executeTakeFirst()
      .then((row) => contextFrom(request, row?.permissions));
    contexts.set(request, context);
  }
  return context;
}

/** The stored permissions of the request's user, read by the session check (the same request needs no second read). */
export function rememberStoredPermissions(request: FastifyRequest, stored: Record<string, unknown> | null | undefined): void {
  contexts.set(request, Promise.resolve(contextFrom(request, stored)));
}

/** The permission context of the request's user with these stored permissions (none: no row). */
function contextFrom(request: FastifyRequest, stored: Record<string, unknown> | null | undefined): PermissionContext {
  return {
    roles: request.user.roles,
    productPermissions: variants[request.user.product]?.permissions ?? {},
    userPermissions: stored ?? {},
  };
}

/** Whether a permission path is on for the caller. */
export async function isAllowedFor(db: Kysely<Database>, request: FastifyRequest, path: string): Promise<boolean> {
  return permissions.isAllowed(path, await permissionContextOf(db, request));
}

/**
 * preHandler for creditor-area routes gated by a permission path: a creditor user (tenant) whose
 * effective permission is on; 403 `forbidden` otherwise. The guard carries the path (`.access`),
 * so the route declares it (src/server/plugins/route-access.ts).
 *
 * @example api.get('/debtor/list', { preHandler: requirePermission(db, 'navigation.debtors') }, handler)
 */
export function requirePermission(db: Kysely<Database>, path: string) {
  return withAccess(
    async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      await requireCreditorUser(request, reply);
      if (!(await isAllowedFor(db, request, path))) throw new ApiError(403, 'forbidden');
    },
    { kind: 'creditor', permissions: [path] },
  );
}

/**
 * The guard of a read that fetches the caller's stored permissions (`app_user.permissions`) in one of
 * its own statements instead of a round trip before it: `preHandler` admits a creditor user; the
 * handler reads its rows and the permissions together, then calls `assert` with them before it
 * answers anything (403 `forbidden` when the permission is off — the rows are dropped, never sent).
 * Only for reads: nothing may be written before `assert`. The guard carries the path like
 * {@link requirePermission}'s, and later checks of the request ({@link isAllowedFor}) use the same
 * permissions.
 *
 * @example
 * const gate = permissionReadAlong('navigation.vouchers');
 * app.get('/voucher/list', { preHandler: gate.preHandler }, async (request) => {
 *   const page = await listVouchers(db, creditorIdOf(request), request.user.id, request.query);
 *   gate.assert(request, page.readerPermissions);
 *   return page;
 * });
 */
export function permissionReadAlong(path: string) {
  const preHandler = withAccess((request: FastifyRequest, reply: FastifyReply) => requireCreditorUser(request, reply), {
    kind: 'creditor',
    permissions: [path],
  });
  const assert = (request: FastifyRequest, stored: Record<string, unknown> | null | undefined): void => {
    const context = contextFrom(request, stored);
    contexts.set(request, Promise.resolve(context));
    if (!permissions.isAllowed(path, context)) throw new ApiError(403, 'forbidden');
  };
  return { preHandler, assert };
}
