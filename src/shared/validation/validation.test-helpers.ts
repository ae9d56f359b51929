import { Ajv } from 'ajv';
import { installValidation, type ValidationOptions } from './install-validation';
import type { ValidationMessage } from './rule.types';
import { toValidationMessage } from './validation.messages';

/** The fixed "today" of the specs. */
export const TODAY = '2024-05-15';

/**
 * Compiles `schema` for the property `value` of an object (so sibling rules and trimming have a
 * parent) and returns a checker giving the messages of a value, [] when valid.
 */
export function field(schema: Record<string, unknown>, options: ValidationOptions = {}) {
  const ajv = installValidation(new Ajv({ allErrors: true, verbose: true, allowUnionTypes: true }), {
    today: () => TODAY,
    ...options,
  });
  const validate = ajv.compile({ type: 'object', properties: { value: schema } });
  return (value: unknown, siblings: Record<string, unknown> = {}): ValidationMessage[] => {
    validate({ ...siblings, value });
    return (validate.errors ?? []).map(toValidationMessage);
  };
}

const compiled = new Map<string, ReturnType<typeof field>>();

/** The message keys of a value under `schema`, [] when valid (compiled once per schema). */
export function keysOf(schema: Record<string, unknown>, value: unknown, siblings?: Record<string, unknown>) {
  const key = JSON.stringify(schema);
  if (!compiled.has(key)) compiled.set(key, field(schema));
  return compiled.get(key)!(value, siblings).map((m) => m.key);
}
