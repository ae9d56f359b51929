import type { ComponentType } from 'react';
import { lazyPage } from '../lazy/lazy-page';

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
 * generic one. Each is fetched when it first opens, with the form machinery it brings (@rjsf, ajv):
 * a list or detail route does not load it (issue 13).
 */
export const customDialogs: Record<string, ComponentType<CustomDialogProps>> = {
  workQueueAnswer: lazyPage<CustomDialogProps>(
    () => import('../pages/work-queue/WorkQueueAnswerDialog'),
    'WorkQueueAnswerDialog',
  ),
  editCreditor: lazyPage<CustomDialogProps>(() => import('./EditCreditorDialog'), 'EditCreditorDialog'),
  assignDebtor: lazyPage<CustomDialogProps>(() => import('./AssignDebtorDialog'), 'AssignDebtorDialog'),
};
