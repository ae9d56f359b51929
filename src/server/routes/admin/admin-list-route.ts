import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Kysely } from 'kysely';
import type { AdminListQuery, ProductScope } from '../../db/repositories/admin-list-query';
import type { ReaderAlong } from '../../db/repositories/reader-along';
import type { Database } from '../../db/schema';
import { ApiError } from '../../errors';
import { requireAdmin } from '../../plugins/auth';
import { rememberStoredPermissions } from '../../plugins/permissions';
import { withAccess } from '../../plugins/route-access';
import { assertSession } from '../../services/session';
import { withErrors } from '../route-schemas';
import { ADMIN_ACCESS, type AdminScreen, mayOpen, productScopeOf, rememberAdminPermissions } from './admin-access';

const adminListOf = (stored: Record<string, unknown> | null): string[] => {
  const admin = stored?.admin;
  return Array.isArray(admin) ? admin.map(String) : [];
};

/**
 * The read-along form of `requireAdminScreen` (issue 32): `preHandler` admits a token of an admin
 * role; `read` runs the route's one statement — which reads the admin's session row and stored
 * permissions along with its rows ({@link ReaderAlong}) — then asserts the session (401), the admin
 * role and the screen's admin permissions as stored now (403), before anything is answered. The
 * product scope depends on the roles the session row brings: the statement is run with the scope of
 * the token's roles, and when the stored roles give another scope (a role changed since the token
 * was issued) its rows are dropped and it runs once more with the scope of the row; a scope that
 * changes again meanwhile is refused (403).
 *
 * @example
 * const gate = adminScreenReadAlong(db, 'actionLog');
 * app.get('/action-log/list', { config: { sessionReadAlong: true }, preHandler: gate.preHandler },
 *   (request, reply) => gate.read(request, reply, (scope) => listActionLog(db, scope, request.user.id, request.query)));
 */
export function adminScreenReadAlong(db: Kysely<Database>, screen: AdminScreen) {
  const preHandler = withAccess((request: FastifyRequest, reply: FastifyReply) => requireAdmin(request, reply), {
    kind: 'admin',
    adminPermissions: ADMIN_ACCESS[screen],
  });
  async function read<T extends ReaderAlong>(
    request: FastifyRequest,
    reply: FastifyReply,
    load: (scope: ProductScope) => Promise<T>,
  ): Promise<Omit<T, keyof ReaderAlong>> {
    let scope = productScopeOf(request);
    for (let attempt = 0; ; attempt++) {
      const { readerPermissions, readerSession, ...page } = await load(scope);
      assertSession(request, readerSession);
      rememberStoredPermissions(request, readerPermissions);
      rememberAdminPermissions(request, adminListOf(readerPermissions));
      // an admin role among the roles as stored now
      await requireAdmin(request, reply);
      if (!(await mayOpen(db, request, screen))) throw new ApiError(403, 'forbidden');
      const stored = productScopeOf(request);
      if (stored === scope) return page;
      if (attempt > 0) throw new ApiError(403, 'forbidden');
      scope = stored;
    }
  }
  return { preHandler, read };
}

/**
 * Registers an admin list route answered by one read-along statement (issue 32; the admin creditor
 * list and the action log): the generated route's method, URL and schemas, the screen's read-along
 * guard, and `load` — the list's repository function, given the admin's product scope and id.
 *
 * @example adminListRoute(app, db, 'actionLog', generated.list, (scope, readerId, query) => listActionLog(db, scope, readerId, query));
 */
export function adminListRoute<F extends object, T extends ReaderAlong>(
  app: FastifyInstance,
  db: Kysely<Database>,
  screen: AdminScreen,
  route: { method: string; url: string; schema: FastifySchema & { response: Record<string, unknown> } },
  load: (scope: ProductScope, readerId: number, query: AdminListQuery<F>) => Promise<T>,
): void {
  const gate = adminScreenReadAlong(db, screen);
  app.route<{ Querystring: AdminListQuery<F> }>({
    method: route.method as 'GET',
    url: route.url,
    schema: withErrors(route.schema),
    // the caller's session and admin permissions are read in the list's own statement
    config: { sessionReadAlong: true },
    preHandler: gate.preHandler,
    handler: (request, reply) => gate.read(request, reply, (scope) => load(scope, request.user.id, request.query)),
  });
}
