import { commands, multipartForms } from '../../../generated/commands';
import type { CommandConfig, FormConfig } from '../../shared/config-types';
import { apiFetch, newIdempotencyKey } from '../data/http-client';
import { commandOfForm as commandOfFormIn } from './command-of-form';
import type { FormValues } from './form-schema';
import { type FormTarget, sendMultipart, submitPath, toMultipart } from './form-submit';

// the texts of a command's outcome live apart: a page that shows them needs no table of commands
export { failureText, type Refusal, refusalText, successText } from './command-texts';

/**
 * The command a form's submit runs (schema/commands): the one taking the form at the form's submit
 * path — `createDebtor`, not the ident check that takes the same form first.
 *
 * @example commandOfForm(forms.editDebtor)?.name // 'updateDebtor'
 */
export function commandOfForm(
  form: Pick<FormConfig, 'name' | 'submit'>,
  table: Record<string, CommandConfig> = commands,
): CommandConfig | undefined {
  return commandOfFormIn(form, table);
}

/**
 * Runs a command: its method and path with the target's `{id}`, the body for POST and PUT, and an
 * Idempotency-Key — every command, the spec's GET-shaped ones too (a new key unless given).
 *
 * @example await callCommand(commands.deactivateLocation, { id: 7 }) // { success: true, message: '…' }
 */
export function callCommand(
  command: CommandConfig,
  target: FormTarget,
  body?: FormValues,
  idempotencyKey = newIdempotencyKey(),
): Promise<unknown> {
  const path = submitPath(command.path, target, body ?? {});
  const sendsBody = command.method === 'POST' || command.method === 'PUT';
  // a form with files (the import's preview) is sent as its submit is: multipart
  if (sendsBody && body && command.form && multipartForms.includes(command.form)) {
    return sendMultipart(command.method, path, toMultipart(body), idempotencyKey);
  }
  return apiFetch(path, { method: command.method, idempotencyKey, ...(sendsBody && body ? { body } : {}) });
}
