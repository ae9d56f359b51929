import type { FastifyInstance } from 'fastify';
import { commandRoutes } from '../../generated/commands';

type JsonSchema = Record<string, unknown>;

/** One operation of the API as the OpenAPI document describes it (the route table the app registered). */
export interface ApiRoute {
  method: string;
  /** OpenAPI form without the /api prefix: `/debtor/show/{id}` */
  path: string;
  /** path parameters with their schemas */
  params: { name: string; schema: JsonSchema }[];
  /** query parameters (top-level names; `filters` is one object) with their schemas */
  query: { name: string; schema: JsonSchema }[];
  /** JSON request body schema, if any */
  body?: JsonSchema;
  multipart: boolean;
  /** reachable without a token (`security: []`) */
  public: boolean;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

/**
 * Every operation of the OpenAPI document `/api/openapi.json` serves — hand-written routes and every
 * command route of generated/commands.ts alike, so routes added later are covered by themselves.
 *
 * @example
 * for (const route of apiRoutes(app)) await app.inject({ method: route.method, url: `/api${fillPath(route.path, '1')}` });
 */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      routes.push({
        method: method.toUpperCase(),
        path: path.replace(/^\/api/, ''),
        params: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
        public: Array.isArray(operation.security) && operation.security.length === 0,
      });
    }
  }
  return routes;
}

/** Command routes of generated/commands.ts missing from a route list (should be none). */
export function missingCommandRoutes(routes: ApiRoute[]): string[] {
  const known = new Set(routes.map((r) => `${r.method} ${r.path}`));
  return commandRoutes
    .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
    .filter((key) => !known.has(key));
}

/** Lone surrogates replaced by U+FFFD (encodeURIComponent throws on them). */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** The path with every parameter replaced by `value` (URL-encoded). */
export const fillPath = (path: string, value: string | ((name: string) => string)) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(wellFormed(typeof value === 'function' ? value(name) : value)));
