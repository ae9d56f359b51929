import { commands, multipartForms } from '../../../generated/commands';
import type { CommandConfig, FormConfig } from '../../shared/config-types';
import { apiFetch, newIdempotencyKey } from '../data/http-client';
import { commandOfForm as commandOfFormIn } from './command-of-form';
import type { FormValues } from './form-schema';
import { type FormTarget, sendMultipart, submitPath, toMultipart } from './form-submit';

type Translate = (key: string, options?: Record<string, unknown>) => string;

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

/**
 * The green snackbar's text after a success: the server's German `message` when it sent one, else
 * the command's success text, else "changes saved".
 *
 * @example successText({ success: true, message: 'Die Änderungen wurden gespeichert.' }, command, t) // the server's text
 */
export function successText(
  response: unknown,
  command: CommandConfig | undefined,
  translate: Translate,
): string {
  const message = (response as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.trim()) return message;
  return translate(`messages.${command?.success ?? 'changesSaved'}`);
}

/** A refusal as the server answers it (4xx). */
export interface Refusal {
  message: string;
  /** the command's failure key (changesNotSaved …) or validationError */
  code?: string;
  /** why, as a message key (commands.wrongState, debtors.deactivationBlocked …) */
  reason?: string;
}

/**
 * The German text of a refusal: the catalogue's text of its reason (so a variant's wording applies),
 * else of its code, with the server's own text as the fallback; validation answers keep the
 * server's text, which names the rule.
 *
 * @example refusalText({ code: 'changesNotSaved', reason: 'debtors.deactivationBlocked', message: '…' }, t)
 */
export function refusalText(refusal: Refusal, translate: Translate): string {
  if (refusal.reason) return translate(`messages.${refusal.reason}`, { _: refusal.message });
  if (refusal.code && refusal.code !== 'validationError')
    return translate(`messages.${refusal.code}`, { _: refusal.message });
  return refusal.message;
}

/**
 * The red snackbar's text when a command failed without a refusal (server error, no connection):
 * the command's failure text (document 1 §8: debtors.addDebtorError, changesNotSaved,
 * addresses.addressNotAdded …), else the general server error.
 */
export function failureText(command: CommandConfig | undefined, translate: Translate): string {
  return translate(`messages.${command?.failure ?? 'serverError'}`, { _: translate('messages.serverError') });
}
