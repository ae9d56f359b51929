import type { CommandConfig } from '../../shared/config-types';
import { apiFetch, newIdempotencyKey } from '../data/http-client';
import type { FormValues } from './form-schema';
import { type FormTarget, sendMultipart, submitPath, toMultipart } from './form-submit';

// Neither this module nor the texts' read a table of commands: a caller passes the table it holds —
// a form's own commands (generated/form-commands/<form>.ts) or every command (generated/commands.ts).
export { commandOfForm } from './command-of-form';
export { failureText, type Refusal, refusalText, successText } from './command-texts';

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
  if (sendsBody && body && command.multipart) {
    return sendMultipart(command.method, path, toMultipart(body), idempotencyKey);
  }
  return apiFetch(path, { method: command.method, idempotencyKey, ...(sendsBody && body ? { body } : {}) });
}
