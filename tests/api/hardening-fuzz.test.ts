import fc from 'fast-check';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, loginAs } from '../helpers/app';
import { type ApiRoute, apiRoutes, fillPath, missingCommandRoutes } from '../helpers/route-table';

// Property-based fuzzing of every operation of the OpenAPI document (hand-written and command
// routes, including those added later): generated valid and hostile requests, sent as the right and
// the wrong users, must never be answered with a 5xx. The seed is printed, so a failure replays with
// KONTOR_FUZZ_SEED=<seed>; KONTOR_FUZZ_RUNS sets the number of cases (default 2,500 per database: 5,000 per `npm test`, each
// run from a new seed — 10,000 per run kept CI past 20 minutes).

const RUNS = Number(process.env.KONTOR_FUZZ_RUNS ?? 2_500);
const SEED = Number(process.env.KONTOR_FUZZ_SEED ?? Date.now() % 2_147_483_647);

const IDENTITIES = [
  'creditor@example.com',
  'assistant@example.com',
  'observer@example.com',
  'creditor2@example.com',
  'admin@example.com',
  'support@example.com',
  'productadmin-tpf@example.com',
  'superadmin@example.com',
];

let t: TestApp;
let routes: ApiRoute[];
const tokens: (string | undefined)[] = [undefined];

beforeAll(async () => {
  t = await buildTestApp();
  for (const user of IDENTITIES) tokens.push(await loginAs(t.app, user));
  routes = apiRoutes(t.app);
}, 120_000);
afterAll(() => t?.close());

type JsonSchema = Record<string, unknown>;

/** The values that made the landed API answer 500, and their relatives. */
const HOSTILE_TEXT = [
  '2147483648', '-2147483649', '1e20', '1e308', 'Infinity', '-Infinity', 'NaN', '-1', '0', '1.5', '0x10',
  '99999999999999999999', '', ' ', '\u0000', 'a\u0000b', '\u0007', '\r\n', '2025-02-30', '0000-01-01',
  '9999-12-31', '10000-01-01', '2025-13-01', '__proto__', 'constructor', 'prototype', 'null', 'true',
  "'; drop table debtor; --", '=HYPERLINK("http://x")', '%', '%00', '../../etc/passwd', 'ä€😀\uD800', 'x'.repeat(5000),
];
const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(2147483648, -1, 0, 1e20, -1e20, 1.5, Number.MAX_SAFE_INTEGER + 2, null, true, [], {}),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(hostileText, { maxLength: 3 }),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}')),
);

/** A value the schema accepts (roughly): enums, small ids that exist, real dates, short text. */
function validFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant('1');
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (schema.anyOf || schema.oneOf) return validFor(((schema.anyOf ?? schema.oneOf) as JsonSchema[])[0], depth + 1);
  switch (type) {
    case 'integer':
    case 'number':
      return fc.integer({ min: Math.max(Number(schema.minimum ?? 0), 0), max: Math.max(Number(schema.minimum ?? 0), 60) });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validFor(schema.items as JsonSchema, depth + 1), { maxLength: 2 });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const keys = Object.keys(properties);
      if (!keys.length) return fc.constant({});
      return fc.record(Object.fromEntries(keys.map((k) => [k, anyFor(properties[k], depth + 1)])), { requiredKeys: [] });
    }
    default:
      if (schema.format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (schema.format === 'email') return fc.constantFrom('creditor@example.com', 'x@example.com');
      return fc.string({ maxLength: 12 });
  }
}

/** Valid or hostile, half and half. */
const anyFor = (schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> =>
  fc.oneof(validFor(schema, depth), hostileJson);

const CONTENT_TYPES = ['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'];

interface Probe {
  route: ApiRoute;
  url: string;
  token?: string;
  contentType?: string;
  payload?: string;
}

function probeFor(route: ApiRoute): fc.Arbitrary<Probe> {
  const params = fc.record(
    Object.fromEntries(route.params.map((p) => [p.name, fc.oneof(validFor(p.schema).map(String), hostileText)])),
  );
  const query = fc.oneof(
    fc.record(Object.fromEntries(route.query.map((q) => [q.name, anyFor(q.schema)])), { requiredKeys: [] }),
    fc.constantFrom({ __proto__: { x: 1 } }, { constructor: { prototype: { x: 1 } } }, { filters: { search: ['\u0000'] } }, { page: '1e20' }),
  );
  const body: fc.Arbitrary<{ contentType?: string; payload?: string }> =
    route.method === 'GET'
      ? fc.constant({})
      : fc.oneof(
          { weight: 3, arbitrary: anyFor(route.body).map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' })) },
          { weight: 1, arbitrary: fc.record({ contentType: fc.constantFrom(...CONTENT_TYPES), payload: fc.oneof(hostileText, fc.constantFrom('{"a":', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--', '')) }) },
        );
  return fc.record({ params, query, body, token: fc.constantFrom(...tokens) }).map(({ params: values, query: q, body: b, token }) => ({
    route,
    url: `/api${fillPath(route.path, (name) => String(values[name] ?? '1'))}${Object.keys(q).length ? `?${qs.stringify(q)}` : ''}`,
    token,
    ...b,
  }));
}

async function send(probe: Probe) {
  return t.app.inject({
    method: probe.route.method as 'GET',
    url: probe.url,
    headers: {
      ...(probe.token ? { authorization: `Bearer ${probe.token}` } : {}),
      ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
    },
    ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
  });
}

describe('fuzzing every route of the OpenAPI document', () => {
  it('reads the whole route table, every command route of generated/commands.ts included', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(missingCommandRoutes(routes)).toEqual([]);
  });

  it(`answers ${RUNS} generated valid and hostile requests without a single 5xx (seed ${SEED})`, async () => {
    console.info(`[fuzz] seed ${SEED}, ${RUNS} cases over ${routes.length} routes — replay with KONTOR_FUZZ_SEED=${SEED}`);
    const byStatus = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes).chain(probeFor), async (probe) => {
        const response = await send(probe);
        byStatus.set(response.statusCode, (byStatus.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) {
          throw new Error(`${probe.route.method} ${probe.url} → ${response.statusCode} ${response.body.slice(0, 300)} (content-type ${probe.contentType}, body ${probe.payload?.slice(0, 200)})`);
        }
        // every refusal is the API's error body with a message key and a text, never an internal one
        if (response.statusCode >= 400 && response.headers['content-type']?.toString().includes('json')) {
          const body = response.json();
          expect(typeof body.code).toBe('string');
          expect(typeof body.message).toBe('string');
          expect(body.message).not.toMatch(/FST_|must be|must have|querystring\/|body\//);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    console.info(`[fuzz] answers by status: ${JSON.stringify(Object.fromEntries([...byStatus].sort()))}`);
  }, 900_000);
});
