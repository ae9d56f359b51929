import { HttpError } from 'ra-core';
import type { FormConfig } from '../../shared/config-types';
// the file rules alone: the validation's barrel would bring every rule (and ibantools) to the lists
import { parseDataUrl } from '../../shared/validation/file.rules';
import { refreshTokens } from '../auth/session';
import { tokenStore } from '../auth/token-store';
import { renewAfterPasswordChange } from '../auth/password-changed';
import { apiFetch, idempotencyHeader, newIdempotencyKey } from '../data/http-client';
import type { FormValues } from './form-schema';

/** What a dialog acts on: the record of a detail action, or the id a query flag carries. */
export type FormTarget = Record<string, string | number | undefined>;

/**
 * Fills the `{name}` parameters of a submit path from the target (the record id), else from the
 * form data; `{locationIdentifier}` also takes the field `location`.
 *
 * @example submitPath('/debtor/update/{id}', { id: 12 }, {}) // '/debtor/update/12'
 */
export function submitPath(path: string, target: FormTarget, data: FormValues): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const stem = name.replace(/Identifier$/, '');
    const value = target[name] ?? data[name] ?? (stem !== name ? (target[stem] ?? data[stem]) : undefined);
    if (value === undefined || value === null || value === '') {
      throw new Error(`The submit path ${path} needs {${name}}, which neither the target nor the form holds`);
    }
    return encodeURIComponent(String(value));
  });
}

const isDataUrl = (value: unknown): value is string => typeof value === 'string' && value.startsWith('data:');

/** A data URL as rjsf's file widgets write it (`data:application/pdf;name=r.pdf;base64,…`) as a File. */
export function dataUrlToFile(value: string): File {
  const file = parseDataUrl(value);
  const payload = value.slice(value.indexOf(',') + 1);
  const binary = atob(payload);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new File([bytes], file?.name || 'upload', { type: file?.type || 'application/octet-stream' });
}

/**
 * The form data as multipart parts: each data-URL file one File part under its field's name,
 * other values as text (objects as JSON).
 */
export function toMultipart(data: FormValues): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(data)) {
    // an unset optional field is left out (not sent as the text "undefined")
    if (value === undefined || value === null || value === '') continue;
    const values = Array.isArray(value) && value.every(isDataUrl) ? value : [value];
    for (const item of values) {
      if (isDataUrl(item)) body.append(name, dataUrlToFile(item));
      else body.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return body;
}

// The shared client (`apiFetch`) sends JSON only; a multipart body goes the same way by hand:
// bearer token, one refresh and retry on 401, failures as react-admin's HttpError.
export async function sendMultipart(method: string, path: string, body: FormData, idempotencyKey = newIdempotencyKey()): Promise<unknown> {
  const send = () => {
    const headers: Record<string, string> = { Accept: 'application/json', ...idempotencyHeader(idempotencyKey) };
    if (tokenStore.token) headers.Authorization = `Bearer ${tokenStore.token}`;
    return fetch(`/api${path}`, { method, headers, body });
  };
  let response = await send();
  if (response.status === 401 && (await refreshTokens())) response = await send();
  const text = await response.text();
  let parsed: any = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!response.ok) {
    throw new HttpError(parsed?.message || response.statusText || 'HTTP error', response.status, parsed);
  }
  return parsed;
}

/**
 * Sends a form's data to its `submit` call, with the submit's Idempotency-Key (a new one when none
 * is given).
 *
 * @example await submitForm(createDebtorForm, { debtorType: 'business', … }, {}, key);
 */
export async function submitForm(form: FormConfig, data: FormValues, target: FormTarget, idempotencyKey = newIdempotencyKey()): Promise<unknown> {
  if (!form.submit) throw new Error(`Form ${form.name} has no submit call yet`);
  const path = submitPath(form.submit.path, target, data);
  if (form.submit.contentType === 'multipart') return sendMultipart(form.submit.method, path, toMultipart(data), idempotencyKey);
  const answer = await apiFetch(path, { method: form.submit.method, body: data, idempotencyKey });
  await renewAfterPasswordChange(path, data);
  return answer;
}

/**
 * The Idempotency-Key of a dialog's submit: a new one for new data, the same one when the same data
 * are sent again after a failure whose outcome the dialog cannot know (no answer, a 5xx, "still
 * running") — so a retry of one submit acts at most once. Forgotten after a success.
 *
 * @example const keys = submitKeys(); keys.keyFor(values) // '…'; keys.done()
 */
export function submitKeys(create: () => string = newIdempotencyKey) {
  let last: { key: string; values: string } | null = null;
  return {
    keyFor(values: unknown): string {
      const text = JSON.stringify(values);
      if (last?.values !== text) last = { key: create(), values: text };
      return last.key;
    },
    done() {
      last = null;
    },
  };
}

/** How a failed submit is shown: at a field, as an alert in the dialog, or as the server-error snackbar. */
export type SubmitFailure =
  | { kind: 'field'; field: string; message: string }
  /**
   * `code`: the server's message key (`messages.<code>` in the catalogue), when it sent one;
   * `reason`: why a command was refused, as a message key (commands.wrongState …)
   */
  | { kind: 'alert'; message: string; code?: string; reason?: string }
  | { kind: 'serverError' };

/**
 * Sorts a submit failure: a 4xx naming a shown field (`field: 'body/iban'`) goes to that field,
 * any other 4xx with a message to an alert; a 5xx, a network failure or a bug is a server error.
 */
export function classifyFailure(error: unknown, fields: string[]): SubmitFailure {
  const status = (error as { status?: number })?.status;
  if (typeof status !== 'number' || status < 400 || status >= 500) return { kind: 'serverError' };
  const body = ((error as { body?: unknown }).body ?? {}) as {
    message?: string;
    field?: string;
    code?: string;
    reason?: string;
  };
  const message = body.message || (error as Error).message;
  if (!message) return { kind: 'serverError' };
  const field = String(body.field ?? '')
    .replace(/^body/, '')
    .split('/')
    .filter(Boolean)[0];
  if (field && fields.includes(field)) return { kind: 'field', field, message };
  return {
    kind: 'alert',
    message,
    ...(body.code ? { code: body.code } : {}),
    ...(body.reason ? { reason: body.reason } : {}),
  };
}
