import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { forms } from '../../../../generated/forms';
import { variants } from '../../../../generated/variants';
import { type FormSchema, productFormSchema, type ProductRuleOptions } from '../../../shared/onboarding/product-rules';
import { installValidation } from '../../../shared/validation';

/**
 * A body that breaks a product's rule: answered by the error handler exactly like the route
 * schema's own refusals (400 validationError with the rule's message key and German text).
 */
export class ProductRuleViolation extends Error {
  readonly statusCode = 400;
  readonly validationContext = 'body';
  constructor(readonly validation: ErrorObject[]) {
    super(`body${validation[0]?.instancePath ?? ''} ${validation[0]?.message ?? 'is invalid'}`);
  }
}

// The same options as the route validator (src/server/app.ts), so both answer alike.
const ajv = installValidation(
  (addFormats as unknown as (a: Ajv) => Ajv)(new Ajv({ coerceTypes: 'array', removeAdditional: false, allErrors: false, verbose: true, strict: false })),
);
const compiled = new Map<string, ValidateFunction>();

/**
 * Checks a body against a form's schema with one product's onboarding rules (variants/*.yaml,
 * src/shared/onboarding) — the schema the browser form validates with. Throws ProductRuleViolation.
 *
 * @example validateForProduct('productApplication', body, 'TPF', { application: true })
 */
export function validateForProduct(form: string, body: object, product: string, options: ProductRuleOptions): void {
  const input = body as Record<string, unknown>;
  const key = `${form}:${product}:${options.application}`;
  const { $id: _id, ...base } = forms[form].schema as FormSchema & { $id?: string };
  const schema = productFormSchema(base as FormSchema, variants[product].onboarding, options);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  // The route's validator fills in the form's defaults (a checkbox's `true`); a field the product
  // does not ask was not sent when it holds just that default.
  for (const [field, value] of Object.entries(input)) {
    if (!(field in schema.properties) && base.properties[field]?.default === value) delete input[field];
  }
  if (!validate(input)) throw new ProductRuleViolation(validate.errors ?? []);
}
