import { commands } from '../../../../generated/commands';
import { enums } from '../../../../generated/enums';
import { forms } from '../../../../generated/forms';
import type { VoucherPermissions } from '../../../../generated/types';
import { groupValues } from '../../../shared/enum-groups';
import { todayIso } from '../../../shared/validation';
import { resolveDateBound } from '../../../shared/validation/german-input.parse';
import type { VoucherState } from '../../db/repositories/voucher-detail.repository';
import { enumValue, INVOICE_TYPES } from '../../services/status-groups';

/**
 * The voucher rules of document 1 §4 that both the commands (src/server/domain/vouchers, through
 * `requireVoucherAction`) and the permissions answers (GET /voucher/{id}/permissions, the detail's and
 * the unprocessed view's `permissions`) use, so that an action offered is an action accepted. The
 * decisions behind them are written down in schema/commands/vouchers.yaml.
 */

/**
 * The three cases that pause dunning, as the sub-status and dunning type a voucher shows while one
 * runs (the dashboard counts open vouchers by these dunning types). At most one runs at a time.
 */
export const VOUCHER_CASES = {
  dunningBlock: { subStatus: enumValue('voucherSubStatus', 'halt'), dunningType: enumValue('dunningType', 'halt') },
  dispute: { subStatus: enumValue('voucherSubStatus', 'customer_complaint'), dunningType: enumValue('dunningType', 'DISPUTE') },
  delay: { subStatus: enumValue('voucherSubStatus', 'delayed'), dunningType: enumValue('dunningType', 'DELAY') },
} as const;
export type VoucherCase = keyof typeof VOUCHER_CASES;

/** Handed to encashment: no new case starts (the encashment agency deals with the debtor). */
const ENCASHMENT = {
  subStatuses: new Set([enumValue('voucherSubStatus', 'encashment')]),
  dunningTypes: new Set([enumValue('dunningType', 'encashment'), enumValue('dunningType', 'ENCASHMENT')]),
};

/** Vouchers already in the dunning run may get a dunning stop even before their deadline is read as passed. */
const DUNNING_SUB_STATUSES = new Set(groupValues(enums.voucherSubStatus, 'dunning'));
const OPEN_STATES = new Set(groupValues(enums.voucherStatus, 'open'));
const CLOSED_STATES = groupValues(enums.voucherStatus, 'closed');
const STATE_FAMILIES = ['standard', 'tpf'].map((group) => new Set(groupValues(enums.voucherStatus, group)));
const NO_NEW_VOUCHERS = new Set(groupValues(enums.creditorStatus, 'noNewVouchers'));

/**
 * The sub-status a voucher shows for its purchase status when no case runs — what a case ends in
 * when the sub-status before it was not recorded (cases opened before the portal kept it).
 */
const SUB_STATUS_OF_PURCHASE: Record<string, string> = Object.fromEntries(
  Object.entries({
    GEKAUFT: 'purchased',
    NACHTRAEGLICH_GEKAUFT: 'purchased_later',
    MANUELLE_ANKAUFSLISTE: 'manual_purchase_list',
    OFFENGELEGT: 'disclosed',
    SCHADENSMELDUNG_MUSS_ERFOLGEN: 'purchased',
    SCHADENSMELDUNG_ERFOLGT: 'purchased',
    ANKAUFBAR: 'purchasable',
    NICHT_ANKAUFBAR: 'not_purchasable',
    NICHT_MEHR_ANKAUFBAR: 'not_purchasable_anymore',
    RUECKBELASTET: 'counted_back',
    NICHT_GEKAUFT: 'not_purchased',
    RUECKBELASTUNG: 'count_back',
    IN_PRUEFUNG: 'in_review',
    UNGEPRUEFT: 'unverified',
  }).map(([purchase, sub]) => [enumValue('purchaseStatus', purchase), enumValue('voucherSubStatus', sub)]),
);
const NOT_DUNNED = enumValue('dunningType', 'notDunned');

