import type { CommandHandler } from '../../commands/command.types';
import { createPermanentDebt, stopPermanentDebt } from './permanent-debt.handlers';

export { runPermanentDebtSweep } from './permanent-debt-sweep';

/** The handlers of schema/commands/permanentDebts.yaml, by command name. */
export const permanentDebtHandlers: Record<string, CommandHandler> = {
  createPermanentDebt,
  stopPermanentDebt,
};
