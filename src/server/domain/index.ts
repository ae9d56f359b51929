import type { CommandHandler } from '../commands/command.types';
import { accountHandlers } from './account';
import { adminHandlers } from './admin';
import { debtorHandlers } from './debtors';
import { onboardingHandlers } from './onboarding';
import { registrationHandlers } from './registration';
import { settingsHandlers } from './settings';
import { uploadHandlers } from './uploads';
import { voucherHandlers } from './vouchers';
import { workQueueHandlers } from './work-queue';
import { permanentDebtHandlers } from './permanent-debts';
import { sepaDebitHandlers } from './sepa-debits';
import { datevHandlers } from '../export/datev';

/**
 * Every command handler, by command name: one record per area of schema/commands. The pipeline
 * checks at start-up that each command has its handler and each handler its command.
 */
export const handlers: Record<string, CommandHandler> = {
  ...accountHandlers,
  ...debtorHandlers,
  ...voucherHandlers,
  ...settingsHandlers,
  ...adminHandlers,
  ...uploadHandlers,
  ...registrationHandlers,
  ...onboardingHandlers,
  ...workQueueHandlers,
  ...permanentDebtHandlers,
  ...sepaDebitHandlers,
  ...datevHandlers,
};
