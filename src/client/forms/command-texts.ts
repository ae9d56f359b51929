import type { CommandConfig } from '../../shared/config-types';

// The texts of a command's outcome (success, refusal, failure), apart from form-command.ts so a page
// that shows them (the onboarding's forms) does not load the table of every command (issue 32).

type Translate = (key: string, options?: Record<string, unknown>) => string;

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
