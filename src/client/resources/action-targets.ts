import type { ActionConfig, CommandConfig } from '../../shared/config-types';
import { getByPath } from '../widgets/field-value';
import { type RecordPermissions, serverAllows } from './action-permissions';
import { matchesCondition } from './row-link';

/** One entry of a detail's list an action can act on (a location of the debtor). */
export type TargetEntry = Record<string, unknown> & { id: string | number };

/**
 * The entries of the action's `targetList` in the shown record that meet its `targetWhen`.
 *
 * @example targetEntries({ targetList: 'locations', targetWhen: { status: ['inactive'] } }, debtor) // the inactive locations
 */
export function targetEntries(
  action: Pick<ActionConfig, 'targetList' | 'targetWhen'>,
  record: Record<string, unknown> | undefined,
): TargetEntry[] {
  if (!action.targetList || !record) return [];
  const list = getByPath(record, action.targetList);
  if (!Array.isArray(list)) return [];
  return list.filter(
    (entry): entry is TargetEntry =>
      entry !== null &&
      typeof entry === 'object' &&
      (entry as { id?: unknown }).id != null &&
      (!action.targetWhen || matchesCondition(entry, action.targetWhen)),
  );
}

/**
 * The entries the server lets the action act on now: an answer with the action's server name set
 * to `false` takes its entry out; an entry whose answer is missing stays (the server decides).
 */
export function permittedTargets(
  action: Pick<ActionConfig, 'permission'>,
  entries: TargetEntry[],
  answers: (entry: TargetEntry) => RecordPermissions | undefined,
): TargetEntry[] {
  return entries.filter((entry) => serverAllows(action, answers(entry)));
}

const text = (entry: unknown, path: string) => {
  const value = getByPath(entry, path);
  return value === null || value === undefined ? '' : String(value).trim();
};

/**
 * The address of a location in one line: `Ginsterweg 16c, 24103 Kiel`.
 *
 * @example targetAddress({ address: { street: 'Ginsterweg', house: '16c', zip: '24103', city: 'Kiel' } }) // 'Ginsterweg 16c, 24103 Kiel'
 */
export function targetAddress(entry: unknown): string {
  const street = [text(entry, 'address.street'), text(entry, 'address.house')].filter(Boolean).join(' ');
  const place = [text(entry, 'address.zip'), text(entry, 'address.city')].filter(Boolean).join(' ');
  return [street, place].filter(Boolean).join(', ');
}

/**
 * The one-line text of an entry, which the picker also searches: name, own customer number, address.
 *
 * @example targetLabel(kiel) // 'Michel AG – Niederlassung Kiel (KD-S10001), Ginsterweg 16c, 24103 Kiel'
 */
export function targetLabel(entry: unknown): string {
  const number = text(entry, 'customDebtorNumber');
  const name = text(entry, 'name') || text(entry, 'identifier');
  return [number ? `${name} (${number})` : name, targetAddress(entry)].filter(Boolean).join(', ');
}

/**
 * The entry to start with: the one the route selects (`/debtors/sub/{debtorId},{locationId}`) when
 * the action may act on it, else the only one there is; otherwise none.
 *
 * @example preselectTarget([kiel, ulm], '3') // ulm (id 3)
 */
export function preselectTarget(entries: TargetEntry[], selectedId?: string): TargetEntry | null {
  const selected = selectedId ? entries.find((entry) => String(entry.id) === selectedId) : undefined;
  if (selected) return selected;
  return entries.length === 1 ? entries[0] : null;
}

/**
 * What a command's path needs of the record it acts on: its id, and — when the command names its
 * target by another unique key (`targetKey`) — that key's value under the path parameter's name.
 *
 * @example commandTarget(commands.sendCaseFile, 12, { sapNumber: '4711' }) // { id: 12, sap: '4711' }
 */
export function commandTarget(
  command: Pick<CommandConfig, 'targetKey'> | undefined,
  id: string | number | undefined,
  record: Record<string, unknown> | null | undefined,
): Record<string, string | number | undefined> {
  const key = command?.targetKey;
  const value = key && record ? getByPath(record, key.field) : undefined;
  return { id, ...(key ? { [key.param]: value == null || value === '' ? undefined : String(value) } : {}) };
}
