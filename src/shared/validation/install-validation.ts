import type { Ajv, FuncKeywordDefinition } from 'ajv';
import type { DataValidateFunction } from 'ajv/dist/types';
import { parseDataUrl } from './file.rules';
import { FORMAT_RULES } from './format.rules';
import { todayIso } from './german-input.parse';
import { KEYWORD_RULES } from './keyword.rules';
import type { KeywordRule, RuleEnv } from './rule.types';

export { KEYWORD_RULES } from './keyword.rules';

export interface ValidationOptions {
  /** Today as `yyyy-MM-dd`; default: the current day in Europe/Berlin. */
  today?: () => string;
  /**
   * Whether `trim` writes the trimmed text back (default true, the server). A browser form must
   * pass false: rjsf validates its live state object, and trimming it would swallow the space a
   * user just typed; the text widget trims on blur instead.
   */
  modifyData?: boolean;
}

function definition(rule: KeywordRule, env: RuleEnv): FuncKeywordDefinition {
  return {
    keyword: rule.name,
    type: rule.dataType,
    metaSchema: rule.param,
    modifying: rule.modifying === true && env.modifyData,
    before: rule.before,
    errors: true,
    compile(param: unknown) {
      const validate: DataValidateFunction = (data, cxt) => {
        if (rule.check(param, data, cxt, env)) return true;
        validate.errors = [
          {
            keyword: rule.name,
            message: `must pass "${rule.name}" rule`,
            params: rule.errorParams ? rule.errorParams(param, env) : { limit: param },
          },
        ];
        return false;
      };
      return validate;
    },
  };
}

/**
 * Adds every format and keyword of `schema/validation.yaml` to an ajv instance and returns it.
 * Formats `email`, `password` and `date` replace ajv-formats' versions, so call it after
 * ajv-formats: in Fastify through `ajv.onCreate` (its `plugins` run before ajv-formats), in rjsf
 * through `extenderFn` (see `extendRjsfAjv`).
 *
 * @example
 * Fastify({ ajv: { customOptions: { coerceTypes: 'array' }, onCreate: (ajv) => installValidation(ajv) } });
 */
export function installValidation<A extends Ajv>(ajv: A, options: ValidationOptions = {}): A {
  const env: RuleEnv = { today: options.today ?? (() => todayIso()), modifyData: options.modifyData ?? true };
  for (const rule of FORMAT_RULES) ajv.addFormat(rule.name, { type: 'string', validate: rule.validate });
  // One file of a `files` field (generator/normalize-forms.ts): rjsf knows the format itself, the
  // server's ajv learns it here (multipart parts reach the commands as data URLs).
  if (!ajv.formats['data-url'])
    ajv.addFormat('data-url', { type: 'string', validate: (v: string) => parseDataUrl(v) !== null });
  for (const rule of KEYWORD_RULES) {
    // A second install on the same instance (hot reload, shared test ajv) keeps the first.
    if (!ajv.getKeyword(rule.name)) ajv.addKeyword(definition(rule, env));
  }
  return ajv;
}

/**
 * The rjsf variant: no data modification while the user types.
 * @example
 * const validator = customizeValidator({ customFormats, extenderFn: extendRjsfAjv });
 */
export function extendRjsfAjv<A extends Ajv>(ajv: A): A {
  return installValidation(ajv, { modifyData: false });
}