/** The sub-status that goes with a purchase status when nothing else is running. */
export const subStatusOfPurchase = (purchaseStatus: string): string =>
  SUB_STATUS_OF_PURCHASE[purchaseStatus] ?? enumValue('voucherSubStatus', 'unknown');

/**
 * What a voucher returns to when its case ends: the values kept when it began, else (a case the
 * portal did not open) those of its purchase status, not dunned — the dunning run moves it on.
 */
export function resumeStateOf(v: { resumeSubStatus: string | null; resumeDunningType: string | null; purchaseStatus: string }) {
  if (v.resumeSubStatus != null) return { subStatus: v.resumeSubStatus, dunningType: v.resumeDunningType };
  return { subStatus: subStatusOfPurchase(v.purchaseStatus), dunningType: NOT_DUNNED };
}

/**
 * The columns that start a case: its sub-status and dunning type, and what to return to.
 *
 * @example startCase(voucher, 'dispute') // { subStatus: 'customer_complaint', dunningType: 'DISPUTE', resumeSubStatus: 'purchased', … }
 */
export function startCase(v: { subStatus: string; dunningType: string | null }, c: VoucherCase) {
  return { ...VOUCHER_CASES[c], resumeSubStatus: v.subStatus, resumeDunningType: v.dunningType };
}

/**
 * The state a voucher settles in: `closed`, or `tpf_balanced` for the freight variant's states
 * (voucherStatus group `closed`, within the family — `standard` or `tpf` — of its current state).
 *
 * @example closedStateOf('tpf_accepted') // 'tpf_balanced'
 */
export function closedStateOf(status: string): string {
  const family = STATE_FAMILIES.find((states) => states.has(status)) ?? STATE_FAMILIES[0];
  return CLOSED_STATES.find((state) => family.has(state)) ?? CLOSED_STATES[0];
}

/** The case running on a voucher, if any (read from sub-status or dunning type: either says it). */
export function runningCase(v: Pick<VoucherState, 'subStatus' | 'dunningType'>): VoucherCase | undefined {
  return (Object.keys(VOUCHER_CASES) as VoucherCase[]).find(
    (key) => v.subStatus === VOUCHER_CASES[key].subStatus || v.dunningType === VOUCHER_CASES[key].dunningType,
  );
}

const inEncashment = (v: VoucherState) =>
  ENCASHMENT.subStatuses.has(v.subStatus) || (v.dunningType != null && ENCASHMENT.dunningTypes.has(v.dunningType));
const isUnprocessed = (v: VoucherState) => v.requiresProcessing && v.officialVoucherNumber == null;
const isOverdue = (v: VoucherState, now: Date) => v.paymentDeadline != null && v.paymentDeadline < todayIso(now);

/**
 * The first and last day a dunning stop may be set to: the form's own bounds (schema/forms/
 * setDunningBlock.yaml `dateMin`, `dateOnlyUntil`: tomorrow up to 10 days), resolved on the
 * command's clock so a moved clock moves them too.
 *
 * @example dunningBlockBounds(new Date('2026-05-04T10:00:00Z')) // { earliest: '2026-05-05', latest: '2026-05-14' }
 */
export function dunningBlockBounds(now: Date): { earliest: string; latest: string } {
  const { properties } = forms.setDunningBlock.schema as { properties: Record<string, { dateMin: string; dateOnlyUntil: string }> };
  const field = properties.blockUntil;
  const today = todayIso(now);
  return { earliest: resolveDateBound(field.dateMin, today), latest: resolveDateBound(field.dateOnlyUntil, today) };
}

/**
 * "Dunning stop lasts up to 10 days" (document 1 §4) as a limit, not per stop: at most this many stop
 * days in total per voucher and dunning level (the dunning type the stop interrupts; a voucher the run
 * moves on to the next step has 10 days again). A stop counts the days from the day after it was set
 * to its last day, or to the day it was lifted — at least one day, so block → lift → block cannot
 * repeat without end (issue 25 item 4).
 */
