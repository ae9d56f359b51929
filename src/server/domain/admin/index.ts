import type { CommandHandler } from '../../commands/command.types';
import {
  disableDoc2PortalInvoices,
  disableLetter2PostDocuments,
  enableDoc2PortalInvoices,
  enableLetter2PostDocuments,
  sendCaseFile,
  sendCreditorToSap,
  sendSetupFee,
  setCreditorPermissions,
} from './creditor-settings.handlers';
import {
  blockCreditor,
  disableBlockCreditor,
  disableCreditorUsers,
  enableCreditorUsers,
  reactivateCreditor,
  terminateCreditor,
} from './creditor-state.handlers';
import { assignDebtor } from './assignment.handlers';
import { updateCreditor } from './creditor-update';
import { createExternalVoucher } from './external-voucher.handlers';
import { retryParkedMail, retryParkedProcessingJob } from './parked-job.handlers';
import { importStatesOfAffairs, previewStateOfAffairsImport } from './state-of-affairs.handlers';
import { createFeeCondition, deleteFeeCondition, editServiceFeePeriod } from './service-fee.handlers';
import { acceptSepaUpdate, declineSepaUpdate, requestSepaUpdate } from './sepa-update.handlers';
import {
  registerAdministrator,
  registerCreditorUser,
  registerProductAdministrator,
} from './admin-registration.handlers';
import {
  addAdminPermission,
  adminResetUserPassword,
  disableUser,
  enableUser,
  removeAdminPermission,
  sendCreditorRegistrationMail,
  updateCreditorContactInformation,
  updateUser,
} from './user.handlers';

/** The handlers of schema/commands/admin-*.yaml, by command name. */
export const adminHandlers: Record<string, CommandHandler> = {
  retryParkedProcessingJob,
  retryParkedMail,
  updateCreditor,
  blockCreditor,
  disableBlockCreditor,
  terminateCreditor,
  reactivateCreditor,
  disableCreditorUsers,
  enableCreditorUsers,
  setCreditorPermissions,
  sendSetupFee,
  sendCreditorToSap,
  sendCaseFile,
  enableDoc2PortalInvoices,
  disableDoc2PortalInvoices,
  enableLetter2PostDocuments,
  disableLetter2PostDocuments,
  requestSepaUpdate,
  acceptSepaUpdate,
  declineSepaUpdate,
  updateUser,
  disableUser,
  enableUser,
  addAdminPermission,
  removeAdminPermission,
  registerAdministrator,
  registerProductAdministrator,
  registerCreditorUser,
  adminResetUserPassword,
  sendCreditorRegistrationMail,
  updateCreditorContactInformation,
  createFeeCondition,
  editServiceFeePeriod,
  deleteFeeCondition,
  assignDebtor,
  previewStateOfAffairsImport,
  importStatesOfAffairs,
  createExternalVoucher,
};
