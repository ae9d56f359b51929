import { type Kysely, sql } from 'kysely';
import type { CommandTarget } from '../../shared/config-types';
import type { Database } from '../db/schema';
import type { LoadedTarget } from './command.types';

/**
 * Loads one record by id, locked for the transaction (`FOR UPDATE`), inside the tenant when one is
 * given (`tenant` null: an administrator acting across creditors). Not found → undefined.
 */
type TargetLoader = (trx: Kysely<Database>, id: number, tenant: number | null) => Promise<LoadedTarget | undefined>;

interface TargetKind {
  /** the table whose state column the pipeline sets to the command's `to` */
  table: 'debtor' | 'location' | 'voucher';
  load: TargetLoader;
}

const debtorTarget: TargetLoader = async (trx, id, tenant) => {
  let query = trx.selectFrom('debtor').selectAll().where('id', '=', id);
  if (tenant != null) query = query.where('creditorId', '=', tenant);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) return undefined;
  return {
    kind: 'debtor',
    id: row.id,
    creditorId: row.creditorId,
    state: row.status,
    debtorId: row.id,
    locationId: null,
    requestedBy: null,
    debtorIdentifier: row.identifier,
    debtorSapNumber: row.sapNumber ?? '',
    row,
  };
};

const locationTarget: TargetLoader = async (trx, id, tenant) => {
  let query = trx.selectFrom('location').selectAll().where('id', '=', id);
  if (tenant != null) query = query.where('creditorId', '=', tenant);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) return undefined;
  // the debtor too: its state decides what a location may do, and it is where the history goes
  const debtor = await trx
    .selectFrom('debtor')
    .selectAll()
    .where('creditorId', '=', row.creditorId)
    .where('id', '=', row.debtorId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return {
    kind: 'location',
    id: row.id,
    creditorId: row.creditorId,
    state: row.status,
    debtorId: row.debtorId,
    locationId: row.id,
    requestedBy: null,
    debtorIdentifier: debtor.identifier,
    debtorSapNumber: debtor.sapNumber ?? '',
    row: { ...row, debtor },
  };
};

/**
 * A voucher of the tenant, locked; its state is the list state `status`. The debtor (an upload may
 * have none yet) gives the action log's debtor identifiers; the voucher's own are its id, the
 * creditor's number (reference) and the booking system's number.
 */
const voucherTarget: TargetLoader = async (trx, id, tenant) => {
  let query = trx.selectFrom('voucher').selectAll().where('id', '=', id);
  if (tenant != null) query = query.where('creditorId', '=', tenant);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) return undefined;
  const debtor =
    row.debtorId == null
      ? undefined
      : await trx
          .selectFrom('debtor')
          .select(['identifier', 'sapNumber'])
          .where('creditorId', '=', row.creditorId)
          .where('id', '=', row.debtorId)
          .executeTakeFirst();
  return {
    kind: 'voucher',
    id: row.id,
    creditorId: row.creditorId,
    state: row.status,
    debtorId: row.debtorId,
    locationId: row.locationId,
    requestedBy: null,
    debtorIdentifier: debtor?.identifier ?? '',
    debtorSapNumber: debtor?.sapNumber ?? '',
    voucherIdentifier: String(row.id),
    voucherReference: row.customNumber ?? '',
    voucherSapNumber: row.sapNumber ?? '',
    row,
  };
};

/** Target kinds by entity name of `targets` in schema/commands (a new kind is one entry here). */
const TARGETS: Record<string, TargetKind> = {
  debtor: { table: 'debtor', load: debtorTarget },
  location: { table: 'location', load: locationTarget },
  voucher: { table: 'voucher', load: voucherTarget },
};

function kindOf(target: CommandTarget): TargetKind {
  const kind = TARGETS[target.entity];
  if (!kind) throw new Error(`no target loader for entity '${target.entity}' (src/server/commands/targets.ts)`);
  return kind;
}

/** Whether every target a command names has a loader (checked at start-up). */
export const hasTargetLoader = (target: CommandTarget) => target.entity in TARGETS;

/**
 * Loads a command's target.
 *
 * @example await loadTarget(trx, command.target, 12, creditorId) // → { kind: 'debtor', id: 12, state: 'active', … }
 */
export function loadTarget(trx: Kysely<Database>, target: CommandTarget, id: number, tenant: number | null) {
  return kindOf(target).load(trx, id, tenant);
}

/**
 * Puts a target into the state a command leads to (`to` of the YAML) — the transition is data; the
 * handler does only what goes with it.
 */
export async function setTargetState(trx: Kysely<Database>, target: CommandTarget, loaded: LoadedTarget, to: string, now: Date) {
  const { table } = kindOf(target);
  await sql`update ${sql.table(table)} set ${sql.ref(snake(target.state))} = ${to}, updated_at = ${now}
    where id = ${loaded.id} and creditor_id = ${loaded.creditorId}`.execute(trx);
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
