import type { BuildCompilerFromPool, RouteDefinition } from '@fastify/ajv-compiler';
import { commandRoutes } from '../../../generated/commands';
import { sharedValidators } from './compiled-schemas';

type BuildValidator = BuildCompilerFromPool;
type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema };

/** `METHOD /api/url` of every command route (schema/commands): the bodies that are taken as sent. */
const COMMAND_ROUTES = new Set(commandRoutes.map((route) => `${route.method} /api${route.url}`));
const build = sharedValidators as unknown as BuildValidator;

/**
 * Fastify's validator factory (shared per process, compiled-schemas.ts) with one difference: a command's JSON body is validated without type
 * coercion — `"100"` for an amount or `"true"` for a flag is a 400, never booked as a number (issue 25
 * item 3). Path, query string and headers still coerce (`?page=2`, `filters[status][]=…`), and so
 * does every other route's body; a multipart command body is typed by {@link typeFormFields} first.
 *
 * @example Fastify({ schemaController: { compilersFactory: { buildValidator: strictCommandBodies } } })
 */
export const strictCommandBodies: BuildValidator = (externalSchemas, options) => {
  const coercing = build(externalSchemas, options);
  const custom = (options as { customOptions?: Record<string, unknown> } | undefined)?.customOptions ?? {};
  const strict = build(externalSchemas, {
    ...options,
    customOptions: { ...custom, coerceTypes: false },
  } as typeof options);
  return (definition) => {
    const route = definition as unknown as RouteDefinition;
    const strictBody = route.httpPart === 'body' && COMMAND_ROUTES.has(`${route.method} ${route.url}`);
    return (strictBody ? strict : coercing)(definition);
  };
};

const NUMBER = /^-?\d+(\.\d+)?$/;
const BOOLEAN: Record<string, boolean> = { true: true, false: false };

function typed(value: unknown, schema: Schema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (Array.isArray(value)) return value.map((item) => typed(item, schema?.items));
  if (typeof value !== 'string') return value;
  if ((type === 'integer' || type === 'number') && NUMBER.test(value)) return Number(value);
  if (type === 'boolean' && value in BOOLEAN) return BOOLEAN[value];
  if (type === 'array') return [typed(value, schema?.items)];
  return value;
}

/**
 * The text parts of a multipart body as the body schema types them: form data knows only strings,
 * so a number, a flag or a one-element list arrives as text and is typed here, exactly (`"12"` → 12,
 * `"true"` → true); anything else stays text and the strict validation refuses it.
 *
 * @example typeFormFields({ grossAmount: '11900' }, schema) // { grossAmount: 11900 }
 */
export function typeFormFields(body: Record<string, unknown>, schema: Schema | undefined): void {
  const properties = schema?.properties ?? {};
  for (const [name, value] of Object.entries(body)) body[name] = typed(value, properties[name]);
}
