import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { findCreditorSettings, listCompanyUsers } from '../../db/repositories/settings.repository';
import { creditorIdOf } from '../../plugins/auth';
import { requirePermission } from '../../plugins/permissions';
import { companyUsersSchema, detailsSchema, exposureTypeSchema } from './settings.schemas';

/**
 * Settings reads of document 1 §7: the settings details (e-mail reminders, default exposure type),
 * the default exposure type alone, and the company users. Each is gated by its settings tab.
 * Decision: the company-user list answers `{ companyUsers, count, maxCompanyUsers }` (the spec
 * shows no shape; the maximum drives the "maximum reached" message).
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
}
