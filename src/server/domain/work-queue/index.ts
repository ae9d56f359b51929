import type { CommandHandler } from '../../commands/command.types';
import { answerWorkQueueItem } from './work-queue-answer.handlers';

export { runWorkQueueBackOffice } from './work-queue-back-office';

/** The handlers of schema/commands/workQueue.yaml, by command name. */
export const workQueueHandlers: Record<string, CommandHandler> = {
  answerWorkQueueItem,
};
