import { forms } from '../../../generated/forms';
import type { FormConfig } from '../../shared/config-types';
import type { FormTarget } from './form-submit';

/** Every form the spec opens by a query flag (`?uploadVoucher=true`), by its flag. */
export const flaggedForms: Record<string, FormConfig> = Object.fromEntries(
  Object.values(forms)
    .filter((form) => form.queryFlag)
    .map((form) => [form.queryFlag!, form]),
);

/**
 * The form a query string opens, if any: a flag set to `true`, or to an id (admin dialogs such as
 * `?blockCreditor=17`), which becomes the form's target.
 *
 * @example openedForm('?changePassword=true') // { form: changePasswordForm, target: {} }
 */
export function openedForm(search: string): { form: FormConfig; flag: string; target: FormTarget } | null {
  const params = new URLSearchParams(search);
  for (const [flag, form] of Object.entries(flaggedForms)) {
    const value = params.get(flag);
    if (value === null || value === '' || value === 'false') continue;
    return { form, flag, target: value === 'true' ? {} : { id: value } };
  }
  return null;
}

/**
 * The query string without a flag (closing a dialog).
 *
 * @example withoutParam('?page=2&uploadVoucher=true', 'uploadVoucher') // '?page=2'
 */
export function withoutParam(search: string, name: string): string {
  const params = new URLSearchParams(search);
  params.delete(name);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The query string with a flag set (a link that opens a dialog).
 *
 * @example withParam('?page=2', 'uploadVoucher') // '?page=2&uploadVoucher=true'
 */
export function withParam(search: string, name: string, value = 'true'): string {
  const params = new URLSearchParams(search);
  params.set(name, value);
  return `?${params.toString()}`;
}
