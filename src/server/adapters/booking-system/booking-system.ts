import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The provider's booking system (the spec's SAP): requests the portal cannot decide itself, such
 * as a debtor limit increase ("limit increase requests take several days", document 1 §9). Domain
 * code calls only this interface; `createAdapters()` picks the implementation (`BOOKING_SYSTEM`).
 */

export interface LimitIncreaseRequest {
  creditorId: number;
  debtorId: number;
  /** who asked (null for the system) */
  userId: number | null;
  /** integer cents */
  desiredLimit: number;
  reason?: string | null;
  now: Date;
}

/** What the administration hands to the booking system about a creditor (document 2 §7 "Creditors"). */
export interface CreditorTransfer {
  /** creditorMasterData: GET /creditor/send-to-sap; caseFile: the case file; setupFee: PUT /bnet/send-setup-fee */
  kind: 'creditorMasterData' | 'caseFile' | 'setupFee';
  creditorId: number;
  userId: number | null;
  payload: Record<string, unknown>;
  now: Date;
}

/** A voucher the administration hands to document processing (bnet) for a creditor (document 2 §7 "Other admin"). */
export interface ExternalVoucherTransfer {
  creditorId: number;
  /** the creditor's interface key (webAppKey) the transfer is signed with */
  interfaceKey: string | null;
  voucherType: string;
  customNumber: string | null;
  file: { name: string; mimeType: string; bytes: Buffer };
  userId: number | null;
  now: Date;
}

/** bnet's answer: the voucher's bnet id, or why it refused (document 1 §8's external voucher errors). */
export type ExternalVoucherAnswer =
  | { accepted: true; requestId: number; bnetId: string }
  | { accepted: false; reason: 'noValidInterfaceKey' | 'fileMissingOrFaulty' | 'transferFailed' };

export interface BookingSystem {
  /**
   * Hands a voucher file to document processing (bnet) for a creditor, inside the caller's
   * transaction. A refusal is an answer, not an error; an error means bnet could not be reached.
   */
  transferExternalVoucher(
    trx: Kysely<Database>,
    transfer: ExternalVoucherTransfer,
  ): Promise<ExternalVoucherAnswer>;
  /**
   * Hands creditor data over (master data, case file, set-up fee charge), inside the caller's
   * transaction; the booking system takes it at once and answers the creditor's SAP number.
   */
  transferCreditor(
    trx: Kysely<Database>,
    transfer: CreditorTransfer,
  ): Promise<{ requestId: number; sapNumber: string }>;
  /**
   * Hands a limit increase over, inside the caller's transaction (`trx`): the request is committed
   * together with the command that made it. Does not touch the debtor (the caller sets
   * `limit_request_active`).
   */
  requestLimitIncrease(trx: Kysely<Database>, request: LimitIncreaseRequest): Promise<{ requestId: number }>;
  /**
   * Decides every request that is due at `now`, each in its own transaction; safe to run in several
   * processes at once. Returns how many it decided.
   */
  decideDue(db: Kysely<Database>, now: Date, signal?: AbortSignal): Promise<number>;
}
