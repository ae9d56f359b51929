import type { FastifyInstance } from 'fastify';
import { schemas } from '../../../generated/schemas';

/**
 * Registers every generated entity schema (each carries its `$id`, e.g. `Debtor`), so route schemas
 * refer to them as `{ $ref: 'Debtor#' }` and the OpenAPI document lists them as components.
 */
export function registerEntitySchemas(app: FastifyInstance): void {
  for (const schema of schemas) app.addSchema(structuredClone(schema) as Record<string, unknown>);
}
