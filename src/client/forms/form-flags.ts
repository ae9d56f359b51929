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

// the URL helpers live apart, so the layout uses them without loading every form (issue 13)
export { withoutParam, withParam } from './query-params';
