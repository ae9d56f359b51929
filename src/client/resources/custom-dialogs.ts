import type { ComponentType } from 'react';
import { WorkQueueAnswerDialog } from '../pages/work-queue/WorkQueueAnswerDialog';
import { AssignDebtorDialog } from './AssignDebtorDialog';
import { EditCreditorDialog } from './EditCreditorDialog';

/** What a hand-written action dialog receives (the shown record, its id, close). */
export interface CustomDialogProps {
  record?: Record<string, unknown>;
  recordId?: string | number;
  onClose(): void;
}

/**
 * Forms whose fields depend on the record at run time beyond what the YAML's conditions say, by
 * form name: the work-queue answer offers the item's own options and asks what the chosen one
 * requires; the creditor edit loads the master data it starts with; the debtor assignment offers the case's
 * debtors and locations as searchable lists. Every other action dialog is the
 * generic one.
 */
export const customDialogs: Record<string, ComponentType<CustomDialogProps>> = {
  workQueueAnswer: WorkQueueAnswerDialog,
  editCreditor: EditCreditorDialog,
  assignDebtor: AssignDebtorDialog,
};