export const DUNNING_BLOCK_MAX_DAYS = 10;

/** The dunning level a new stop would interrupt: the voucher's dunning type, not dunned when it has none. */
export const dunningLevelOf = (v: Pick<VoucherState, 'dunningType'>) => v.dunningType ?? NOT_DUNNED;

/** Stop days the voucher has left on its current dunning level. */
export function dunningBlockDaysLeft(v: Pick<VoucherState, 'dunningType' | 'dunningBlockDaysUsed' | 'dunningBlockLevel'>): number {
  const used = v.dunningBlockLevel === dunningLevelOf(v) ? Number(v.dunningBlockDaysUsed) : 0;
  return Math.max(0, DUNNING_BLOCK_MAX_DAYS - used);
}

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * The days a stop set on `from` counts when it ends on `ended` (lifted that day, or its last day run
 * out): the days after `from` up to `ended`, at least one.
 *
 * @example dunningBlockDaysCharged('2026-05-04', '2026-05-04') // 1
 */
export const dunningBlockDaysCharged = (from: string, ended: string) => Math.max(1, dayNumber(ended) - dayNumber(from));

/** The voucher actions that are commands: key of the voucher's permissions → command (schema/commands/vouchers.yaml, uploads.yaml). */
export const VOUCHER_ACTION_COMMANDS = {
  comment: 'commentVoucher',
  abandonment: 'abandonVoucher',
  creditAdvice: 'createCreditAdvice',
  directPayment: 'reportDirectPayment',
  annulation: 'annulVoucher',
  setDunningBlock: 'setDunningBlock',
  cancelDunningBlock: 'cancelDunningBlock',
  openDispute: 'openDispute',
  closeDispute: 'closeDispute',
  openDelay: 'openDelay',
  closeDelay: 'closeDelay',
  uploadSubsequentInvoice: 'uploadSubsequentInvoice',
} as const satisfies Partial<Record<keyof VoucherPermissions, string>>;
export type VoucherAction = keyof typeof VOUCHER_ACTION_COMMANDS;

type Refusal = string | null;
/** Payment actions: an invoice-like voucher with something still open. */
const payable = (v: VoucherState): Refusal =>
  !INVOICE_TYPES.includes(v.type) ? 'vouchers.notAnInvoice' : Number(v.leftoverAmount) > 0 ? null : 'vouchers.nothingOpen';
/** A new case: none running, not in encashment. */
const newCase = (v: VoucherState): Refusal =>
  inEncashment(v) ? 'vouchers.inEncashment' : runningCase(v) ? 'vouchers.caseRunning' : null;
const running = (v: VoucherState, c: VoucherCase, otherwise: string): Refusal => (runningCase(v) === c ? null : otherwise);

/** Per action, why the voucher's own state refuses it (after processing and the command's `from`). */
const STATE_CHECKS: Record<VoucherAction, (v: VoucherState, now: Date) => Refusal> = {
  comment: () => null,
  abandonment: payable,
  creditAdvice: payable,
  directPayment: payable,
  // the whole invoice, only while nothing of it is balanced (a part is a credit note)
  annulation: (v) => payable(v) ?? (Number(v.leftoverAmount) < Number(v.amount) ? 'vouchers.alreadyBalanced' : null),
  setDunningBlock: (v, now) =>
    payable(v) ??
    newCase(v) ??
    (isOverdue(v, now) || DUNNING_SUB_STATUSES.has(v.subStatus) ? null : 'vouchers.notOverdue') ??
    (dunningBlockDaysLeft(v) > 0 ? null : 'vouchers.dunningBlockExhausted'),
  cancelDunningBlock: (v) => running(v, 'dunningBlock', 'vouchers.noDunningBlock'),
  openDispute: (v) => payable(v) ?? newCase(v),
  closeDispute: (v) => running(v, 'dispute', 'vouchers.noDispute'),
  // three written reminders within 45 days after the due date (confirmed in the form): overdue
  openDelay: (v, now) => payable(v) ?? newCase(v) ?? (isOverdue(v, now) ? null : 'vouchers.notOverdue'),
  closeDelay: (v) => running(v, 'delay', 'vouchers.noDelay'),
  // an invoice follows an invoice-like voucher, open or settled (schema/commands/uploads.yaml)
  uploadSubsequentInvoice: (v) => (INVOICE_TYPES.includes(v.type) ? null : 'vouchers.notAnInvoice'),
};

