import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sharedCompilers, sharedValidators } from './compiled-schemas';
import { sharedSerializers } from './response-serializers';

type Compiled = ((data: unknown) => unknown) & { errors?: unknown };

/** A compiler factory that counts what it compiles; a compiled function answers what it was compiled from. */
function countingFactory() {
  const compiled: string[] = [];
  const factory = sharedCompilers((externals: Record<string, unknown>, options: { flag?: number }) => (route: { schema: unknown }) => {
    compiled.push(JSON.stringify(route.schema));
    const fn: Compiled = (data) => {
      fn.errors = data === 'bad' ? [{ message: 'bad' }] : null;
      return { externals: Object.keys(externals), options, schema: route.schema, data };
    };
    return fn;
  });
  return { factory, compiled };
}

describe('sharedCompilers', () => {
  it('compiles equal content once, across separately built (equal) shared schemas and options', () => {
    const { factory, compiled } = countingFactory();
    const first = factory({ Debtor: { $id: 'Debtor', type: 'object' } }, { flag: 1 });
    const second = factory({ Debtor: { $id: 'Debtor', type: 'object' } }, { flag: 1 });
    const a = first({ schema: { type: 'object', properties: { id: { type: 'integer' } } } }) as Compiled;
    const b = second({ schema: { type: 'object', properties: { id: { type: 'integer' } } } }) as Compiled;
    expect(b).toBe(a);
    a(1);
    b(2);
    expect(compiled).toHaveLength(1);
  });

  it('compiles again when the schema, the shared schemas or the options differ', () => {
    const { factory, compiled } = countingFactory();
    const schema = () => ({ type: 'object', properties: { id: { type: 'integer' } } });
    const base = factory({ Debtor: { $id: 'Debtor', type: 'object' } }, { flag: 1 })({ schema: schema() });
    const otherSchema = factory({ Debtor: { $id: 'Debtor', type: 'object' } }, { flag: 1 })({
      schema: { type: 'object', properties: { id: { type: 'string' } } },
    });
    const otherShared = factory({ Debtor: { $id: 'Debtor', type: 'string' } }, { flag: 1 })({ schema: schema() });
    const otherOptions = factory({ Debtor: { $id: 'Debtor', type: 'object' } }, { flag: 2 })({ schema: schema() });
    const all = [base, otherSchema, otherShared, otherOptions] as Compiled[];
    expect(new Set(all).size).toBe(4);
    for (const fn of all) fn(1);
    expect(compiled).toHaveLength(4);
  });

  it('does not reuse what was compiled from a schema holding a function', () => {
    const { factory, compiled } = countingFactory();
    const compile = factory({}, {});
    (compile({ schema: { type: 'string', transform: () => 1 } }) as Compiled)(1);
    (compile({ schema: { type: 'string', transform: () => 1 } }) as Compiled)(1);
    expect(compiled).toHaveLength(2);
  });

  it('compiles when first called, once, and passes answers and errors through', () => {
    const { factory, compiled } = countingFactory();
    const fn = factory({}, { flag: 3 })({ schema: { type: 'string', minLength: 3 } }) as Compiled;
    expect(compiled).toHaveLength(0);
    expect(fn('abc')).toEqual({ externals: [], options: { flag: 3 }, schema: { type: 'string', minLength: 3 }, data: 'abc' });
    expect(fn.errors).toBeNull();
    fn('bad');
    expect(fn.errors).toEqual([{ message: 'bad' }]);
    expect(compiled).toHaveLength(1);
  });
});

describe('the app compilers', () => {
  /** An app with one route: a body validator and a response serializer. */
  async function app() {
    const fastify = Fastify({
      ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false } },
      schemaController: { compilersFactory: { buildValidator: sharedValidators, buildSerializer: sharedSerializers } },
    });
    fastify.addSchema({ $id: 'Item', type: 'object', properties: { n: { type: 'integer', minimum: 1 } }, required: ['n'] });
    fastify.post(
      '/item',
      { schema: { body: { $ref: 'Item#' }, response: { 200: { $ref: 'Item#' } } } },
      async (request) => ({ ...(request.body as object), secret: 'not serialized' }),
    );
    await fastify.ready();
    return fastify;
  }

  it('validate and serialize in a second app of the process as in the first', async () => {
    for (const fastify of [await app(), await app()]) {
      const ok = await fastify.inject({ method: 'POST', url: '/item', payload: { n: '2' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ n: 2 });
      const bad = await fastify.inject({ method: 'POST', url: '/item', payload: { n: 0 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('must be >= 1');
      await fastify.close();
    }
  });
});
