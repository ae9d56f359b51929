import type { CommandHandler } from '../../commands/command.types';
import {
  addAttachment,
  cancelUpload,
  continueVoucher,
  deleteAttachment,
  editCustomisedLabel,
  editDeliveryType,
  reuploadVoucher,
} from './unprocessed.handlers';
import { uploadSubsequentInvoice } from './subsequent-invoice.handlers';
import { transferBasicProcess } from './transfer.handlers';
import { uploadVoucher } from './upload.handlers';

/** The handlers of schema/commands/uploads.yaml, by command name. */
export const uploadHandlers: Record<string, CommandHandler> = {
  uploadVoucher,
  cancelUpload,
  continueVoucher,
  editDeliveryType,
  editCustomisedLabel,
  addAttachment,
  deleteAttachment,
  reuploadVoucher,
  transferBasicProcess,
  uploadSubsequentInvoice,
};
