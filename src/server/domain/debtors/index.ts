import type { CommandHandler } from '../../commands/command.types';
import { createDebtor, identCheck } from './debtor-create.handlers';
import { activateDebtor, deactivateDebtor, removeSepaMandate, updateDebtor, updatePaymentData } from './debtor-edit.handlers';
import { determineSolvency, increaseLimit, refreshLimit } from './debtor-limit.handlers';
import {
  activateLocation,
  addLocation,
  deactivateLocation,
  deletePostAddress,
  setLocationEmail,
  setPostAddress,
  updateLocation,
} from './location.handlers';

/** The handlers of schema/commands/debtors.yaml, by command name. */
export const debtorHandlers: Record<string, CommandHandler> = {
  identCheck,
  createDebtor,
  updateDebtor,
  updatePaymentData,
  removeSepaMandate,
  deactivateDebtor,
  activateDebtor,
  increaseLimit,
  refreshLimit,
  determineSolvency,
  addLocation,
  updateLocation,
  activateLocation,
  deactivateLocation,
  setPostAddress,
  deletePostAddress,
  setLocationEmail,
};
