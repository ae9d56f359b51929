import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../../../generated/forms';
import { installValidation } from '../../shared/validation';
import {
  ANNOTATION_KEYWORDS,
  INTERPRETED_KEYWORDS,
  interpretSchema,
  type Schema,
} from '../../shared/validation/schema-interpreter';
import { FormValidator } from './form-validator';
import { initialData, visibleFields, visibleSchema } from './form-schema';
import { loadFormatsOf } from './lazy-formats';

/**
 * The browser's form validator interprets the schema (no ajv, no code evaluated: the CSP has no
 * 'unsafe-eval'). The server validates the same schemas with ajv; here both must find the same
 * errors — keyword, field, schema path and parameters — for every generated form and data drawn
 * from values a user can enter (valid and invalid ones).
 */
const TODAY = '2026-11-27';
const today = () => TODAY;

// ajv as rjsf ran it in the browser (all errors, not strict, verbose) with the server's rules
const ajv = installValidation(addFormats(new Ajv({ allErrors: true, strict: false, verbose: true })), {
  today,
  modifyData: false,
});
const compiled = new Map<Schema, ReturnType<Ajv['compile']>>();
function ajvErrors(schema: Schema, data: unknown): string[] {
  let validate = compiled.get(schema);
  if (!validate) {
    const { $id: _id, ...rest } = schema;
    validate = ajv.compile(rest);
    compiled.set(schema, validate);
  }
  validate(structuredClone(data));
  return ((validate.errors ?? []) as ErrorObject[]).map(describeError).sort();
}
const describeError = (error: Pick<ErrorObject, 'keyword' | 'instancePath' | 'schemaPath' | 'params'>) =>
  `${error.instancePath} ${error.keyword} ${error.schemaPath} ${JSON.stringify(error.params)}`;
const interpreted = (schema: Schema, data: unknown) =>
  interpretSchema(schema, structuredClone(data), { today }).map(describeError).sort();

const pdf = `data:application/pdf;name=r.pdf;base64,${btoa('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')}`;
const xml = `data:text/xml;name=x.xml;base64,${btoa('<?xml version="1.0"?><Invoice/>')}`;
const empty = 'data:application/pdf;name=e.pdf;base64,';
/** What a user (or a hostile client) can put into a field. */
const anyValue = fc.oneof(
  fc.constantFrom(
    '', ' ', 'abc', '  Müller GmbH  ', 'a'.repeat(300), 'x'.repeat(1200), '12345', '0', '-1', '1e3',
    'DE89370400440532013000', 'DE00123', 'GB82WEST12345698765432', 'info@example.com', 'kein@', 'DE123456789',
    '2026-11-27', '2026-12-31', '2020-01-01', '2099-01-01', '31.12.2026', '2026-02-30', 'Demo1234!', 'kurz',
    '+49 30 1234567', '030/123', pdf, xml, empty, 'data:,', 'Ä€\u0000',
  ),
  fc.constantFrom(0, 1, -1, 1.5, 99, 100, 1000, 150000, 99999999999, 1e12, -5000, 2 ** 31),
  fc.constantFrom(true, false, null),
  fc.constantFrom([], [pdf], [pdf, xml], [empty], [pdf, pdf], ['abc'], [1]),
  fc.constantFrom({}, { a: 1 }),
);

/** Data for a form: per field its default, one of its enum values or any value; fields may be missing. */
function dataFor(schema: Schema) {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const own = [property.default, ...((property.enum as unknown[] | undefined) ?? [])].filter((v) => v !== undefined);
      return [name, own.length ? fc.oneof(fc.constantFrom(...own), anyValue) : anyValue];
    }),
  );
  return fc.record({ ...fields, extra: anyValue }, { requiredKeys: [] });
}

/** Every keyword of a schema and its subschemas (values of `enum`, `const`, `default` excluded). */
function keywordsOf(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) keywordsOf(item, found);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties') {
        for (const sub of Object.values(value as object)) keywordsOf(sub, found);
        continue;
      }
      found.add(key);
      if (!['enum', 'const', 'default', 'examples', 'required'].includes(key)) keywordsOf(value, found);
    }
  }
  return found;
}

