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

export interface BookingSystem {
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
  decideDue(db: Kysely<Database>, now: Date): Promise<number>;
}
