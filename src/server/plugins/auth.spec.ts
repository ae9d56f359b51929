import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createSigner } from 'fast-jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupAuth, tokenVerifier } from './auth';

// A route whose own statement reads the session along (`config.sessionReadAlong`) must assert it
// before it answers: the auth plugin refuses an answer without that assertion, on those routes only.
const pending = new WeakSet<FastifyRequest>();
/** the users the session check saw, in order */
const seen: unknown[] = [];
let app: ReturnType<typeof Fastify> | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  return app?.close();
});

async function appWithRoutes() {
  app = Fastify();
  await setupAuth(app, {
    secret: 'auth-spec-secret',
    checkSession: async (request) => {
      seen.push(request.user);
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

describe('the access token check', () => {
  const secret = 'auth-spec-secret';
  const claims = { sub: '7', username: 'u', roles: ['ROLE_CREDITOR'], creditorId: 3, product: 'SMAFA', sv: 1 };
  const sign = (options: { algorithm?: 'HS256' | 'HS512' } = {}) => createSigner({ key: secret, expiresIn: 900_000, ...options });

  it('answers a kept token’s claims without its signature being checked again, until it expires', () => {
    const verify = tokenVerifier(secret);
    const token = sign()(claims);
    const first = verify(token);
    expect(first).toMatchObject(claims);
    expect(verify.kept()).toBe(1);
    expect(verify(token)).toBe(first);
    // 15 minutes later the kept token is refused and dropped, as a fresh check refuses it
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 900_001);
    expect(() => verify(token)).toThrow(/expired/i);
    expect(verify.kept()).toBe(0);
  });

  it('never keeps a forged, foreign-algorithm or unsigned token, even beside a kept one with the same claims', () => {
    const verify = tokenVerifier(secret);
    const token = sign()(claims);
    verify(token);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    const otherKey = createSigner({ key: 'another-secret', expiresIn: 900_000 })(claims);
    const hs512 = sign({ algorithm: 'HS512' })(claims);
    const unsigned = createSigner({ algorithm: 'none', expiresIn: 900_000 })(claims);
    for (const bad of [forged, otherKey, hs512, unsigned]) {
      expect(() => verify(bad)).toThrow();
      expect(() => verify(bad)).toThrow();
    }
    expect(verify.kept()).toBe(1);
  });

  it('keeps at most its size of tokens, the oldest out first', () => {
    const verify = tokenVerifier(secret, 3);
    const tokens = [1, 2, 3, 4].map((i) => sign()({ ...claims, sub: String(i) }));
    for (const token of tokens) verify(token);
    expect(verify.kept()).toBe(3);
    // the first was dropped: checked afresh (and kept again, the second out)
    expect(verify(tokens[0])).toMatchObject({ sub: '1' });
    expect(verify.kept()).toBe(3);
  });

  it('refuses a missing, malformed or expired bearer token on a route with 401, and a kept token answers each request with a user of its own', async () => {
    const { app, headers } = await appWithRoutes();
    for (const authorization of ['', 'Bearer', 'Basic abc', `Bearer  ${headers.authorization.slice(7)}`, `${headers.authorization} x`]) {
      expect((await app.inject({ url: '/plain', headers: { authorization } })).statusCode).toBe(401);
    }
    expect((await app.inject({ url: '/plain', headers: { authorization: headers.authorization.replace('Bearer', 'bearer') } })).statusCode).toBe(200);
    seen.length = 0;
    await app.inject({ url: '/plain', headers });
    await app.inject({ url: '/plain', headers });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]).toMatchObject({ id: 1, username: 'u', roles: [] });
    expect(seen[0]).not.toBe(seen[1]);
    const expired = app.jwt.sign({ sub: '1', username: 'u', roles: [] }, { expiresIn: -10 } as never);
    expect((await app.inject({ url: '/plain', headers: { authorization: `Bearer ${expired}` } })).statusCode).toBe(401);
  });
});
