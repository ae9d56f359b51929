import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Compiled validators and serializers, shared by every app built in one process and keyed by what
 * they compile: the route's schema, the shared schemas it may refer to and the compiler's options.
 *
 * Fastify compiles every route's validators (ajv) and response serializers (fast-json-stringify)
 * for each app it builds, from new schema objects each time, so nothing is reused: ~1.5 s of CPU
 * per app here, most of a test file's set-up, and the API suites build ~90 apps per run (twice:
 * PGlite and PostgreSQL). A server process builds one app, so this changes nothing in production;
 * in a test worker (vitest `isolate: false` keeps the module between files) the second and every
 * later app reuse the functions the first compiled. The functions keep no state between calls
 * (ajv's `errors` is set and read within one validation), so sharing them is sharing them between
 * requests, as one app does. A schema holding a function (which JSON cannot key) is compiled anew.
 * Each is compiled when first called ({@link onFirstCall}), not when the app is built.
 *
 * @example
 * Fastify({ schemaController: { compilersFactory: { buildValidator: sharedValidators } } });
 */
export function sharedCompilers<Route extends { schema: unknown }, Compiled, Options>(
  build: (externalSchemas: Record<string, unknown>, options: Options) => (route: Route) => Compiled,
): (externalSchemas: unknown, options: Options) => (route: Route) => Compiled {
  const compiled = new Map<string, Compiled>();
  const compilers = new Map<string, (route: Route) => Compiled>();
  return (externalSchemas, options) => {
    const externals = (externalSchemas ?? {}) as Record<string, unknown>;
    const setup = `${externalsKey(externals)}:${internedKey(options)}`;
    return (route) => {
      let compile = compilers.get(setup);
      if (compile === undefined) {
        compile = build(externals, options);
        compilers.set(setup, compile);
      }
      const schema = contentKey(route.schema);
      if (schema === undefined) return onFirstCall(() => compile(route));
      const key = `${setup}:${schema}`;
      let found = compiled.get(key);
      if (found === undefined) {
        found = onFirstCall(() => compile(route));
        compiled.set(key, found);
      }
      return found;
    };
  };
}

/**
 * A stand-in for a compiled function that compiles it when first called: a server start compiles
 * none of its routes' validators and serializers (~0.5 s of CPU; every browser test file starts
 * one), a route pays its own compile at its first request. Calls and ajv's `errors` (which Fastify
 * reads from the function after a failed validation) pass through.
 */
function onFirstCall<Compiled>(compile: () => Compiled): Compiled {
  let real: ((...args: unknown[]) => unknown) & { errors?: unknown };
  const standIn = ((...args: unknown[]) => {
    real ??= compile() as typeof real;
    const result = real(...args);
    standIn.errors = real.errors;
    return result;
  }) as ((...args: unknown[]) => unknown) & { errors?: unknown };
  return standIn as Compiled;
}

/** JSON of a value, or undefined when it holds a function (whose behaviour JSON cannot capture). */
function contentKey(value: unknown): string | undefined {
  let hasFunction = false;
  const json = JSON.stringify(value, (_key, item) => {
    if (typeof item === 'function') hasFunction = true;
    return item;
  });
  return hasFunction ? undefined : (json ?? 'undefined');
}

const interned = new Map<string, number>();
const internedObjects = new WeakMap<object, number>();

/**
 * A short number for a value, the same for equal content; an object is read once (Fastify hands
 * the same schema and option objects again for every route of an app). The options' functions
 * (ajv's `onCreate`) count by their source: every app passes the same one.
 */
function internedKey(value: unknown): number {
  const known = value && typeof value === 'object' ? internedObjects.get(value) : undefined;
  if (known !== undefined) return known;
  const json = JSON.stringify(value, (_key, item) => (typeof item === 'function' ? `fn:${item.toString()}` : item)) ?? '';
  let id = interned.get(json);
  if (id === undefined) {
    id = interned.size + 1;
    interned.set(json, id);
  }
  if (value && typeof value === 'object') internedObjects.set(value, id);
  return id;
}

/** The shared schemas' key: Fastify copies the record for every route, but not the schemas in it. */
function externalsKey(externals: Record<string, unknown>): string {
  let key = '';
  for (const [id, schema] of Object.entries(externals)) key += `${id}=${internedKey(schema)},`;
  return String(internedKey(key));
}

type AjvServerOptions = Parameters<ReturnType<typeof AjvCompiler>>[1];

/** Fastify's own validator compiler (@fastify/ajv-compiler, one ajv per shared schemas and options) with the process-wide cache. */
export const sharedValidators = sharedCompilers(
  AjvCompiler() as unknown as (
    externalSchemas: Record<string, unknown>,
    options: AjvServerOptions,
  ) => (route: { schema: unknown; httpPart?: string }) => unknown,
) as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];
