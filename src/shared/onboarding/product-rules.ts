import type { OnboardingRules } from '../config-types';

/** A form's JSON schema (generated/forms: properties, required, conditions). */
export interface FormSchema {
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  [key: string]: unknown;
}

export interface ProductRuleOptions {
  /**
   * true for the public product application: blacklisted fields leave the form, the intermediary
   * number and the golden rules become required where the product says so. false for the admin's
   * registration, which asks every field and only takes the product's bounds.
   */
  application: boolean;
}

/**
 * A registration form's schema with one product's onboarding rules (variants/*.yaml `onboarding`,
 * document 2 §5) — the browser form and the server validate with the result, so both give the same
 * German message for the same mistake:
 * - bounds: creditor limit at most `maxCreditorLimit`, factorable turnover within its bounds, online
 *   share at most `maxOnlineTurnoverRate` percent, founding date at least `minFoundingMonths` ago;
 * - application only: blacklisted fields removed (a body that still sends one is refused), the
 *   intermediary number required when `intermediaryNumberRequired`, the factorable turnover required
 *   where it is asked, the golden-rules checkbox required in factoring products and removed elsewhere.
 *
 * @example productFormSchema(forms.productApplication.schema, variants.TPF.onboarding, { application: true })
 * // → properties.creditorLimit.creditorLimitMax === 15000000
 */
export function productFormSchema<S extends FormSchema>(base: S, rules: OnboardingRules, options: ProductRuleOptions): S {
  const schema = structuredClone(base);
  const props = schema.properties;
  const required = new Set(schema.required ?? []);
  const set = (field: string, keyword: string, value: unknown) => {
    if (props[field]) props[field] = { ...props[field], [keyword]: value };
  };
  if (options.application) {
    for (const field of rules.blacklistedFields) {
      delete props[field];
      required.delete(field);
    }
    if (!rules.factoringRulesRequired) {
      delete props.factoringRulesRead;
      required.delete('factoringRulesRead');
    } else if (props.factoringRulesRead) {
      props.factoringRulesRead = { type: 'boolean', requiredCheckbox: true };
      required.add('factoringRulesRead');
    }
    if (props.intermediaryNumber) {
      if (rules.intermediaryNumberRequired) required.add('intermediaryNumber');
      else required.delete('intermediaryNumber');
    }
    if (props.factorableTurnover) required.add('factorableTurnover');
  }
  set('creditorLimit', 'creditorLimitMax', rules.maxCreditorLimit);
  set('factorableTurnover', 'factorableTurnover', { ...rules.factorableTurnover });
  if (rules.maxOnlineTurnoverRate < 100) set('onlineTurnoverRate', 'onlineTurnoverRateMax', rules.maxOnlineTurnoverRate);
  set('foundingDate', 'foundingMinMonths', rules.minFoundingMonths);
  // keep the form's order of required fields, then the added ones
  schema.required = [...(base.required ?? []).filter((f) => required.has(f)), ...[...required].filter((f) => !(base.required ?? []).includes(f))];
  return schema;
}

/** The fields of a form a product asks (the uiSchema order without the removed ones). */
export function askedFields(order: string[], schema: FormSchema): string[] {
  return order.filter((field) => field in schema.properties);
}

const PLAIN_TEXT_KEYWORDS = new Set(['type', 'maxLength', 'trim']);

/**
 * The product application's blacklisted fields filled with the product type (document 2 §4
 * "Onboarding fields can be blacklisted per product (filled with the product type)"): the visitor is
 * not asked them, the server fills them before registering, so the record and the registration
 * payload show which product's onboarding left them out. Only a text field can hold the product
 * type; a blacklisted amount, percent, date, code or checkbox (the billing variants' factoring
 * fields) has no value that means "this product", so it stays empty — as an unasked optional field of the admin's
 * registration does. Returns the filled fields.
 *
 * @example fillBlacklistedFields(body, forms.productApplication.schema, variants.FAS.onboarding, 'FAS')
 * // → ['intermediaryAssetConsultantName', 'assetConsultantNumber']; body.assetConsultantNumber === 'FAS'
 */
export function fillBlacklistedFields(input: Record<string, unknown>, base: FormSchema, rules: OnboardingRules, productType: string): string[] {
  const filled: string[] = [];
  for (const field of rules.blacklistedFields) {
    const property = base.properties[field];
    // plain text only: a date, code or number with its own format cannot hold the product type
    const plain = property?.type === 'string' && Object.keys(property).every((k) => PLAIN_TEXT_KEYWORDS.has(k));
    if (!plain || Number(property.maxLength ?? Number.POSITIVE_INFINITY) < productType.length) continue;
    input[field] = productType;
    filled.push(field);
  }
  return filled;
}
