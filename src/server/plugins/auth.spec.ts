import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { setupAuth } from './auth';

// A route whose own statement reads the session along (`config.sessionReadAlong`) must assert it
// before it answers: the auth plugin refuses an answer without that assertion, on those routes only.
const pending = new WeakSet<FastifyRequest>();
let app: ReturnType<typeof Fastify> | undefined;
afterEach(() => app?.close());

async function appWithRoutes() {
  app = Fastify();
  await setupAuth(app, {
    secret: 'auth-spec-secret',
    checkSession: async (request) => {
      if (request.routeOptions.config?.sessionReadAlong) pending.add(request);
    },
    sessionUnasserted: (request) => pending.has(request),
  });
  const order: string[] = [];
  app.get('/asserting', { config: { sessionReadAlong: true } }, async (request: FastifyRequest) => {
    pending.delete(request);
    return { ok: true };
  });
  app.get(
    '/forgetful',
    {
      config: { sessionReadAlong: true },
      preSerialization: async (_request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
        order.push('own hook');
        return payload;
      },
    },
    async () => ({ rows: ['secret'] }),
  );
  app.get('/failing', { config: { sessionReadAlong: true } }, async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(403).send({ code: 'forbidden' }),
  );
  app.get('/plain', async () => ({ ok: true }));
  await app.ready();
  const token = app.jwt.sign({ sub: '1', username: 'u', roles: [] });
  return { app, order, headers: { authorization: `Bearer ${token}` } };
}

describe('the read-along session guard', () => {
  it('lets a read-along route answer once it asserted the session', async () => {
    const { app, headers } = await appWithRoutes();
    const response = await app.inject({ url: '/asserting', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('refuses the answer of a read-along route that did not assert it, after the route’s own hooks, sending none of it', async () => {
    const { app, headers, order } = await appWithRoutes();
    const response = await app.inject({ url: '/forgetful', headers });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('secret');
    expect(order).toEqual(['own hook']);
  });

  it('leaves a refusal of a read-along route as it is, and routes without read-along alone', async () => {
    const { app, headers } = await appWithRoutes();
    expect((await app.inject({ url: '/failing', headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/plain', headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/plain' })).statusCode).toBe(401);
  });
});
