import type { SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import fastJsonStringify, { type Schema as FjsSchema } from 'fast-json-stringify';
import { sharedCompilers } from './compiled-schemas';

type Schema = Record<string, unknown>;

/**
 * Fastify's serializer factory, giving each response schema only the shared schemas it refers to.
 *
 * Fastify's default hands every route's response serializer all shared schemas (about a hundred
 * generated entity schemas here), and fast-json-stringify checks each of them again for every
 * response schema: 2–3 s of a server start (and of every API test file) spent re-validating the
 * same schemas. The serializers are the same; only the unused `$ref` targets are left out.
 *
 * @example Fastify({ schemaController: { compilersFactory: { buildSerializer: referencedSchemasOnly } } })
 */
export const referencedSchemasOnly: SerializerFactory = (externalSchemas, serializerOpts) => {
  const shared = (externalSchemas ?? {}) as Record<string, Schema>;
  return ({ schema }) => {
    const route = schema as Schema;
    const ids = referencedIds(route, shared);
    if (typeof route.$id === 'string') ids.delete(route.$id);
    const picked = Object.fromEntries([...ids].filter((id) => shared[id]).map((id) => [id, shared[id] as unknown as FjsSchema]));
    return fastJsonStringify(route as unknown as FjsSchema, { ...serializerOpts, schema: picked });
  };
};

/** The `$id`s of the shared schemas `schema` refers to, directly or through each other. */
function referencedIds(schema: Schema, shared: Record<string, Schema>): Set<string> {
  const found = new Set<string>();
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          const id = value.split('#')[0];
          if (id && !found.has(id)) {
            found.add(id);
            if (shared[id]) pending.push(shared[id]);
          }
        } else pending.push(value);
      }
    }
  }
  return found;
}

/**
 * `referencedSchemasOnly` with the process-wide cache of `compiled-schemas.ts`: an app built again in
 * the same process (a test worker) reuses the serializers of the first.
 *
 * @example Fastify({ schemaController: { compilersFactory: { buildSerializer: sharedSerializers } } })
 */
export const sharedSerializers = sharedCompilers(
  referencedSchemasOnly as unknown as (
    externalSchemas: Record<string, unknown>,
    options: unknown,
  ) => (route: { schema: unknown }) => unknown,
) as unknown as SerializerFactory;
