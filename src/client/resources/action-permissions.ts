import { type CommandButton, commandButtons, formButtons } from '../../../generated/action-table';
import { permissionTables } from '../../../generated/permissions';
import type { ActionConfig } from '../../shared/config-types';
import { commandOfForm } from '../forms/command-of-form';

/** What GET /debtor/{id}/permissions (or /location/{id}/permissions) answers: server name → allowed now. */
export type RecordPermissions = Record<string, boolean>;

/**
 * The calls that say what the server accepts right now for one record (document 1 §6), by the
 * entity a command targets — the `permissions` of the targets in schema/commands.
 */
export const RECORD_PERMISSION_CALLS: Record<string, string> = Object.fromEntries(
  Object.values(commandButtons).flatMap((c) => (c.target?.permissions ? [[c.target.entity, c.target.permissions]] : [])),
);

/**
 * The path of a record's permissions call, if its entity has one.
 *
 * @example permissionsPath('location', 7) // '/location/7/permissions'
 */
export function permissionsPath(entity: string | undefined, id: unknown): string | undefined {
  const call = entity ? RECORD_PERMISSION_CALLS[entity] : undefined;
  if (!call || id === undefined || id === null || id === '') return undefined;
  return call.replace('{id}', encodeURIComponent(String(id)));
}

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The name a permissions answer uses for a permission path: the spec's server name from the
 * generated tables, else the path's last segment in snake case (the server's own rule).
 *
 * @example serverNameOf('debtorDetails.actions.editDebtor') // 'update_debtor_data'
 * @example serverNameOf('debtorDetails.actions.activateDebtor') // 'activate_debtor'
 */
export function serverNameOf(path: string): string {
  return permissionTables.serverNames[path] ?? snakeCase(path.slice(path.lastIndexOf('.') + 1));
}

/**
 * The command behind an action: the one it names, or the command its dialog's form submits to. By
 * default from the buttons' table; the dialog gives the whole `commands`.
 *
 * @example actionCommand({ key: 'edit', label: '…', dialog: 'editDebtor' })?.name // 'updateDebtor'
 */
export function actionCommand<C extends Pick<CommandButton, 'form' | 'path'> = CommandButton>(
  action: Pick<ActionConfig, 'command' | 'dialog'>,
  table: Record<string, C> = commandButtons as unknown as Record<string, C>,
): C | undefined {
  if (action.command) return table[action.command];
  const form = action.dialog ? formButtons[action.dialog] : undefined;
  return form ? commandOfForm(form, table) : undefined;
}

/**
 * Whether a permissions answer lets an action run: only an explicit `false` under the action's
 * server name hides it; an answer that does not name it (or none yet) says nothing.
 *
 * @example serverAllows({ permission: 'debtorDetails.actions.removeSepaMandate' }, { remove_sepa_mandate: false }) // false
 */
export function serverAllows(action: Pick<ActionConfig, 'permission'>, answer?: RecordPermissions): boolean {
  if (!answer || !action.permission) return true;
  return answer[serverNameOf(action.permission)] !== false;
}

/**
 * The entity whose permissions answer decides an action: the one its command targets. An action on
 * the shown record (no `targetList`) is only checked when that is the detail's entity.
 */
export function permissionEntity(action: ActionConfig, detailEntity: string): string | undefined {
  const entity = actionCommand(action)?.target?.entity;
  // without a permissions call (vouchers: the record carries its own `permissions`) nothing is asked
  if (!entity || !RECORD_PERMISSION_CALLS[entity]) return undefined;
  if (action.targetList) return entity;
  return entity === detailEntity ? entity : undefined;
}
