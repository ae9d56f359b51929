import { permissionTables } from '../../../../generated/permissions';
import debtorPermissionsSchema from '../../../../generated/schemas/DebtorPermissions.json' with {
  type: 'json',
};
import locationPermissionsSchema from '../../../../generated/schemas/LocationPermissions.json' with {
  type: 'json',
};
import { enums } from '../../../../generated/enums';
import { debtorDeactivationBlocked, limitDueForRefresh } from '../../domain/debtors/debtor.rules';

/**
 * GET /debtor/{id}/permissions and GET /location/{id}/permissions (document 1 §6): which actions
 * the server allows on one debtor or location *now*. Each key of the entities debtorPermissions and
 * locationPermissions is on only when the shared evaluator allows its permission path (product,
 * user and role — an observer gets no actions) AND the record's state allows it (document 1 §4).
 * On the wire the keys are the spec's server names (generated permission tables); a key the spec
 * names none for goes in snake case.
 */

/** What the state rules look at, read from the database by the location/debtor repositories. */
export interface DebtorState {
  status: string;
  hasSepaMandate: boolean;
  hasActivePermanentDebts: boolean;
  limitRequestActive: boolean;
  limitExpiredDate: Date | null;
  /** the creditor's status: blocked may not create or edit debtors, neither may hand over vouchers */
  creditorStatus: string;
  /** too many solvency checks compared to invoices handed over (domain/debtors/debtor.rules.ts) */
  solvencyWithheld?: boolean;
}

export interface LocationState {
  status: string;
  hasPostAddress: boolean;
  /** active permanent debts of this location */
  hasActivePermanentDebts: boolean;
  /** other active locations of the same debtor (deactivating the last one deactivates the debtor) */
  otherActiveLocations: number;
  debtor: DebtorState;
}

// Statuses read from the enumeration groups of schema/enums (never typed here).
const activeIn = (enumName: string, value: string) =>
  (enums[enumName]?.groups.active?.values ?? []).map(String).includes(value);
const isActiveRecord = (status: string) => activeIn('debtorStatus', status);
const creditorValue = (name: string) => {
  const value = enums.creditorStatus?.values.find((v) => v.value === name)?.value;
  if (value === undefined) throw new Error(`schema/enums/creditorStatus.yaml has no value '${name}'`);
  return String(value);
};
const CREDITOR_ACTIVE = creditorValue('active');
const CREDITOR_BLOCKED = creditorValue('blocked');

type Flags = Record<string, boolean>;

/**
 * The state half of the debtor-level permissions, by entity key.
 *
 * @example debtorStateRules(state, flags).removeSepaMandate // false while active permanent debts exist
 */
export function debtorStateRules(d: DebtorState, flags: Flags, now = new Date()): Record<string, boolean> {
  const active = isActiveRecord(d.status);
  const editable = active && d.creditorStatus !== CREDITOR_BLOCKED;
  const creditorActive = d.creditorStatus === CREDITOR_ACTIVE;
  return {
    addLocation: editable,
    editDebtor: editable,
    editPaymentData: editable,
    removeSepaMandate: editable && d.hasSepaMandate && !d.hasActivePermanentDebts,
    increaseLimit: active && creditorActive && !d.limitRequestActive,
    refreshLimit:
      active && creditorActive && !d.limitRequestActive && limitDueForRefresh(d.limitExpiredDate, now),
    checkSolvency: active && creditorActive && flags.solvencyDetermination === true && !d.solvencyWithheld,
    activateDebtor: editable && !debtorDeactivationBlocked(d),
  };
}

/**
 * The state half of the location-level permissions, by entity key.
 *
 * @example locationStateRules(state).createPermanentDebt // needs the debtor's SEPA mandate
 */
export function locationStateRules(l: LocationState): Record<string, boolean> {
  const debtorActive = isActiveRecord(l.debtor.status);
  const active = isActiveRecord(l.status) && debtorActive;
  const editable = active && l.debtor.creditorStatus !== CREDITOR_BLOCKED;
  const handOver = active && l.debtor.creditorStatus === CREDITOR_ACTIVE;
  const deactivationBlocked =
    l.hasActivePermanentDebts || (l.otherActiveLocations === 0 && debtorDeactivationBlocked(l.debtor));
  return {
    editLocation: editable,
    uploadInvoice: handOver,
    createPermanentDebt: handOver && l.debtor.hasSepaMandate,
    editPostAddress: editable,
    deletePostAddress: editable && l.hasPostAddress,
    // an active location may be deactivated unless blocked; an inactive one of an active debtor reactivated
    activateLocation:
      l.debtor.creditorStatus !== CREDITOR_BLOCKED &&
      (isActiveRecord(l.status) ? debtorActive && !deactivationBlocked : debtorActive),
  };
}

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
// the subtrees an entity key may name: the detail actions, or the creditor's admin-set flags
const SUBTREES = ['debtorDetails.actions', 'creditorPermissions'];

export interface PermissionKey {
  /** key of the entity (debtorPermissions / locationPermissions) */
  key: string;
  /** permission path the shared evaluator checks */
  path: string;
  /** the name on the wire */
  server: string;
  /** a creditor flag (creditorPermissions): read from the creditor, not an action of the caller */
  flag: boolean;
}

function keysOf(schema: { properties: Record<string, unknown> }): PermissionKey[] {
  return Object.keys(schema.properties).map((key) => {
    const path = SUBTREES.map((tree) => `${tree}.${key}`).find((p) => permissionTables.paths.includes(p));
    if (!path) throw new Error(`permission key ${key} is in no subtree of schema/permissions.yaml`);
    return {
      key,
      path,
      server: permissionTables.serverNames[path] ?? snakeCase(key),
      flag: path.startsWith('creditorPermissions.'),
    };
  });
}

export const DEBTOR_PERMISSION_KEYS = keysOf(debtorPermissionsSchema);
export const LOCATION_PERMISSION_KEYS = keysOf(locationPermissionsSchema);

/** Response schema of a permissions call: every server name as a boolean. */
export const permissionsResponseSchema = (keys: PermissionKey[], title: string) => ({
  type: 'object',
  title,
  properties: Object.fromEntries(keys.map((k) => [k.server, { type: 'boolean', description: k.path }])),
  required: keys.map((k) => k.server),
  additionalProperties: false,
});

/**
 * Combines the evaluator's answer per path with the state rules into the wire object.
 *
 * @example combine(DEBTOR_PERMISSION_KEYS, (path) => allowed.has(path), rules, flags) // { add_address: true, … }
 */
export function combine(
  keys: PermissionKey[],
  allowed: (path: string) => boolean,
  state: Record<string, boolean>,
  flags: Flags = {},
): Record<string, boolean> {
  return Object.fromEntries(
    keys.map((k) => [k.server, k.flag ? flags[k.key] === true : allowed(k.path) && state[k.key] === true]),
  );
}
