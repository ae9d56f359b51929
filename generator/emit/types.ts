import { compile } from 'json-schema-to-typescript';
import type { Model } from '../normalize';
import { HEADER_NOTE } from './common';
import { entitySchema } from './schemas';

/**
 * `generated/types/index.ts`: one interface per entity and per form body, compiled by json-schema-to-typescript from the
 * same schemas the server validates with (refs rewritten to local definitions).
 */
export async function emitTypes(model: Model): Promise<Map<string, string>> {
  const definitions = Object.fromEntries([
    ...model.entities.map((e) => [e.typeName, entitySchema(e, model, '#/definitions/')]),
    // The body of each dialog form (`CreateDebtorForm`): what a command's handler receives.
    ...model.forms.map((f) => {
      const { $id: _id, allOf: _conditions, ...schema } = f.schema as Record<string, unknown>;
      return [String(schema.title), schema];
    }),
  ]);
  const ts = await compile({ title: 'KontorEntities', definitions, type: 'object', additionalProperties: false } as any, 'Kontor', {
    bannerComment: `// ${HEADER_NOTE}\n// Source: schema/entities/*.yaml`,
    unreachableDefinitions: true,
    additionalProperties: false,
    declareExternallyReferenced: true,
    format: true,
    style: { singleQuote: true, printWidth: 110 },
  });
  // The wrapper type exists only to hold the definitions together.
  const cleaned = ts.replace(/export interface KontorEntities \{\}\n\n?/, '');
  return new Map([['types/index.ts', cleaned]]);
}
