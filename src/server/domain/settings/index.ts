import type { CommandHandler } from '../../commands/command.types';
import { deleteCompanyUser, registerCompanyUser, updateCompanyUser } from './company-user.handlers';
import { deleteEmailReminderSetting, updateDefaultExposureType, updateEmailReminderSetting } from './settings.handlers';

/** The handlers of schema/commands/settings.yaml, by command name. */
export const settingsHandlers: Record<string, CommandHandler> = {
  updateEmailReminderSetting,
  deleteEmailReminderSetting,
  updateDefaultExposureType,
  registerCompanyUser,
  updateCompanyUser,
  deleteCompanyUser,
};
