import type { CommandHandler } from '../../commands/command.types';
import { createSepaDebitFile, setSepaCreditorIdentifier } from './sepa-debit.handlers';
import { importSepaReturns } from './sepa-returns.handlers';

/** The commands of schema/commands/sepaDebits.yaml. */
export const sepaDebitHandlers: Record<string, CommandHandler> = {
  createSepaDebitFile,
  setSepaCreditorIdentifier,
  importSepaReturns,
};
