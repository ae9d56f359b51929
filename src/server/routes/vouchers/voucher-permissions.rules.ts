import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { enums } from '../../../../generated/enums';
import type { VoucherPermissions } from '../../../../generated/types';
import type { VoucherState } from '../../db/repositories/voucher-detail.repository';
import type { Database } from '../../db/schema';
import { groupValues } from '../../../shared/enum-groups';
import { permissionContextOf, permissions } from '../../plugins/permissions';
import { INVOICE_TYPES } from '../../services/status-groups';

/**
 * Which actions the server allows on one voucher now (GET /voucher/{id}/permissions, the detail's
 * `permissions`). The spec gates each action by "a server permission key" but does not show the
 * rules; these are the product's decisions:
 * - uploads still in processing (requiresProcessing, no official number) may be cancelled and have
 *   their delivery type edited; a pending one may be continued; attachments change only while the
 *   editing pause runs; a failed upload or one refused for direct encashment may be re-uploaded;
 * - processed invoices that are still open (leftover > 0) take abandonment, credit advice and direct
 *   payment; annulation only while nothing of them is balanced;
 * - a dunning block is set on an open invoice not yet blocked or in encashment, and cancelled while
 *   it runs; a dispute is opened on an open invoice and closed while open; a delay is reported for an
 *   overdue open invoice and closed while reported (document 1 §4);
 * - blocked and terminated creditors hand over no new vouchers (no re-upload, no subsequent invoice).
 * Each flag is further ANDed with the product/user permission of its action (one evaluator).
 */
const OPEN_STATES = new Set(groupValues(enums.voucherStatus, 'open'));
const DUNNING_GROUP = new Set(enums.voucherSubStatus.groups.dunning?.values.map(String) ?? []);
const NO_NEW_VOUCHERS = new Set(groupValues(enums.creditorStatus, 'noNewVouchers'));

/** The product/user permission each flag also needs. */
const PERMISSION_OF: Record<keyof VoucherPermissions, string[]> = {
  abandonment: ['voucherDetails.actions.abandonment'],
  annulation: ['voucherDetails.actions.annulation'],
  creditAdvice: ['voucherDetails.actions.creditAdvice'],
  directPayment: ['voucherDetails.actions.directPayment'],
  setDunningBlock: ['voucherDetails.actions.setDunningBlock'],
  cancelDunningBlock: ['voucherDetails.actions.cancelDunningBlock'],
  openDispute: ['voucherDetails.actions.openDispute'],
  closeDispute: ['voucherDetails.actions.closeDispute'],
  openDelay: ['voucherDetails.actions.openDelay'],
  closeDelay: ['voucherDetails.actions.closeDelay'],
  showBalancingSummary: ['voucherDetails.showBalancingSummary'],
  uploadSubsequentInvoice: ['voucherDetails.actions.uploadSubsequentInvoice', 'vouchers.upload'],
  // re-upload needs cancel and the voucher upload as well (permissions.yaml)
  reUpload: ['unprocessedDetails.actions.reUpload', 'unprocessedDetails.actions.cancel', 'vouchers.upload'],
  comment: ['voucherDetails.actions.comment'],
  cancel: ['unprocessedDetails.actions.cancel'],
  continueVoucher: ['unprocessedDetails.actions.continue'],
  editDeliveryType: ['unprocessedDetails.actions.editDeliveryType'],
  addAttachment: ['unprocessedDetails.actions.addAttachment'],
  deleteAttachment: ['unprocessedDetails.actions.deleteAttachment'],
};

/**
 * The flags of the voucher's state alone, before product and user permissions.
 *
 * @example voucherStateRules(state, 'active', new Date()).cancelDunningBlock // → true while halted
 */
export function voucherStateRules(
  v: VoucherState,
  creditorStatus: string,
  now: Date,
): Required<VoucherPermissions> {
  const unprocessed = v.requiresProcessing && v.officialVoucherNumber == null;
  const processed = !unprocessed;
  const openInvoice =
    processed && INVOICE_TYPES.includes(v.type) && OPEN_STATES.has(v.status) && Number(v.leftoverAmount) > 0;
  const halted = v.subStatus === 'halt' || v.dunningType === 'halt';
  const inEncashment =
    v.subStatus === 'encashment' || v.dunningType === 'encashment' || v.dunningType === 'ENCASHMENT';
  const disputed = v.subStatus === 'customer_complaint';
  const delayed = v.subStatus === 'delayed';
  const today = now.toISOString().slice(0, 10);
  const overdue = v.paymentDeadline != null && v.paymentDeadline < today;
  const pauseRunning = v.endOfPauseAt != null && v.endOfPauseAt.getTime() > now.getTime();
  const mayHandOver = !NO_NEW_VOUCHERS.has(creditorStatus);
  return {
    abandonment: openInvoice,
    annulation: openInvoice && Number(v.leftoverAmount) === Number(v.amount),
    creditAdvice: openInvoice,
    directPayment: openInvoice,
    setDunningBlock: openInvoice && !halted && !inEncashment && (overdue || DUNNING_GROUP.has(v.subStatus)),
    cancelDunningBlock: processed && halted,
    openDispute: openInvoice && !disputed,
    closeDispute: processed && disputed,
    openDelay: openInvoice && overdue && !delayed,
    closeDelay: processed && delayed,
    showBalancingSummary: processed,
    uploadSubsequentInvoice: processed && INVOICE_TYPES.includes(v.type) && mayHandOver,
    reUpload: mayHandOver && (v.status === 'failed' || v.pendingStatus === 'encashment_direct'),
    comment: processed,
    cancel: unprocessed,
    continueVoucher: unprocessed && v.status === 'pending',
    editDeliveryType: unprocessed,
    addAttachment: unprocessed && pauseRunning,
    deleteAttachment: unprocessed && pauseRunning,
  };
}

const creditorStatuses = new WeakMap<FastifyRequest, Promise<string>>();
/** The caller's creditor status, read once per request (a list asks for every row). */
function creditorStatusOf(db: Kysely<Database>, request: FastifyRequest): Promise<string> {
  let status = creditorStatuses.get(request);
  if (!status) {
    status = db
      .selectFrom('creditor')
      .select('status')
      .where('id', '=', request.user.creditorId!)
      .executeTakeFirst()
      .then((row) => row?.status ?? 'active');
    creditorStatuses.set(request, status);
  }
  return status;
}

/** The voucher's permissions for the caller: its state's flags AND the caller's action permissions. */
export async function voucherPermissionsFor(
  db: Kysely<Database>,
  request: FastifyRequest,
  voucher: VoucherState,
  now = new Date(),
): Promise<Required<VoucherPermissions>> {
  const [context, creditorStatus] = await Promise.all([
    permissionContextOf(db, request),
    creditorStatusOf(db, request),
  ]);
  const flags = voucherStateRules(voucher, creditorStatus, now);
  for (const key of Object.keys(flags) as (keyof VoucherPermissions)[]) {
    flags[key] = flags[key] && PERMISSION_OF[key].every((path) => permissions.isAllowed(path, context));
  }
  return flags;
}
