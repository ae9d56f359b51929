import type { CommandHandler } from '../../commands/command.types';
import { updateDatevSettings } from './datev-settings.handlers';

/** The commands of schema/commands/datev.yaml. */
export const datevHandlers: Record<string, CommandHandler> = { updateDatevSettings };
