import type { ComponentType } from 'react';
import { DownloadEInvoiceDialog } from './DownloadEInvoiceDialog';
import { ImpersonateDialog } from './ImpersonateDialog';

/** What a client-side action's dialog receives: the shown record and its id. */
export interface ClientActionProps {
  record?: Record<string, unknown>;
  recordId?: string | number;
  onClose(): void;
}

/**
 * Detail actions that run no command and open no form but a dialog of their own, by action key (a
 * lookup table, as widgets are): the impersonation of a creditor user (schema/resources/users.yaml),
 * the e-invoice download of a voucher (schema/resources/vouchers.yaml, issue 29).
 */
export const CLIENT_ACTIONS: Record<string, ComponentType<ClientActionProps>> = {
  impersonate: ImpersonateDialog,
  downloadEInvoice: DownloadEInvoiceDialog,
};
