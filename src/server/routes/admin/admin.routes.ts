import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { adminActionLogRoutes } from './admin-action-log.routes';
import { adminActionsRoutes } from './admin-actions.routes';
import { adminCreditorEditRoutes } from './admin-creditor-edit.routes';
import { adminAssignmentsRoutes } from './admin-assignments.routes';
import { adminClaimsRoutes } from './admin-claims.routes';
import { adminCreditorsRoutes } from './admin-creditors.routes';
import { adminImpersonationRoutes } from './admin-impersonation.routes';
import { adminRequestsRoutes } from './admin-requests.routes';
import { adminUsersRoutes } from './admin-users.routes';

/**
 * The administration's read calls (document 2 §7): creditors, users and admins, SEPA update
 * requests, debtor assignment, action log, service fees. Every route needs an admin role and the
 * screen's admin permission (admin-access.ts); a product admin sees their product only.
 */
export async function adminRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const plugin of [
    adminCreditorsRoutes,
    adminUsersRoutes,
    adminRequestsRoutes,
    adminAssignmentsRoutes,
    adminActionLogRoutes,
    adminClaimsRoutes,
    adminImpersonationRoutes,
    adminActionsRoutes,
    adminCreditorEditRoutes,
  ]) {
    await app.register(plugin, deps);
  }
}
