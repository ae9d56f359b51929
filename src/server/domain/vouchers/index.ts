import type { CommandHandler } from '../../commands/command.types';
import {
  cancelDunningBlock,
  closeDelay,
  closeDispute,
  commentVoucher,
  openDelay,
  openDispute,
  setDunningBlock,
} from './voucher-case.handlers';
import { abandonVoucher, annulVoucher, createCreditAdvice, reportDirectPayment } from './voucher-payment.handlers';

/** The handlers of schema/commands/vouchers.yaml, by command name. */
export const voucherHandlers: Record<string, CommandHandler> = {
  commentVoucher,
  abandonVoucher,
  createCreditAdvice,
  reportDirectPayment,
  annulVoucher,
  setDunningBlock,
  cancelDunningBlock,
  openDispute,
  closeDispute,
  openDelay,
  closeDelay,
};
