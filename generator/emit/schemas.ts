import type { Model, NormEntity, NormField } from '../normalize';
import { pascal } from '../normalize';
import { SCALAR_SCHEMAS } from '../field-schemas';
import { jsonFile, literal, tsFile } from './common';


/** The JSON schema of one field; optional fields also accept null (the server may not know them). */
export function fieldSchema(field: NormField, model: Model, refPrefix = ''): Record<string, unknown> {
  let schema: Record<string, unknown>;
  if (field.type === 'enum') {
    const values = model.enums.find((e) => e.name === field.enum)!.values.map((v) => v.value);
    schema = { type: typeof values[0] === 'number' ? 'integer' : 'string', enum: values };
  } else if (field.type === 'object') {
    schema = { $ref: ref(field.entity!, refPrefix) };
  } else if (field.type === 'list') {
    schema = { type: 'array', items: field.items ? { ...SCALAR_SCHEMAS[field.items] } : { $ref: ref(field.entity!, refPrefix) } };
  } else {
    schema = { ...SCALAR_SCHEMAS[field.type] };
  }
  if (field.maxLength) schema.maxLength = field.maxLength;
  if (field.description) schema.description = field.description;
  for (const [rule, param] of Object.entries(field.rules ?? {})) {
    if (model.validationRules[rule]?.kind === 'format') schema.format = rule;
    else schema[rule] = param;
  }
  if (!field.required) schema = nullable(schema);
  return schema;
}

function nullable(schema: Record<string, unknown>): Record<string, unknown> {
  if (schema.$ref) return { anyOf: [{ $ref: schema.$ref }, { type: 'null' }] };
  if (schema.enum) return { ...schema, type: [schema.type, 'null'], enum: [...(schema.enum as unknown[]), null] };
  return { ...schema, type: [schema.type, 'null'] };
}

const ref = (entity: string, prefix: string) => (prefix ? `${prefix}${pascal(entity)}` : `${pascal(entity)}#`);

/** An entity as a JSON schema with `$id` = its PascalCase name; references use `Other#`. */
export function entitySchema(entity: NormEntity, model: Model, refPrefix = ''): Record<string, unknown> {
  return {
    ...(refPrefix ? {} : { $id: entity.typeName }),
    title: entity.typeName,
    type: 'object',
    properties: Object.fromEntries(entity.fields.map((f) => [f.name, fieldSchema(f, model, refPrefix)])),
    required: entity.fields.filter((f) => f.required).map((f) => f.name),
    additionalProperties: entity.open,
  };
}

/** `generated/schemas/<Entity>.json` for every entity, plus `index.ts` exporting them all. */
export function emitSchemas(model: Model): Map<string, string> {
  const out = new Map<string, string>();
  for (const entity of model.entities) {
    out.set(`schemas/${entity.typeName}.json`, jsonFile([entity.source], entitySchema(entity, model)));
  }
  const body = [
    '/** Every entity schema, each with its `$id`: register them all with `app.addSchema`, refer with `{ $ref: \'Name#\' }`. */',
    `export const schemas = ${literal(model.entities.map((e) => entitySchema(e, model)))} as const;`,
  ].join('\n');
  out.set('schemas/index.ts', tsFile(model.entities.map((e) => e.source), body));
  return out;
}