describe('the interpreting form validator', () => {
  // as a form does before it renders (useFormValidator): the checks fetched on demand (`iban`)
  beforeAll(() => Promise.all(Object.values(forms).map((form) => loadFormatsOf(form))));

  it('knows every keyword the generated forms use', () => {
    const used = new Set(Object.values(forms).flatMap((form) => [...keywordsOf(form.schema)]));
    const unknown = [...used].filter((keyword) => !INTERPRETED_KEYWORDS.has(keyword) && !ANNOTATION_KEYWORDS.has(keyword));
    expect(unknown).toEqual([]);
  });

  it.each(Object.keys(forms))('finds the errors ajv finds on form %s', (name) => {
    const form = forms[name];
    const full = form.schema as Schema;
    const shown = visibleSchema(form, visibleFields(form, initialData(form)));
    fc.assert(
      fc.property(dataFor(full), (data) => {
        expect(interpreted(full, data)).toEqual(ajvErrors(full, data));
        expect(interpreted(shown, data)).toEqual(ajvErrors(shown, data));
      }),
      { numRuns: 40, seed: 20261127 },
    );
  });

  it('answers like ajv for the keywords no form uses yet', () => {
    const schema: Schema = {
      type: 'object',
      properties: {
        list: { type: 'array', minItems: 1, maxItems: 2, uniqueItems: true, items: { type: 'integer', multipleOf: 5 } },
        choice: { oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'number' }] },
        either: { anyOf: [{ type: 'string', pattern: '^a' }, { type: 'boolean' }] },
        never: { not: { type: 'string' } },
        tuple: { type: 'array', items: [{ type: 'string' }, { const: 1 }] },
        map: { type: 'object', additionalProperties: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 } },
        other: { $ref: '#/properties/map' },
        flag: { type: 'boolean' },
      },
      if: { properties: { flag: { const: true } }, required: ['flag'] },
      // biome-ignore lint/suspicious/noThenProperty: JSON-schema if/then, not a thenable
      then: { required: ['list'] },
      else: { required: ['choice'] },
    };
    const samples: unknown[] = [
      {},
      { flag: true },
      { flag: false, choice: 1 },
      { choice: 1.5, list: [5, 5, 7], either: 'b', never: 'x', tuple: ['a', 2], map: { a: 0, b: 3, c: 'x' } },
      { choice: 'x', list: [], either: true, never: 3, tuple: [1], other: { z: 11 } },
      { list: [10, 15, 20], choice: null, either: 'abc' },
      'not an object',
    ];
    for (const data of samples) expect(interpreted(schema, data)).toEqual(ajvErrors(schema, data));
  });

  it('refuses a schema with an unknown format as a schema error, not as valid data', () => {
    const validator = new FormValidator();
    const result = validator.validateFormData({ a: 'x' }, { type: 'object', properties: { a: { type: 'string', format: 'nope' } } });
    expect(result.errors.map((error) => error.stack).join()).toContain('unknown format "nope"');
    expect(validator.isValid({ type: 'string', format: 'nope' }, 'x', {})).toBe(false);
  });

  it('lets rjsf pick the branch of an if/then by the data', () => {
    const validator = new FormValidator();
    const rootSchema = { type: 'object', properties: { a: { type: 'boolean' } } } as const;
    expect(validator.isValid({ properties: { a: { const: true } }, required: ['a'] }, { a: true }, rootSchema)).toBe(true);
    expect(validator.isValid({ properties: { a: { const: true } }, required: ['a'] }, { a: false }, rootSchema)).toBe(false);
    expect(validator.isValid({ $ref: '#/properties/a' }, false, rootSchema)).toBe(true);
    expect(validator.isValid({ $ref: '#/properties/a' }, 'x', rootSchema)).toBe(false);
  });
});
