import type { Kysely } from 'kysely';
import type { CommandConfig } from '../../shared/config-types';
import type { Adapters } from '../adapters';
import type { Database } from '../db/schema';

/** Who takes a command: the logged-in user as the access token and the database know them. */
export interface Caller {
  /** null only for a public command (no login) */
  userId: number | null;
  email: string;
  roles: string[];
  /** the caller's creditor (tenant); null for an administrator outside a creditor's view */
  creditorId: number | null;
  product: string;
  isAdmin: boolean;
  /** the admin acting as this creditor user (impersonation), for the action log's `extra` */
  adminEmail?: string;
}

/** The creditor a command runs for (the caller's, or the target's when an admin acts). */
export interface CommandCreditor {
  id: number;
  identifier: string;
  status: string;
  product: string;
  sapNumber: string | null;
}

/** The record a command acts on, loaded (and locked) inside the tenant by its target loader. */
export interface LoadedTarget {
  kind: string;
  id: number;
  creditorId: number;
  /** the value of the state field the YAML names */
  state: string;
  /** the debtor the record belongs to (a debtor: itself) — where its history goes */
  debtorId: number | null;
  locationId: number | null;
  /** who requested the record, for four-eyes commands */
  requestedBy: number | null;
  /** identifiers for the action log */
  debtorIdentifier: string;
  debtorSapNumber: string;
  voucherIdentifier?: string;
  voucherReference?: string;
  voucherSapNumber?: string;
  /** the loaded row, camelCase columns */
  row: Record<string, any>;
}

/**
 * What a handler receives: the open transaction, the validated input, who calls, the creditor and
 * the loaded target, the back-office adapters and the clock. It knows nothing of HTTP.
 */
export interface CommandContext<Input = Record<string, any>> {
  trx: Kysely<Database>;
  command: CommandConfig;
  input: Input;
  /** the path's parameters other than a target's {id} (`{approvalId}`) */
  params: Record<string, unknown>;
  caller: Caller;
  creditor: CommandCreditor | null;
  target: LoadedTarget | null;
  adapters: Adapters;
  now: Date;
  /** whether a permission path is on for the caller (product × user × role) */
  allowed(path: string): Promise<boolean>;
  /**
   * refuses the command: nothing is written; the answer is `status` with the reason's text (`field`:
   * the input field the reason is about, answered as `field: body/<name>` so the form shows it there)
   */
  refuse(reason: string, status?: number, params?: Record<string, unknown>, field?: string): never;
}

/** What a handler may hand back to the pipeline, all optional. */
export interface CommandOutcome {
  /** fields of the answer (or, for an entity response, the entity) */
  response?: Record<string, unknown>;
  /**
   * the history entry: its text, and the debtor/location when the command has no target; a voucher
   * history entry also shows `value` (what the action changed to)
   */
  history?: { text?: string | null; value?: string | null; debtorId?: number; locationId?: number | null; payload?: unknown };
  /** the action-log entry: payload (default: the input) and identifiers the target does not give */
  actionLog?: {
    payload?: unknown;
    debtorIdentifier?: string;
    debtorSapNumber?: string;
    voucherIdentifier?: string;
    voucherReference?: string;
    voucherSapNumber?: string;
    /** the product the entry belongs to when no creditor gives it (a public product request) */
    productType?: string;
  };
  /** the creditor the command created (a registration): its action-log entry names it */
  creditor?: CommandCreditor;
  /** extra parameters of notification and mail texts */
  notifyParams?: Record<string, unknown>;
}

/** One handler per command, named like the command (`src/server/domain/<area>/`). */
export type CommandHandler<Input = any> = (ctx: CommandContext<Input>) => Promise<CommandOutcome | undefined>;
