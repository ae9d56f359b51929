import type { FastifyInstance } from 'fastify';
import { adminsRoutes as generatedAdmins } from '../../../../generated/routes/admins';
import { usersRoutes as generatedUsers } from '../../../../generated/routes/users';
import type { AppDeps } from '../../app';
import type { AdminListQuery } from '../../db/repositories/admin-list-query';
import {
  type AdminListFilters,
  listAdmins,
  listCreditorUsers,
  type UserListFilters,
} from '../../db/repositories/admin-user.repository';
import { requireAdminScreen } from './admin-access';
import { adminListRoute } from './admin-list-route';
import { withErrors } from '../route-schemas';

/**
 * GET /user-management/user/list (the creditors' users; admins with a user- or creditor-management
 * permission, a product admin for their product) and GET /user-management/user/admin-list (the
 * administrators; super admin only) — document 2 §7 "User commands".
 */
export async function adminUsersRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  // one statement with the admin's session and permissions read along (issue 32)
  adminListRoute<UserListFilters, Awaited<ReturnType<typeof listCreditorUsers>>>(
    app,
    db,
    'users',
    generatedUsers.list,
    (scope, readerId, query) => listCreditorUsers(db, scope, readerId, query),
  );

  app.route<{ Querystring: AdminListQuery<AdminListFilters> }>({
    method: generatedAdmins.list.method,
    url: generatedAdmins.list.url,
    schema: withErrors(generatedAdmins.list.schema),
    preHandler: requireAdminScreen(db, 'admins'),
    handler: (request) => listAdmins(db, request.query),
  });
}
