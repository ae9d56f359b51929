import type { ActionConfig } from '../../shared/config-types';
import { matchesCondition } from './row-link';

/**
 * Whether the shown record lets an action run now: the server sends per-record flags in the
 * record's `permissions` (a closed voucher takes no dunning block); only an explicit `false` hides.
 *
 * @example recordAllows({ recordPermission: 'setDunningBlock' }, { permissions: { setDunningBlock: false } }) // false
 */
export function recordAllows(action: Pick<ActionConfig, 'recordPermission'>, record?: Record<string, unknown>): boolean {
  if (!action.recordPermission) return true;
  const flags = record?.permissions as Record<string, unknown> | null | undefined;
  return flags?.[action.recordPermission] !== false;
}

/**
 * Whether an action is offered for the shown record: its `when` condition holds and the record's
 * own `permissions` do not forbid it. Without a record yet, a conditional action waits.
 *
 * @example actionOffered({ when: { loginAllowed: [false] } }, { loginAllowed: true }) // false
 */
export function actionOffered(action: Pick<ActionConfig, 'recordPermission' | 'when'>, record?: Record<string, unknown>): boolean {
  if (action.when && !(record && matchesCondition(record, action.when))) return false;
  return recordAllows(action, record);
}
