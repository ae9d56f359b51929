import type { FastifyInstance } from 'fastify';
import { adminsRoutes as generatedAdmins } from '../../../../generated/routes/admins';
import { usersRoutes as generatedUsers } from '../../../../generated/routes/users';
import type { AppDeps } from '../../app';
import { listAdmins, listCreditorUsers } from '../../db/repositories/admin-user.repository';
import { adminListRoute } from './admin-list-route';

/**
 * GET /user-management/user/list (the creditors' users; admins with a user- or creditor-management
 * permission, a product admin for their product) and GET /user-management/user/admin-list (the
 * administrators; super admin only) — document 2 §7 "User commands".
 */
export async function adminUsersRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  // one statement with the admin's session and permissions read along (issue 32)
  adminListRoute(app, db, 'users', generatedUsers.list, (scope, readerId, query) => listCreditorUsers(db, scope, readerId, query));

  // the administrators (super admin only) have no product scope: the statement runs without one
  adminListRoute(app, db, 'admins', generatedAdmins.list, (_scope, readerId, query) => listAdmins(db, readerId, query));
}
