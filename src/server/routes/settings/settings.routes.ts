import type { FastifyInstance } from 'fastify';
import { permissionTables } from '../../../../generated/permissions';
import type { AppDeps } from '../../app';
import { germanText } from '../../commands/command-audit';
import { findCreditorSettings, listCompanyUsers } from '../../db/repositories/settings.repository';
import { creditorIdOf } from '../../plugins/auth';
import { requirePermission } from '../../plugins/permissions';
import { companyUserRolesSchema, companyUsersSchema, detailsSchema, exposureTypeSchema } from './settings.schemas';

const COMPANY_ROLES = permissionTables.roleGroups.companyUsers;

/**
 * Settings reads of document 1 §7: the settings details (e-mail reminders, default exposure type),
 * the default exposure type alone, and the company users. Each is gated by its settings tab.
 * Decision: the company-user list answers `{ companyUsers, count, maxCompanyUsers }` (the spec
 * shows no shape; the maximum drives the "maximum reached" message); `…/roles` lists the three
 * sub-roles a company user may get, with their German labels. The writes are commands
 * (schema/commands/settings.yaml).
 */
export async function settingsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get(
    '/user-information/creditor-settings/details',
    { schema: detailsSchema, preHandler: requirePermission(db, 'settings.tabs.emailNotifications') },
    (request) => findCreditorSettings(db, creditorIdOf(request)),
  );
  app.get(
    '/creditor/default-exposure-type',
    { schema: exposureTypeSchema, preHandler: requirePermission(db, 'settings.tabs.general') },
    async (request) => {
      const { defaultExposureType } = await findCreditorSettings(db, creditorIdOf(request));
      return { defaultExposureType: defaultExposureType ?? null };
    },
  );
  app.get(
    '/user-management/creditor-company-user/list',
    { schema: companyUsersSchema, preHandler: requirePermission(db, 'settings.tabs.companyUsers') },
    (request) => listCompanyUsers(db, creditorIdOf(request)),
  );
  // the choices of the role field of the company-user dialogs (schema/forms/createCompanyUser.yaml)
  app.get(
    '/user-management/creditor-company-user/roles',
    { schema: companyUserRolesSchema, preHandler: requirePermission(db, 'settings.tabs.companyUsers') },
    async (request) =>
      COMPANY_ROLES.map((role) => ({
        value: permissionTables.roles[role].key,
        label: germanText(permissionTables.roles[role].label, {}, request.user.product),
      })),
  );
}
