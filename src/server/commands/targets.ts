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
  table: 'debtor' | 'location' | 'voucher' | 'creditor' | 'sepa_update_request' | 'app_user' | 'creditor_service_fee_condition' | 'debtor_assignment' | 'work_queue_item' | 'permanent_debt';
  load: TargetLoader;
  /** the column naming the row's creditor (default creditor_id; the creditor itself: id) */
  tenantColumn?: string;
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

/**
 * A creditor (administration: only admins act on creditors, so no tenant narrows it; the pipeline
 * checks a product admin's product on the loaded creditor).
 */
const creditorTarget: TargetLoader = async (trx, id, tenant) => {
  let query = trx.selectFrom('creditor').selectAll().where('id', '=', id);
  if (tenant != null) query = query.where('id', '=', tenant);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) return undefined;
  return { kind: 'creditor', id: row.id, creditorId: row.id, state: row.status, debtorId: null, locationId: null, requestedBy: null, debtorIdentifier: '', debtorSapNumber: '', row };
};

/** A SEPA update request; its creator is who requested it (four eyes: someone else decides). */
const sepaUpdateRequestTarget: TargetLoader = async (trx, id, tenant) => {
  let query = trx.selectFrom('sepaUpdateRequest').selectAll().where('id', '=', id);
  if (tenant != null) query = query.where('creditorId', '=', tenant);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) return undefined;
  return {
    kind: 'sepaUpdateRequest',
    id: row.id,
    creditorId: row.creditorId,
    state: row.status,
    debtorId: null,
    locationId: null,
    requestedBy: row.creatorUserId,
    debtorIdentifier: '',
    debtorSapNumber: '',
    row,
  };
};

/**
 * A user (administration: `userIdentifier` of the user commands). A creditor's user names its
 * creditor, so the pipeline checks a product admin's product; an administrator has none (the
 * handlers leave those to the super admin). Its state is set by the handlers, not by `to`.
 */
const userTarget: TargetLoader = async (trx, id, tenant) => {
  let query = trx.selectFrom('appUser').selectAll().where('id', '=', id);
  if (tenant != null) query = query.where('creditorId', '=', tenant);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) return undefined;
  return {
    kind: 'user',
    id: row.id,
    creditorId: row.creditorId as number,
    state: row.status,
    debtorId: null,
    locationId: null,
    requestedBy: null,
    debtorIdentifier: '',
    debtorSapNumber: '',
    row,
  };
};

/** A work-queue item of the tenant, locked; its state is `status` (the stored one, not the shown). */
const workQueueItemTarget: TargetLoader = async (trx, id, tenant) => {
  let query = trx.selectFrom('workQueueItem').selectAll().where('id', '=', id);
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
    kind: 'workQueueItem',
    id: row.id,
    creditorId: row.creditorId,
    state: row.status,
    debtorId: row.debtorId,
    locationId: row.locationId,
    requestedBy: null,
    debtorIdentifier: debtor?.identifier ?? '',
    debtorSapNumber: debtor?.sapNumber ?? '',
    row,
  };
};

/** A creditor's service-fee condition (administration). */
const feeConditionTarget: TargetLoader = async (trx, id, tenant) => {
  let query = trx.selectFrom('creditorServiceFeeCondition').selectAll().where('id', '=', id);
  if (tenant != null) query = query.where('creditorId', '=', tenant);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) return undefined;
  return { kind: 'feeCondition', id: row.id, creditorId: row.creditorId, state: row.status, debtorId: null, locationId: null, requestedBy: null, debtorIdentifier: '', debtorSapNumber: '', row };
};

/** A debtor-assignment case (administration); the case is decided once (`from` of the YAML). */
const debtorAssignmentTarget: TargetLoader = async (trx, id, tenant) => {
  let query = trx.selectFrom('debtorAssignment').selectAll().where('id', '=', id);
  if (tenant != null) query = query.where('creditorId', '=', tenant);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) return undefined;
  return { kind: 'debtorAssignment', id: row.id, creditorId: row.creditorId, state: row.status, debtorId: null, locationId: null, requestedBy: null, debtorIdentifier: '', debtorSapNumber: '', row };
};

/** A permanent debt of the tenant, locked; its history goes to its debtor. */
const permanentDebtTarget: TargetLoader = async (trx, id, tenant) => {
  let query = trx.selectFrom('permanentDebt').selectAll().where('id', '=', id);
  if (tenant != null) query = query.where('creditorId', '=', tenant);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) return undefined;
  const debtor = await trx
    .selectFrom('debtor')
    .select(['identifier', 'sapNumber'])
    .where('creditorId', '=', row.creditorId)
    .where('id', '=', row.debtorId)
    .executeTakeFirst();
  return {
    kind: 'permanentDebt',
    id: row.id,
    creditorId: row.creditorId,
    state: row.status,
    debtorId: row.debtorId,
    locationId: row.locationId,
    requestedBy: null,
    debtorIdentifier: debtor?.identifier ?? '',
    debtorSapNumber: debtor?.sapNumber ?? '',
    row,
  };
};

/** Target kinds by entity name of `targets` in schema/commands (a new kind is one entry here). */
const TARGETS: Record<string, TargetKind> = {
  debtor: { table: 'debtor', load: debtorTarget },
  location: { table: 'location', load: locationTarget },
  voucher: { table: 'voucher', load: voucherTarget },
  creditor: { table: 'creditor', load: creditorTarget, tenantColumn: 'id' },
  sepaUpdateRequest: { table: 'sepa_update_request', load: sepaUpdateRequestTarget },
  userListItem: { table: 'app_user', load: userTarget },
  creditorServiceFeeCondition: { table: 'creditor_service_fee_condition', load: feeConditionTarget },
  debtorAssignmentEntry: { table: 'debtor_assignment', load: debtorAssignmentTarget },
  workQueueItem: { table: 'work_queue_item', load: workQueueItemTarget },
  permanentDebt: { table: 'permanent_debt', load: permanentDebtTarget },
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
 * The id of the target whose unique `field` holds `value` (`targetKey`: the creditor's SAP number),
 * inside the tenant when one is given; the pipeline then loads and locks it by that id (and checks a
 * product admin's product). None → undefined (404).
 *
 * @example await targetIdByKey(trx, commands.sendCaseFile.target!, 'sapNumber', '4711', null) // → 12
 */
export async function targetIdByKey(trx: Kysely<Database>, target: CommandTarget, field: string, value: string, tenant: number | null) {
  const { table, tenantColumn = 'creditor_id' } = kindOf(target);
  const scope = tenant == null ? sql`` : sql` and ${sql.ref(tenantColumn)} = ${tenant}`;
  const { rows } = await sql<{ id: number }>`select id from ${sql.table(table)} where ${sql.ref(snake(field))} = ${value}${scope}`.execute(trx);
  return rows[0]?.id;
}

/**
 * Puts a target into the state a command leads to (`to` of the YAML) — the transition is data; the
 * handler does only what goes with it.
 */
export async function setTargetState(trx: Kysely<Database>, target: CommandTarget, loaded: LoadedTarget, to: string, now: Date) {
  const { table, tenantColumn = 'creditor_id' } = kindOf(target);
  // a table without updated_at (sepa_update_request) keeps its own decision columns
  const touched = table === 'sepa_update_request' ? sql`` : sql`, updated_at = ${now}`;
  await sql`update ${sql.table(table)} set ${sql.ref(snake(target.state))} = ${to}${touched}
    where id = ${loaded.id} and ${sql.ref(tenantColumn)} = ${loaded.creditorId}`.execute(trx);
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
