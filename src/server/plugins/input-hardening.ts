import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ApiError } from '../errors';

/**
 * Input hardening of the whole `/api` scope, applied to every route as it is registered (hand-written,
 * generated and command routes alike — nothing per route):
 * - integers in paths, query strings and bodies get the bounds of what the database holds: ids and
 *   every path or query integer are 32-bit (`integer` columns), other body integers (cents, `bigint`
 *   columns) at most 2^53-1; `2147483648`, `1e20` or `Infinity` are a 400, never a database error;
 * - id-like path parameters a route declares without schema (`/debtor/show/:id`) become integers;
 * - text with a NUL or another C0 control character (tab and line breaks excepted) in the path,
 *   query string or JSON body is a 400 `invalidCharacters` — PostgreSQL cannot even store a NUL.
 *
 * @example
 * installInputHardening(api); // before the routes are registered
 */
export function installInputHardening(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.schema = hardenRouteSchema(route.url, route.schema as RouteSchema | undefined) as RouteOptions['schema'];
  });
  app.addHook('preValidation', refuseControlCharacters);
}

export const INT32_MAX = 2_147_483_647;
const INT32_MIN = -2_147_483_648;

type JsonSchema = Record<string, unknown>;
interface RouteSchema {
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
  [key: string]: unknown;
}

const isIdName = (name: string | undefined) => name !== undefined && (name === 'id' || name === 'ids' || /Ids?$/.test(name));

const hasType = (schema: JsonSchema, type: string) =>
  schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

/**
 * A copy of a JSON schema whose integers carry bounds: 32-bit for ids (and everywhere when `int32`),
 * else the safe-integer range. Bounds a schema already has are kept.
 *
 * @example boundIntegers({ type: 'integer', minimum: 1 }, true) // { type: 'integer', minimum: 1, maximum: 2147483647 }
 */
export function boundIntegers(schema: unknown, int32: boolean, name?: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => boundIntegers(item, int32, name));
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([prop, sub]) => [prop, boundIntegers(sub, int32, prop)]),
      );
    } else if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') {
      out[key] = value;
    } else {
      out[key] = boundIntegers(value, int32, name);
    }
  }
  if (hasType(node, 'integer') || hasType(node, 'number')) {
    const small = int32 || isIdName(name);
    if (out.maximum === undefined && out.exclusiveMaximum === undefined)
      out.maximum = small ? INT32_MAX : Number.MAX_SAFE_INTEGER;
    if (out.minimum === undefined && out.exclusiveMinimum === undefined)
      out.minimum = small ? INT32_MIN : -Number.MAX_SAFE_INTEGER;
  }
  return out;
}

/** The route's schema with bounded integers and typed id parameters (see installInputHardening). */
export function hardenRouteSchema(url: string, schema: RouteSchema | undefined): RouteSchema | undefined {
  const idParams = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]).filter(isIdName);
  if (!schema && idParams.length === 0) return schema;
  const hardened: RouteSchema = { ...schema };
  let params = schema?.params;
  if (idParams.length) {
    const properties = { ...((params?.properties as JsonSchema | undefined) ?? {}) };
    for (const name of idParams) properties[name] ??= { type: 'integer' };
    params = { type: 'object', ...params, properties };
  }
  if (params) hardened.params = boundIntegers(params, true) as JsonSchema;
  if (schema?.querystring) hardened.querystring = boundIntegers(schema.querystring, true) as JsonSchema;
  if (schema?.body) hardened.body = boundIntegers(schema.body, false) as JsonSchema;
  return hardened;
}

/** Whether a value holds a NUL or another C0 control character other than tab and line breaks. */
export function hasControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') {
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
    }
    return false;
  }
  if (depth > 32 || !value || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => hasControlCharacter(item, depth + 1));
  return Object.entries(value).some(([key, item]) => hasControlCharacter(key, depth) || hasControlCharacter(item, depth + 1));
}

async function refuseControlCharacters(request: FastifyRequest): Promise<void> {
  // a multipart body is a stream read by its route (files are bytes, not text)
  const multipart = String(request.headers['content-type'] ?? '').startsWith('multipart/');
  const body = multipart ? undefined : request.body;
  if (hasControlCharacter(request.params) || hasControlCharacter(request.query) || hasControlCharacter(body)) {
    const refusal = new ApiError(400, 'validationError', new ApiError(400, 'invalidCharacters').message);
    refusal.reason = 'invalidCharacters';
    throw refusal;
  }
}
