import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { commandsRoutes } from '../commands/commands.routes';
import { adminRoutes } from './admin/admin.routes';
import { authRoutes } from './auth/auth.routes';
import { debtorExtrasRoutes } from './debtors/debtor-extras.routes';
import { debtorPickerRoutes } from './debtors/debtor-picker.routes';
import { debtorsRoutes } from './debtors/debtors.routes';
import { einvoiceRoutes } from './einvoice/einvoice.routes';
import { locationsRoutes } from './locations/locations.routes';
import { permanentDebtsRoutes } from './permanent-debts/permanent-debts.routes';
import { systemRoutes } from './system/system.routes';
import { creditorRoutes } from './creditor/creditor.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { settingsRoutes } from './settings/settings.routes';
import { statementsRoutes } from './statements/statements.routes';
import { termsRoutes } from './terms/terms.routes';
import { workQueueRoutes } from './work-queue/work-queue.routes';
import { unprocessedRoutes } from './unprocessed/unprocessed.routes';
import { variantsRoutes } from './variants/variants.routes';
import { vouchersRoutes } from './vouchers/vouchers.routes';
import { filesRoutes } from './files/files.routes';
import { uploadPreviewRoutes } from './uploads/upload-preview.routes';
import { onboardingRoutes } from './onboarding/onboarding.routes';
import { actionLogEntryRoutes } from './system/action-log-entry.routes';
import { sepaDebitsRoutes } from './sepa-debits/sepa-debits.routes';
import { datevRoutes } from './datev/datev.routes';
import { eventsRoutes } from './events/events.routes';

/**
 * Every route plugin of the API, one line each (mounted under `/api` by app.ts). A new area adds
 * its plugin here: `routes/<area>/<area>.routes.ts` exporting `async function xRoutes(app, deps)`.
 */
const ROUTE_PLUGINS = [
  systemRoutes,
  authRoutes,
  debtorsRoutes,
  debtorExtrasRoutes,
  debtorPickerRoutes,
  locationsRoutes,
  permanentDebtsRoutes,
  einvoiceRoutes,
  workQueueRoutes,
  notificationsRoutes,
  statementsRoutes,
  creditorRoutes,
  settingsRoutes,
  termsRoutes,
  dashboardRoutes,
  vouchersRoutes,
  unprocessedRoutes,
  adminRoutes,
  variantsRoutes,
  filesRoutes,
  uploadPreviewRoutes,
  onboardingRoutes,
  actionLogEntryRoutes,
  sepaDebitsRoutes,
  datevRoutes,
  eventsRoutes,
  // every command of schema/commands, through the one pipeline
  commandsRoutes,
];

export async function registerRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const plugin of ROUTE_PLUGINS) await api.register(plugin, deps);
}
