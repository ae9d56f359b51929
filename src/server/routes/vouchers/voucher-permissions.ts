import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { commands } from '../../../../generated/commands';
import type { VoucherPermissions } from '../../../../generated/types';
import type { VoucherState } from '../../db/repositories/voucher-detail.repository';
import type { Database } from '../../db/schema';
import { VOUCHER_ACTION_COMMANDS, voucherStateRules } from '../../domain/vouchers/voucher.rules';
import { permissionContextOf, permissions } from '../../plugins/permissions';

/**
 * Which actions the server allows on one voucher now (GET /voucher/{id}/permissions, the detail's
 * and the unprocessed view's `permissions`): the flags of the voucher's state and the creditor's
 * status (src/server/domain/vouchers/voucher.rules.ts — the rules the voucher commands apply), each
 * ANDed with the product/user permission of its action (one evaluator). An action that is a command
 * needs its command's permission (schema/commands/vouchers.yaml, the form's), so the answer and the
 * command agree.
 */
const COMMAND_OF = VOUCHER_ACTION_COMMANDS as Partial<Record<keyof VoucherPermissions, string>>;

/**
 * The product/user permissions of the actions that are no commands yet, and those a command's
 * handler asks for besides its own (an upload needs vouchers.upload).
 */
const OTHER_PERMISSIONS: Partial<Record<keyof VoucherPermissions, string[]>> = {
  showBalancingSummary: ['voucherDetails.showBalancingSummary'],
  uploadSubsequentInvoice: ['vouchers.upload'],
  // re-upload needs cancel and the voucher upload as well (permissions.yaml)
  reUpload: ['unprocessedDetails.actions.reUpload', 'unprocessedDetails.actions.cancel', 'vouchers.upload'],
  cancel: ['unprocessedDetails.actions.cancel'],
  continueVoucher: ['unprocessedDetails.actions.continue'],
  transferBasicProcess: ['unprocessedDetails.actions.continue'],
  editDeliveryType: ['unprocessedDetails.actions.editDeliveryType'],
  addAttachment: ['unprocessedDetails.actions.addAttachment'],
  deleteAttachment: ['unprocessedDetails.actions.deleteAttachment'],
};

/** The product/user permission each flag also needs. */
function permissionsOf(key: keyof VoucherPermissions): string[] {
  const command = COMMAND_OF[key];
  const own = command && commands[command].permission ? [commands[command].permission!] : [];
  const paths = [...own, ...(OTHER_PERMISSIONS[key] ?? [])];
  if (!command && paths.length === 0) throw new Error(`voucherPermissions.${key} has neither a command nor a permission`);
  return paths;
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
    flags[key] = flags[key] && permissionsOf(key).every((path) => permissions.isAllowed(path, context));
  }
  return flags;
}
