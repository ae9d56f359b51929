import {
  type CustomValidator,
  type ErrorTransformer,
  type FormContextType,
  type RJSFSchema,
  type StrictRJSFSchema,
  type UiSchema,
  type ValidationData,
  JUNK_OPTION_ID,
  type ValidatorType,
} from '@rjsf/utils';
import processRawValidationErrors from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js';
import { interpretSchema, type Schema, type SchemaError } from '../../shared/validation/schema-interpreter';

/**
 * rjsf's `ValidatorType` over the interpreting validator of `src/shared/validation/schema-interpreter.ts`
 * instead of ajv: no code is compiled in the browser (the CSP has no `'unsafe-eval'`) and the form
 * pages load no ajv. Errors go through rjsf's own processing of ajv errors (`processRawValidationErrors`
 * of `@rjsf/validator-ajv8`, a module without ajv) after `localize` wrote the German texts into them,
 * as `customizeValidator(…, localizer)` did.
 *
 * @example
 * const validator = new FormValidator(createRjsfLocalizer(translate)); <Form validator={validator} … />
 */
export class FormValidator<T = any, S extends StrictRJSFSchema = RJSFSchema, F extends FormContextType = any>
  implements ValidatorType<T, S, F>
{
  constructor(private readonly localize?: (errors: SchemaError[]) => void) {}

  rawValidation<Result = any>(schema: S, formData?: T): { errors?: Result[]; validationError?: Error } {
    try {
      const errors = interpretSchema(schema as Schema, formData);
      this.localize?.(errors);
      return { errors: errors.length ? (errors as Result[]) : undefined };
    } catch (error) {
      return { validationError: error as Error };
    }
  }

  validateFormData(
    formData: T | undefined,
    schema: S,
    customValidate?: CustomValidator<T, S, F>,
    transformErrors?: ErrorTransformer<T, S, F>,
    uiSchema?: UiSchema<T, S, F>,
  ): ValidationData<T> {
    const raw = this.rawValidation<never>(schema, formData);
    return processRawValidationErrors(this, raw, formData, schema, customValidate, transformErrors, uiSchema);
  }

  isValid(schema: S, formData: T | undefined, rootSchema: S): boolean {
    // rjsf's placeholder option, which no data may match
    if ((schema as Schema).$id === JUNK_OPTION_ID) return false;
    try {
      return interpretSchema(schema as Schema, formData, { rootSchema: rootSchema as Schema }).length === 0;
    } catch {
      return false;
    }
  }
}
