import { parseDataUrl } from './file.rules';
import { KEYWORD_RULES } from './keyword.rules';
import type { FormatRule, RuleEnv } from './rule.types';
import { lazyFormats } from '../../../generated/validation';
import { PLAIN_FORMAT_RULES } from './string.formats';
import { todayIso } from './german-input.parse';

/**
 * A JSON-schema validator that interprets the schema instead of compiling it to code: the browser
 * forms' validator (`src/client/forms/form-validator.ts`), so the portal's CSP needs no
 * `'unsafe-eval'` and the form pages carry no ajv (~40 KB gzip with fast-uri).
 *
 * It knows the keywords the generated forms use (`INTERPRETED_KEYWORDS`; `schema-interpreter.spec.ts`
 * fails when a form schema uses another one, and checks that it reports the same errors as ajv with
 * the server's rules on every form), with ajv's error objects (`keyword`, `instancePath`,
 * `schemaPath`, `params`, `parentSchema`), so the German messages (`toValidationMessage`) and rjsf's
 * error processing work on them unchanged. Like rjsf's ajv (`strict: false`, `allErrors: true`) it
 * reports every error and ignores keywords it does not know; unknown formats are a schema error.
 * The custom keywords and formats are those of `schema/validation.yaml` (`KEYWORD_RULES`,
 * `FORMAT_RULES`) — the same functions the server's ajv calls. The `iban` check (ibantools) is not
 * built in, so a form without an IBAN field does not download it: `addFormat` installs it (the
 * browser: src/client/forms/lazy-formats.ts, before such a form renders); until then a schema with
 * `format: iban` throws like an unknown format — an IBAN is never passed unchecked.
 *
 * @example
 * const errors = interpretSchema({ type: 'object', required: ['iban'] }, {}); // [{ keyword: 'required', … }]
 */
export function interpretSchema(schema: Schema | boolean, data: unknown, options: InterpretOptions = {}): SchemaError[] {
  const env: RuleEnv = { today: options.today ?? (() => todayIso()), modifyData: false };
  const errors: SchemaError[] = [];
  const root = typeof schema === 'object' ? schema : {};
  validate({ root: options.rootSchema ?? root, rootData: data, env, errors }, schema, data, '', '#', undefined);
  return errors;
}

/** Whether the data is valid (no error at all). */
export function isValidBySchema(schema: Schema | boolean, data: unknown, options: InterpretOptions = {}): boolean {
  return interpretSchema(schema, data, options).length === 0;
}

export type Schema = Record<string, any>;

export interface InterpretOptions {
  /** the schema `$ref: '#/…'` points into (default: the schema itself) */
  rootSchema?: Schema;
  /** today as `yyyy-MM-dd` (date rules); default: the day in Europe/Berlin */
  today?: () => string;
}

/** An ajv `ErrorObject` as rjsf and `toValidationMessage` read it. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, any>;
  message: string;
  parentSchema: Schema;
  data?: unknown;
}

/** The keywords the interpreter checks; every other keyword is an annotation to it (title, default, …). */
export const INTERPRETED_KEYWORDS = new Set([
  'type', 'enum', 'const', 'required', 'properties', 'additionalProperties', 'items', 'minItems', 'maxItems',
  'uniqueItems', 'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', '$ref',
  ...KEYWORD_RULES.map((rule) => rule.name),
]);

/** Keywords that carry no check: the interpreter and ajv pass over them. */
export const ANNOTATION_KEYWORDS = new Set([
  '$id', '$schema', '$comment', 'title', 'description', 'default', 'examples', 'readOnly', 'writeOnly', 'deprecated',
]);

interface Run {
  root: Schema;
  rootData: unknown;
  env: RuleEnv;
  errors: SchemaError[];
}

interface Parent {
  data: Record<string | number, unknown> | unknown[];
  property: string | number;
}

const formats = new Map<string, (value: string) => boolean>([
  ...PLAIN_FORMAT_RULES.map((rule): [string, (value: string) => boolean] => [rule.name, rule.validate]),
  ['data-url', (value) => parseDataUrl(value) !== null],
]);

/**
 * The formats of `FORMAT_RULES` whose check comes with a library and is added when loaded: those
 * schema/validation.yaml marks `lazy` (generated; the browser's loaders are typed by the same list).
 */
export const LOADED_FORMATS: readonly string[] = lazyFormats;

/**
 * Adds a format's check that the interpreter does not carry itself (`LOADED_FORMATS`).
 * @example addFormat({ ...IBAN_FORMAT, validate: (await import('./iban.format')).isValidIban })
 */
export function addFormat(rule: FormatRule): void {
  formats.set(rule.name, rule.validate);
}

/** Whether the interpreter checks this format now (built in, or added by `addFormat`). */
export const hasFormat = (name: string): boolean => formats.has(name);
const keywordRules = new Map(KEYWORD_RULES.map((rule) => [rule.name, rule]));

