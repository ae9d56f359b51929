import type { CommandConfig, FormConfig } from '../../shared/config-types';

/**
 * The command a form's submit runs (schema/commands) in a table of commands: the one taking the form
 * at the form's submit path — `createDebtor`, not the ident check that takes the same form first. A
 * list page asks the buttons' table (`commandButtons` of generated/action-table.ts), a form dialog
 * its form's own commands (`generated/form-commands/<form>.ts`) or the whole `commands`; this module
 * imports none, so each page loads only the table it uses.
 *
 * @example commandOfForm(formButtons.editDebtor, commandButtons)?.name // 'updateDebtor'
 */
export function commandOfForm<C extends Pick<CommandConfig, 'form' | 'path'>>(
  form: Pick<FormConfig, 'name' | 'submit'>,
  table: Record<string, C>,
): C | undefined {
  const taking = Object.values(table).filter((command) => command.form === form.name);
  return taking.find((command) => command.path === form.submit?.path) ?? taking[0];
}
