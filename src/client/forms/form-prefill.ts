import type { FormConfig } from '../../shared/config-types';
import { getByPath } from '../widgets/field-value';
import { type FormValues, valuesOf } from './form-schema';

const filled = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * The values an edit form starts with for a record (a debtor, or one of its locations).
 *
 * @example prefillValues(forms.editLocation, { name: 'Filiale Kiel', address: { street: 'Ginsterweg', zip: '24103' } })
 * // → { name: 'Filiale Kiel', street: 'Ginsterweg', zip: '24103' }
 * @example prefillValues(forms.paymentData, { city: 'Kiel', paymentMethod: 'bank_transfer', sepaMandate: null })
 * // → { paymentMethod: 'bank_transfer' }
 */
export function prefillValues(
  form: FormConfig,
  record: Record<string, unknown>,
): FormValues {
  // the form's `prefill` of schema/forms (nested location address, the SEPA mandate …); default: the record
  const rule = form.prefill ?? { from: [''] };
  const values: FormValues = {};
  for (const source of rule.from) {
    const { path, only } = typeof source === 'string' ? { path: source, only: undefined } : source;
    const object = path === '' ? record : getByPath(record, path);
    if (!object || typeof object !== 'object') continue;
    for (const [name, value] of Object.entries(valuesOf(form, object as Record<string, unknown>))) {
      if (only && !only.includes(name)) continue;
      if (!filled(values[name]) && filled(value)) values[name] = value;
    }
  }
  for (const [name, path] of Object.entries(rule.fields ?? {})) {
    const value = getByPath(record, path);
    if (filled(value)) values[name] = value;
  }
  for (const [name, path] of Object.entries(rule.present ?? {})) {
    if (filled(getByPath(record, path))) values[name] = true;
  }
  return values;
}
