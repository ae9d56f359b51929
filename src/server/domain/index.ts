import type { CommandHandler } from '../commands/command.types';
import { accountHandlers } from './account';
import { debtorHandlers } from './debtors';
import { settingsHandlers } from './settings';
import { voucherHandlers } from './vouchers';

/**
 * Every command handler, by command name: one record per area of schema/commands. The pipeline
 * checks at start-up that each command has its handler and each handler its command.
 */
export const handlers: Record<string, CommandHandler> = {
  ...accountHandlers,
  ...debtorHandlers,
  ...voucherHandlers,
  ...settingsHandlers,
};
