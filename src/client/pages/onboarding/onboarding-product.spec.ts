import { describe, expect, it } from 'vitest';
import de from '../../../../generated/i18n/de.json';
import { variants } from '../../../../generated/variants';
import { createRjsfLocalizer } from '../../../shared/validation';
import { FormValidator } from '../../forms/form-validator';
import { dropHidden, type FormValues, initialData, requiredFields, visibleFields, visibleSchema } from '../../forms/form-schema';
import { APPLICATION_STEPS, applicationForm, isOffered, productForm, requestForm } from './onboarding-product';

const german = (key: string, params: Record<string, string | number> = {}) => {
  const text = key.split('.').reduce<any>((node, part) => node?.[part], de);
  return String(text ?? key).replace(/%\{(\w+)\}/g, (_, name) => String(params[name]));
};
// The validator the onboarding form builds (use-form-validator.ts), with the German catalogue.
const validator = new FormValidator(createRjsfLocalizer(german));

const offered = Object.keys(variants).filter((code) => isOffered(variants[code]));
const stepForm = (product: string, key: string) => {
  const step = APPLICATION_STEPS.find((s) => s.key === key)!;
  return productForm(applicationForm, variants[product], step.fields, `productApplication-${key}`);
};

/**
 * What "Weiter" (or the request's submit) finds wrong, as OnboardingForm validates it (the shown
 * fields' schema, hidden and empty values left out): field → messages. A message without a field
 * other than an `if`/`then` failure (which the field's own `required` says better) is kept under
 * '' — the form could not mark it (and would let the step pass), so it must never occur.
 */
function formErrors(form: ReturnType<typeof productForm>, data: FormValues): Record<string, string[]> {
  const visible = visibleFields(form, data);
  const { errors } = validator.validateFormData(dropHidden(data, visible), visibleSchema(form, visible) as never);
  const byField: Record<string, string[]> = {};
  for (const error of errors.filter((e) => e.name !== 'if')) {
    const field = error.property?.replace(/^\./, '').split('.')[0] ?? '';
    byField[field] = [...(byField[field] ?? []), error.message ?? error.stack];
  }
  return byField;
}

const stepErrors = (product: string, key: string, data: FormValues) => formErrors(stepForm(product, key), data);

describe('the product application, step by step, and the product request', () => {
  it('is offered in SMAFA, APL, FAS, FW and TPF', () => {
    expect(offered.sort()).toEqual(['APL', 'FAS', 'FW', 'SMAFA', 'TPF']);
  });

  it.each(offered)('%s: an untouched step names every required field of it at once, and nothing the form cannot mark', (product) => {
    for (const { key } of APPLICATION_STEPS) {
      const form = stepForm(product, key);
      // what the form starts with: the schema's defaults (the limit is calculated automatically)
      const start = initialData(form);
      const required = [...requiredFields(form, visibleFields(form, start))];
      const errors = stepErrors(product, key, start);
      expect(errors[''], `${product} ${key}`).toBeUndefined();
      expect(Object.keys(errors).sort(), `${product} ${key}`).toEqual(required.sort());
    }
  });

  it.each(offered)('%s: only the step with the IBAN field waits for the IBAN check (lazyFormats)', (product) => {
    const asked = (field: string) => field in (productForm(applicationForm, variants[product]).schema.properties as object);
    for (const { key, fields } of APPLICATION_STEPS) {
      const form = stepForm(product, key);
      const ibanFields = Object.entries(form.schema.properties as Record<string, object>)
        .filter(([, field]) => JSON.stringify(field).includes('"format":"iban"'))
        .map(([field]) => field);
      expect(form.lazyFormats?.iban ?? [], `${product} ${key}`).toEqual(ibanFields);
      expect(ibanFields.length > 0, `${product} ${key}`).toBe(fields.includes('sepaIban') && asked('sepaIban'));
    }
  });

  it.each(offered.filter((code) => !variants[code].onboarding.blacklistedFields.includes('creditorLimit')))(
    '%s: a limit not calculated automatically is required on the company step',
    (product) => {
      const errors = stepErrors(product, 'company', { automaticallyCalculateCreditorLimit: false });
      expect(errors.creditorLimit).toEqual([german('validation.required')]);
    },
  );

  const requiring = offered.filter((code) => variants[code].onboarding.intermediaryNumberRequired);

  it('requires the intermediary number exactly where the product says so (SMAFA, APL)', () => {
    expect(requiring.sort()).toEqual(['APL', 'SMAFA']);
  });

  it.each(offered)('%s: the intermediary step checks the number (6 digits; required where the product says so)', (product) => {
    const at = (data: FormValues) => stepErrors(product, 'intermediary', data).intermediaryNumber;
    expect(at({})).toEqual(requiring.includes(product) ? [german('validation.required')] : undefined);
    for (const wrong of ['12345', '1234567', '12a456', ''])
      expect(at({ intermediaryNumber: wrong }), JSON.stringify(wrong)).toEqual([german('validation.intermediaryNumber')]);
    expect(at({ intermediaryNumber: '123456' })).toBeUndefined();
    expect(stepErrors(product, 'intermediary', { intermediaryNumber: '123456' })).toEqual({});
  });

  it.each(offered)('%s: the product request names every required field at once', (product) => {
    const form = productForm(requestForm, variants[product]);
    const start = initialData(form);
    const required = [...requiredFields(form, visibleFields(form, start))];
    expect(required).toContain('companyName');
    expect(Object.keys(formErrors(form, start)).sort()).toEqual(required.sort());
  });
});