const escapePointer = (part: string | number) => String(part).replace(/~/g, '~0').replace(/\//g, '~1');

function typeOf(data: unknown): string {
  if (data === null) return 'null';
  if (Array.isArray(data)) return 'array';
  return typeof data;
}

function hasType(data: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return typeof data === 'number' && Number.isInteger(data);
    case 'number':
      return typeof data === 'number' && Number.isFinite(data);
    default:
      return typeOf(data) === type;
  }
}

/** ajv's deep equality for `enum`, `const` and `uniqueItems` (fast-deep-equal). */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => equal(item, (b as unknown[])[i]));
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => Object.hasOwn(b, key) && equal((a as Schema)[key], (b as Schema)[key]));
}

/** Characters as ajv counts them for `minLength`/`maxLength` (code points, not UTF-16 units). */
const codePoints = (text: string) => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

const numberChecks: [keyword: string, comparison: string, fails: (value: number, limit: number) => boolean][] = [
  ['maximum', '<=', (value, limit) => !(value <= limit)],
  ['minimum', '>=', (value, limit) => !(value >= limit)],
  ['exclusiveMaximum', '<', (value, limit) => !(value < limit)],
  ['exclusiveMinimum', '>', (value, limit) => !(value > limit)],
];

function resolveRef(root: Schema, ref: string): Schema | boolean {
  if (!ref.startsWith('#')) throw new Error(`schema refers outside itself: ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    node = (node as Schema | undefined)?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (node === undefined) throw new Error(`can't resolve reference ${ref}`);
  return node as Schema | boolean;
}

/** Validates `data` against `schema`, appending to `run.errors`; answers whether it added none. */
function validate(run: Run, schema: Schema | boolean, data: unknown, path: string, schemaPath: string, parent: Parent | undefined): boolean {
  const before = run.errors.length;
  if (schema === true) return true;
  if (schema === false) {
    run.errors.push({ keyword: 'false schema', instancePath: path, schemaPath, params: {}, message: 'boolean schema is false', parentSchema: {} });
    return false;
  }
  const fail = (keyword: string, params: Record<string, any>, message: string, at = path, keywordPath = `${schemaPath}/${keyword}`) => {
    run.errors.push({ keyword, instancePath: at, schemaPath: keywordPath, params, message, parentSchema: schema, data });
  };

  if (schema.$ref !== undefined) validate(run, resolveRef(run.root, schema.$ref), data, path, schema.$ref, parent);

  if (schema.type !== undefined) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => hasType(data, type))) fail('type', { type: types.join(',') }, `must be ${types.join(',')}`);
  }
  if (schema.enum !== undefined && !(schema.enum as unknown[]).some((value) => equal(value, data)))
    fail('enum', { allowedValues: schema.enum }, 'must be equal to one of the allowed values');
  if (schema.const !== undefined && !equal(schema.const, data))
    fail('const', { allowedValue: schema.const }, 'must be equal to constant');

  if (typeof data === 'number' && Number.isFinite(data)) {
    for (const [keyword, comparison, fails] of numberChecks) {
      const limit = schema[keyword];
      if (typeof limit === 'number' && fails(data, limit)) fail(keyword, { comparison, limit }, `must be ${comparison} ${limit}`);
    }
    const divisor = schema.multipleOf;
    // as ajv with rjsf's `multipleOfPrecision: 8`
    if (typeof divisor === 'number' && Math.abs(Math.round(data / divisor) - data / divisor) > 1e-8)
      fail('multipleOf', { multipleOf: divisor }, `must be multiple of ${divisor}`);
  }

  if (typeof data === 'string') {
    if (typeof schema.maxLength === 'number' && codePoints(data) > schema.maxLength)
      fail('maxLength', { limit: schema.maxLength }, `must NOT have more than ${schema.maxLength} characters`);
    if (typeof schema.minLength === 'number' && codePoints(data) < schema.minLength)
      fail('minLength', { limit: schema.minLength }, `must NOT have fewer than ${schema.minLength} characters`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(data))
      fail('pattern', { pattern: schema.pattern }, `must match pattern "${schema.pattern}"`);
    if (typeof schema.format === 'string') {
      const check = formats.get(schema.format);
      if (!check && LOADED_FORMATS.includes(schema.format))
        throw new Error(`format "${schema.format}" is not loaded yet (addFormat), at path "${schemaPath}"`);
      if (!check) throw new Error(`unknown format "${schema.format}" ignored in schema at path "${schemaPath}"`);
      if (!check(data)) fail('format', { format: schema.format }, `must match format "${schema.format}"`);
    }
  }

  if (Array.isArray(data)) {
    if (typeof schema.maxItems === 'number' && data.length > schema.maxItems)
      fail('maxItems', { limit: schema.maxItems }, `must NOT have more than ${schema.maxItems} items`);
    if (typeof schema.minItems === 'number' && data.length < schema.minItems)
      fail('minItems', { limit: schema.minItems }, `must NOT have fewer than ${schema.minItems} items`);
    if (schema.uniqueItems === true) {
      for (let j = data.length - 1; j > 0; j--) {
        const i = data.findIndex((item, index) => index < j && equal(item, data[j]));
        if (i >= 0) {
          fail('uniqueItems', { i, j }, `must NOT have duplicate items (items ## ${j} and ${i} are identical)`);
          break;
        }
      }
    }
    const items = schema.items;
    if (Array.isArray(items)) {
      for (const [i, itemSchema] of items.entries()) {
        if (i < data.length) validate(run, itemSchema, data[i], `${path}/${i}`, `${schemaPath}/items/${i}`, { data, property: i });
      }
    } else if (items !== undefined) {
      for (const [i, item] of data.entries()) validate(run, items, item, `${path}/${i}`, `${schemaPath}/items`, { data, property: i });
    }
  }

  if (typeOf(data) === 'object') {
    const object = data as Record<string, unknown>;
    for (const name of (schema.required as string[] | undefined) ?? []) {
      if (object[name] === undefined) fail('required', { missingProperty: name }, `must have required property '${name}'`);
    }
    const properties = (schema.properties ?? {}) as Record<string, Schema | boolean>;
    for (const [name, propertySchema] of Object.entries(properties)) {
      if (object[name] !== undefined)
        validate(run, propertySchema, object[name], `${path}/${escapePointer(name)}`, `${schemaPath}/properties/${escapePointer(name)}`, { data: object, property: name });
    }
    const additional = schema.additionalProperties;
    if (additional !== undefined && additional !== true) {
      for (const name of Object.keys(object)) {
        if (Object.hasOwn(properties, name)) continue;
        if (additional === false) fail('additionalProperties', { additionalProperty: name }, 'must NOT have additional properties');
        else validate(run, additional, object[name], `${path}/${escapePointer(name)}`, `${schemaPath}/additionalProperties`, { data: object, property: name });
      }
    }
  }

  // the rules of schema/validation.yaml, with the parent data as ajv hands it to them
  for (const [keyword, param] of Object.entries(schema)) {
    const rule = keywordRules.get(keyword);
    if (!rule) continue;
    const types = rule.dataType === undefined ? undefined : Array.isArray(rule.dataType) ? rule.dataType : [rule.dataType];
    if (types && !types.some((type) => hasType(data, type))) continue;
    const cxt = {
      instancePath: path,
      parentData: parent?.data ?? {},
      parentDataProperty: parent?.property ?? '',
      rootData: run.rootData,
      dynamicAnchors: {},
    };
    if (!rule.check(param, data, cxt as never, run.env))
      fail(keyword, rule.errorParams ? rule.errorParams(param, run.env) : { limit: param }, `must pass "${keyword}" rule`);
  }

  for (const [i, sub] of ((schema.allOf as (Schema | boolean)[] | undefined) ?? []).entries()) {
    validate(run, sub, data, path, `${schemaPath}/allOf/${i}`, parent);
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const options = schema[keyword] as (Schema | boolean)[] | undefined;
    if (!options) continue;
    const mark = run.errors.length;
    const passing = options.map((sub, i) => validate(run, sub, data, path, `${schemaPath}/${keyword}/${i}`, parent));
    const count = passing.filter(Boolean).length;
    if (keyword === 'anyOf' ? count > 0 : count === 1) run.errors.length = mark;
    else if (keyword === 'anyOf') fail('anyOf', {}, 'must match a schema in anyOf');
    else {
      // as ajv: the failing options' errors stay, also when more than one option passed
      const passingSchemas = count > 1 ? passing.flatMap((ok, i) => (ok ? [i] : [])) : null;
      fail('oneOf', { passingSchemas }, 'must match exactly one schema in oneOf');
    }
  }
  if (schema.not !== undefined) {
    const mark = run.errors.length;
    const matches = validate(run, schema.not, data, path, `${schemaPath}/not`, parent);
    run.errors.length = mark;
    if (matches) fail('not', {}, 'must NOT be valid');
  }
  if (schema.if !== undefined && (schema.then !== undefined || schema.else !== undefined)) {
    const mark = run.errors.length;
    const holds = validate(run, schema.if, data, path, `${schemaPath}/if`, parent);
    run.errors.length = mark;
    const branch = holds ? 'then' : 'else';
    if (schema[branch] !== undefined && !validate(run, schema[branch], data, path, `${schemaPath}/${branch}`, parent))
      fail('if', { failingKeyword: branch }, `must match "${branch}" schema`, path, `${schemaPath}/if`);
  }
  return run.errors.length === before;
}
