import { KEYWORD_RULES } from './keyword.rules';
import type { ValidationMessage } from './rule.types';
import { IBAN_FORMAT, PLAIN_FORMAT_RULES } from './string.formats';

/** An ajv error (`keyword`, `instancePath`) or rjsf's transformed one (`name`, `property`). */
export interface ValidationErrorLike {
  keyword?: string;
  name?: string;
  instancePath?: string;
  property?: string;
  params?: Record<string, any>;
  /** Present when ajv runs with `verbose: true` (rjsf does); refines the `required` message. */
  parentSchema?: Record<string, any>;
}

const germanNumber = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });
const FALLBACK = 'validation.invalid';

interface BuiltinRule {
  name: string;
  message: string;
  placeholders?(params: Record<string, any>): Record<string, string | number>;
}

/** ajv's own keywords that schema/validation.yaml declares as rules, with the message each shows. */
export const BUILTIN_RULES: BuiltinRule[] = [
  { name: 'required', message: 'validation.required' },
  { name: 'minLength', message: 'validation.minLength', placeholders: (p) => ({ min: p.limit }) },
  { name: 'maxLength', message: 'validation.maxLength', placeholders: (p) => ({ max: p.limit }) },
  {
    name: 'minimum',
    message: 'validation.numberAtLeast',
    placeholders: (p) => ({ min: germanNumber.format(p.limit) }),
  },
  {
    name: 'maximum',
    message: 'validation.numberAtMost',
    placeholders: (p) => ({ max: germanNumber.format(p.limit) }),
  },
  {
    name: 'exclusiveMinimum',
    message: 'validation.numberMoreThan',
    placeholders: (p) => ({ min: germanNumber.format(p.limit) }),
  },
  {
    name: 'exclusiveMaximum',
    message: 'validation.numberLessThan',
    placeholders: (p) => ({ max: germanNumber.format(p.limit) }),
  },
];

// A missing property whose own schema carries one of these keywords gets that rule's message:
// an unticked mandatory checkbox is not "a required field".
const REQUIRED_MESSAGES: [keyword: string, key: string][] = [
  ['requiredCheckbox', 'validation.requiredCheckbox'],
  ['desiredLimit', 'validation.desiredLimitRequired'],
];

const keywordRules = new Map(KEYWORD_RULES.map((rule) => [rule.name, rule]));
const builtinRules = new Map(BUILTIN_RULES.map((rule) => [rule.name, rule]));
// the messages only: the browser shows the `iban` message without the check's library
const formatMessages = new Map<string, string>(
  [...PLAIN_FORMAT_RULES, IBAN_FORMAT].map((rule): [string, string] => [rule.name, rule.message]),
);

const unquote = (name: string) => name.replace(/^'(.*)'$/, '$1');

function requiredMessage(error: ValidationErrorLike): string {
  const property = unquote(String(error.params?.missingProperty ?? ''));
  const schema = error.parentSchema?.properties?.[property];
  const special = REQUIRED_MESSAGES.find(([keyword]) => schema?.[keyword]);
  return special ? special[1] : 'validation.required';
}

/**
 * Maps one validation error to the message key of `schema/texts/validation.yaml` and its
 * placeholders, so a form field and an API answer show the same German text.
 * @example
 * toValidationMessage({ keyword: 'moneyAtLeast', params: { limit: 1000 } })
 * // { key: 'validation.atLeast', params: { amount: '10,00 €' } }
 */
export function toValidationMessage(error: ValidationErrorLike): ValidationMessage {
  const keyword = error.keyword ?? error.name ?? '';
  const params = error.params ?? {};
  if (keyword === 'format') return { key: formatMessages.get(params.format) ?? FALLBACK, params: {} };
  if (keyword === 'required') return { key: requiredMessage(error), params: {} };
  // An emptied text field (`minLength: 1`, after trimming) is a missing value to the user.
  if (keyword === 'minLength' && params.limit <= 1) return { key: 'validation.required', params: {} };
  // Text where a number belongs (coercion failed): the only type error a form user can cause.
  if (keyword === 'type') {
    const numeric = ['number', 'integer'].some((t) => String(params.type).includes(t));
    return { key: numeric ? 'validation.numberInvalid' : FALLBACK, params: {} };
  }
  const rule = keywordRules.get(keyword) ?? builtinRules.get(keyword);
  if (!rule) return { key: FALLBACK, params: {} };
  return { key: rule.message, params: rule.placeholders ? rule.placeholders(params) : {} };
}

/** rjsf's `.sepa.iban`, `terms` or `.files[0]` as a JSON pointer. */
function propertyPointer(property: string | undefined): string {
  if (!property) return '';
  const parts = property
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean);
  return parts.map((part) => `/${part}`).join('');
}

/**
 * The JSON pointer of the field an error belongs to (`/company/zip`); for `required` the missing
 * property itself rather than its parent object.
 */
export function errorPath(error: ValidationErrorLike): string {
  // rjsf's `property` already ends with the missing property; ajv's `instancePath` is its parent.
  if (error.instancePath === undefined) return propertyPointer(error.property);
  const missing = error.params?.missingProperty;
  return error.keyword === 'required' && missing
    ? `${error.instancePath}/${unquote(String(missing))}`
    : error.instancePath;
}

/**
 * An rjsf `localizer` (second argument of `customizeValidator`) that writes the translated text of
 * each error into its `message`.
 * @example
 * const validator = customizeValidator({ customFormats, extenderFn: extendRjsfAjv },
 *   createRjsfLocalizer((key, params) => i18nProvider.translate(key, params)));
 */
export function createRjsfLocalizer(
  translate: (key: string, params: Record<string, string | number>) => string,
) {
  return (errors?: (ValidationErrorLike & { message?: string })[] | null): void => {
    for (const error of errors ?? []) {
      const { key, params } = toValidationMessage(error);
      error.message = translate(key, params);
    }
  };
}
