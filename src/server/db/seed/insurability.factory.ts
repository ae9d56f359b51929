import { variants } from '../../../../generated/variants';
import { lookup } from '../../../shared/permissions';
import { INSURABILITY_RULES } from '../repositories/debtor-detail.repository';
import type { NewVoucher } from '../schema';
import { INVOICE_TYPES } from '../../services/status-groups';
import type { CreditorContext } from './seed-context';
import { shiftDate } from './seed-random';

// The products whose debtor detail lists the open insurable invoices (variants/*.yaml).
const INSURABLE_TAB = 'debtorDetails.tabs.openInsurableInvoices';
// A debtor needs this many open invoices so that some stay insurable beside the five cases.
const MIN_OPEN = 8;

const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });
const handOverDay = (v: NewVoucher) => berlinDay.format(new Date(String(v.uploadedAt)));

const isOpenInvoice = (v: NewVoucher) =>
  v.status === 'open' &&
  Number(v.leftoverAmount ?? 0) > 0 &&
  !v.requiresProcessing &&
  INVOICE_TYPES.includes(String(v.type));

/**
 * Demo cases of the protection variant's insurability rule (INSURABILITY_RULES): in a product that
 * shows the open insurable invoices, five open invoices of the first debtor with at least eight
 * break one rule each — term over 90 days, performance date over 30 days before the voucher date,
 * due in under 3 days at hand-over, voucher date after hand-over, the number of an earlier voucher —
 * so that its tab lists fewer invoices than are open. Runs after the vouchers are enriched and draws
 * no random numbers: every other demo row stays as it was.
 *
 * @example
 * for (const voucher of base) enrichVoucher(ctx, voucher);
 * addNotInsurableCases(ctx, base);
 */
export function addNotInsurableCases(ctx: CreditorContext, vouchers: NewVoucher[]): void {
  if (lookup(variants[ctx.product]?.permissions, INSURABLE_TAB) !== true) return;
  const byDebtor = new Map<number, NewVoucher[]>();
  for (const v of vouchers) {
    if (!isOpenInvoice(v) || v.debtorId == null) continue;
    byDebtor.set(v.debtorId, [...(byDebtor.get(v.debtorId) ?? []), v]);
  }
  const debtorId = [...byDebtor.keys()]
    .sort((a, b) => a - b)
    .find((id) => byDebtor.get(id)!.length >= MIN_OPEN);
  if (debtorId === undefined) return;
  // the oldest invoice takes the long term, so that its later due date has passed as well
  const [longTerm, oldPerformance, dueSoon, datedLater, duplicate] = byDebtor
    .get(debtorId)!
    .sort(
      (a, b) => String(a.voucherDate).localeCompare(String(b.voucherDate)) || Number(a.id) - Number(b.id),
    );
  const { maxPaymentTermDays, maxPerformanceDaysBeforeVoucherDate, minRemainingDueDays } = INSURABILITY_RULES;

  longTerm.paymentDeadline = shiftDate(String(longTerm.voucherDate), maxPaymentTermDays + 30);
  oldPerformance.performanceDate = shiftDate(
    String(oldPerformance.voucherDate),
    -(maxPerformanceDaysBeforeVoucherDate + 15),
  );
  dueSoon.paymentDeadline = shiftDate(handOverDay(dueSoon), minRemainingDueDays - 2);
  datedLater.voucherDate = shiftDate(handOverDay(datedLater), 2);

  // the number of the creditor's first upload makes a later one a duplicate (ties: the lower id)
  const order = (a: NewVoucher, b: NewVoucher) =>
    String(a.uploadedAt).localeCompare(String(b.uploadedAt)) || Number(a.id) - Number(b.id);
  const first = vouchers.filter((v) => v.customNumber).sort(order)[0];
  if (first && order(first, duplicate) < 0) duplicate.customNumber = first.customNumber;
}
