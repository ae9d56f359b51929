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
import { productScopeOf, requireAdminScreen } from './admin-access';
import { withErrors } from '../route-schemas';

/**
 * GET /user-management/user/list (the creditors' users; admins with a user- or creditor-management
 * permission, a product admin for their product) and GET /user-management/user/admin-list (the
 * administrators; super admin only) — document 2 §7 "User commands".
 */
export async function adminUsersRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.route<{ Querystring: AdminListQuery<UserListFilters> }>({
    method: generatedUsers.list.method,
    url: generatedUsers.list.url,
    schema: withErrors(generatedUsers.list.schema),
    preHandler: requireAdminScreen(db, 'users'),
    handler: (request) => listCreditorUsers(db, productScopeOf(request), request.query),
  });

  app.route<{ Querystring: AdminListQuery<AdminListFilters> }>({
    method: generatedAdmins.list.method,
    url: generatedAdmins.list.url,
    schema: withErrors(generatedAdmins.list.schema),
    preHandler: requireAdminScreen(db, 'admins'),
    handler: (request) => listAdmins(db, request.query),
  });
}
