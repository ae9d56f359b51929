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
      .then((row) => ({
        roles: request.user.roles,
        productPermissions: variants[request.user.product]?.permissions ?? {},
        userPermissions: row?.permissions ?? {},
      }));
    contexts.set(request, context);
  }
  return context;
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
 * The guard of a read whose queries may run while the caller's permission is read (one round trip
 * instead of two): `preHandler` admits a creditor user and starts reading the permission; the
 * handler starts its queries, then calls `assert` before it answers anything (403 `forbidden` when
 * the permission is off — the queries' rows are dropped, never sent). Only for reads: nothing may
 * be written before `assert`. The guard carries the path like {@link requirePermission}'s.
 *
 * @example
 * const gate = overlappingPermission(db, 'navigation.vouchers');
 * app.get('/voucher/list', { preHandler: gate.preHandler }, async (request) => {
 *   const page = settled(listVouchers(db, creditorIdOf(request), request.query));
 *   await gate.assert(request);
 *   return page;
 * });
 */
export function overlappingPermission(db: Kysely<Database>, path: string) {
  const preHandler = withAccess(
    async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      await requireCreditorUser(request, reply);
      // started, not awaited: `assert` awaits the same read (cached per request)
      isAllowedFor(db, request, path).catch(() => undefined);
    },
    { kind: 'creditor', permissions: [path] },
  );
  const assert = async (request: FastifyRequest): Promise<void> => {
    if (!(await isAllowedFor(db, request, path))) throw new ApiError(403, 'forbidden');
  };
  return { preHandler, assert };
}

/**
 * A promise whose rejection is observed now and re-raised when awaited: a read started before
 * {@link overlappingPermission}'s `assert` that fails after a refusal must not end the process as an
 * unhandled rejection.
 */
export function settled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