/**
 * Why the voucher's state refuses an action now (a message key), or null when it allows it.
 * Uploads still in processing take none; every action but the comment needs one of its command's
 * `from` states (the open ones); then the action's own rule.
 *
 * @example voucherActionRefusal('closeDispute', voucher, new Date()) // 'vouchers.noDispute'
 */
export function voucherActionRefusal(action: VoucherAction, v: VoucherState, now: Date): Refusal {
  if (isUnprocessed(v)) return 'vouchers.requiresProcessing';
  const from = commands[VOUCHER_ACTION_COMMANDS[action]].from;
  if (from && !from.includes(v.status)) return 'commands.wrongState';
  return STATE_CHECKS[action](v, now);
}

/**
 * The flags of the voucher's state and the creditor's status, before product and user permissions.
 * The action commands' flags are exactly what their commands accept; the rest (still commands to
 * come) are the product's decisions:
 * - uploads still in processing may be cancelled and have their delivery type edited; a pending one
 *   may be continued; attachments change only while the editing pause runs; a failed upload or one
 *   refused for direct encashment may be re-uploaded;
 * - blocked and terminated creditors hand over no new vouchers (no re-upload; the subsequent
 *   invoice is a command whose creditorStatus says the same).
 *
 * @example voucherStateRules(state, 'active', new Date()).cancelDunningBlock // → true while halted
 */
export function voucherStateRules(v: VoucherState, creditorStatus: string, now: Date): Required<VoucherPermissions> {
  const unprocessed = isUnprocessed(v);
  const pauseRunning = v.endOfPauseAt != null && v.endOfPauseAt.getTime() > now.getTime();
  const mayHandOver = !NO_NEW_VOUCHERS.has(creditorStatus);
  const actions = Object.fromEntries(
    (Object.keys(VOUCHER_ACTION_COMMANDS) as VoucherAction[]).map((action) => [
      action,
      commands[VOUCHER_ACTION_COMMANDS[action]].creditorStatus.includes(creditorStatus) &&
        voucherActionRefusal(action, v, now) === null,
    ]),
  ) as Record<VoucherAction, boolean>;
  return {
    ...actions,
    showBalancingSummary: !unprocessed,
    reUpload: mayHandOver && (v.status === 'failed' || v.pendingStatus === 'encashment_direct'),
    cancel: unprocessed,
    // a direct encashment that is not possible is handed over as a new, normal invoice (not continued)
    continueVoucher: unprocessed && v.status === 'pending' && v.pendingStatus !== 'encashment_direct',
    transferBasicProcess: mayHandOver && unprocessed && v.status === 'pending' && v.pendingStatus === 'encashment_direct',
    editDeliveryType: unprocessed,
    addAttachment: unprocessed && pauseRunning,
    deleteAttachment: unprocessed && pauseRunning,
  };
}

/** Whether a creditor in this status may hand over new vouchers (blocked and terminated ones may not). */
export const mayHandOverVouchers = (creditorStatus: string) => !NO_NEW_VOUCHERS.has(creditorStatus);

/** Whether a voucher counts as open for the dashboard and the limits (voucherStatus group `open`). */
export const isOpenState = (status: string) => OPEN_STATES.has(status);
