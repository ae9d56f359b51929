import fastifyJwt from '@fastify/jwt';
import { createVerifier } from 'fast-jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, preSerializationHookHandler } from 'fastify';
import { permissionTables } from '../../../generated/permissions';
import { ApiError } from '../errors';
import { withAccess } from './route-access';

/** The logged-in user as every route sees it (`request.user`), taken from the access token. */
export interface RequestUser {
  id: number;
  username: string;
  roles: string[];
  /** the creditor (tenant) of a creditor user; null for admins */
  creditorId: number | null;
  product: string;
  /** while an admin acts as this user (impersonation): the admin's id and e-mail */
  impersonatedBy?: number;
  adminEmail?: string;
  /** a product preview (issue 16): the product's demo creditor, read-only */
  preview?: boolean;
  /** the token's session versions (issue 26: src/server/services/session.ts) and times (epoch seconds) */
  sessionVersion?: number;
  adminSessionVersion?: number;
  issuedAt?: number;
  expiresAt?: number;
}

/** Claims of the access token; `sub` is the user id. */
export interface AccessTokenPayload {
  sub: string;
  username: string;
  roles: string[];
  creditorId: number | null;
  product: string;
  /** an impersonation token (GET /user-management/user/{id}/switch): the admin acting */
  impersonatedBy?: number;
  adminEmail?: string;
  /** a product preview token (POST /variants/preview/{code}): read-only */
  preview?: boolean;
  /** the user's session version when the token was issued (raised: every session ended) */
  sv: number;
  /** an impersonation: the admin's session version */
  asv?: number;
  /** set by the signer */
  iat?: number;
  exp?: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenPayload;
    user: RequestUser;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Verifies the request's bearer token (signature, algorithm, expiry) and sets `request.user`;
     * throws 401 `unauthorized` for a missing, malformed, forged or expired token. No session check:
     * {@link authenticateRequest} adds it.
     */
    verifyAccessToken(): RequestUser;
  }
  interface FastifyContextConfig {
    /** true: reachable without a bearer token (login, refresh, health, version, OpenAPI) */
    public?: boolean;
    /** true: a GET that changes data (the spec's GET-shaped commands, notifications read-all) */
    writes?: boolean;
    /** true: the route's own statement reads the session along and asserts it (src/server/services/session.ts) */
    sessionReadAlong?: boolean;
  }
}

/** Access tokens live 15 minutes; the client refreshes every 10 (document 1 §9). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * The check of an access token's signature (the algorithm pinned to the signer's, HS256) and expiry,
 * with the tokens it verified kept by the token itself, at most `size` of them (the oldest out
 * first): a token seen again is checked for its expiry only, not by its HMAC again (issue 32: the
 * check was ~7 % of a cheap list's server CPU). A forged or expired token never enters, a kept one
 * is dropped once expired; what a valid token may still do — logout, block, changed roles — is the
 * session check's, which every request makes after this one. fast-jwt's own cache keys by a SHA-256
 * of the token, as dear as the check it saves, and warns at start-up about any cheaper key.
 *
 * @example const verify = tokenVerifier(secret); verify(token) // the claims, or throws
 */
export function tokenVerifier(secret: string, size = 1_000) {
  const verify = createVerifier({ key: secret, algorithms: ['HS256'] });
  const verified = new Map<string, AccessTokenPayload>();
  return Object.assign(
    (token: string): AccessTokenPayload => {
      const known = verified.get(token);
      if (known && known.exp! * 1000 > Date.now()) return known;
      if (known) verified.delete(token);
      const payload = verify(token) as AccessTokenPayload;
      if (typeof payload.exp === 'number') {
        verified.set(token, payload);
        // a Map keeps its keys in the order they came
        if (verified.size > size) verified.delete(verified.keys().next().value!);
      }
      return payload;
    },
    { kept: () => verified.size },
  );
}

/** The user of a verified token's claims. */
function userOf(payload: AccessTokenPayload): RequestUser {
  return {
    id: Number(payload.sub),
    username: payload.username,
    // a copy: the verified claims are kept for the token's next request
    roles: [...payload.roles],
    creditorId: payload.creditorId,
    product: payload.product,
    ...(payload.impersonatedBy ? { impersonatedBy: payload.impersonatedBy, adminEmail: payload.adminEmail } : {}),
    ...(payload.preview ? { preview: true } : {}),
    sessionVersion: payload.sv,
    ...(payload.asv !== undefined ? { adminSessionVersion: payload.asv } : {}),
    issuedAt: payload.iat,
    expiresAt: payload.exp,
  };
}

/** `Bearer <token>` (scheme in any case, one space), as @fastify/jwt reads it; anything else is no token. */
function bearerTokenOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const space = header.indexOf(' ');
  if (space < 0 || header.indexOf(' ', space + 1) >= 0) return undefined;
  return header.slice(0, space).toLowerCase() === 'bearer' ? header.slice(space + 1) : undefined;
}

const CREDITOR_ROLES = new Set(permissionTables.roleGroups.creditorUsers);
const ADMIN_ROLES = new Set(permissionTables.roleGroups.admins);

export interface AuthPluginOptions {
  secret: string;
  /** the server-side session check after the signature (src/server/services/session.ts) */
  checkSession: (request: FastifyRequest) => Promise<void>;
  /** whether a route that reads the session along answers without having asserted it */
  sessionUnasserted: (request: FastifyRequest) => boolean;
}

/**
 * Registers @fastify/jwt and an onRequest hook on `app` (called directly on the `/api` scope, not
 * through `register`, so the hook covers that whole scope): every route needs a valid bearer token
 * except those with `config: { public: true }` (401 otherwise). The onboarding's commands are public
 * by their YAML (`public: true`); the admins' reads of its leads (/onboarding/claim/…) are not.
 *
 * @example
 * await setupAuth(api, { secret });
 * api.get('/debtor/list', { preHandler: requireCreditorUser, schema }, handler);
 */
export async function setupAuth(app: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  // @fastify/jwt signs the tokens (app.jwt.sign, HS256); requests are verified below
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { expiresIn: ACCESS_TOKEN_TTL_SECONDS },
    formatUser: userOf,
  });
  const payloadOf = tokenVerifier(options.secret);
  app.decorateRequest('verifyAccessToken', function verifyAccessToken(this: FastifyRequest): RequestUser {
    const token = bearerTokenOf(this.headers.authorization);
    let payload: AccessTokenPayload;
    try {
      if (!token) throw new Error('no bearer token');
      payload = payloadOf(token);
    } catch {
      throw new ApiError(401, 'unauthorized');
    }
    this.user = userOf(payload);
    return this.user;
  });
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    await authenticateRequest(request, options.checkSession);
  });
  // a route reading the session along must have asserted it before it answers anything; the hook
  // sits on those routes only, and answers through its callback (no promise per request)
  const asserted: preSerializationHookHandler<unknown> = (request, reply, payload, done) => {
    if (reply.statusCode < 400 && options.sessionUnasserted(request)) done(new ApiError(401, 'unauthorized'));
    else done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.sessionReadAlong) return;
    const own = route.preSerialization;
    route.preSerialization = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), asserted] as typeof own;
  });
}

/**
 * The check every non-public request passes (the onRequest hook above): a valid bearer token, the
 * server-side session (issue 26: `checkSession`, src/server/services/session.ts), and a preview
 * never writes. The live event streams run it again on every heartbeat (events/live-events.ts), so
 * whatever ends a session here — an expired token, a logout, a block — ends its stream too.
 */
export async function authenticateRequest(
  request: FastifyRequest,
  checkSession: (request: FastifyRequest) => Promise<void>,
): Promise<void> {
  request.verifyAccessToken();
  await checkSession(request);
  // a product preview looks, it never changes anything (issue 16) — whatever the method (issue 26)
  if (request.user.preview && (!READ_METHODS.has(request.method) || request.routeOptions.config?.writes)) {
    throw new ApiError(403, 'previewReadOnly');
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * preHandler for creditor-area routes: any ROLE_CREDITOR* role with a creditor.
 * Decision: admins get 403 here until impersonation (admin-as-creditor, document 2 §6) exists; the
 * impersonation token will then carry the creditor id and pass this check as a creditor user.
 */
export const requireCreditorUser = withAccess(
  async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const user = request.user;
    if (!user.roles.some((role) => CREDITOR_ROLES.has(role)) || user.creditorId == null) {
      throw new ApiError(403, 'forbidden');
    }
  },
  { kind: 'creditor', permissions: [] },
);

/** preHandler for admin routes: ROLE_ADMIN, ROLE_PRODUCT_ADMIN or ROLE_SUPER_ADMIN. */
export const requireAdmin = withAccess(
  async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!request.user.roles.some((role) => ADMIN_ROLES.has(role))) throw new ApiError(403, 'forbidden');
  },
  { kind: 'admin', adminPermissions: 'any' },
);

/** The creditor (tenant) of a request that passed {@link requireCreditorUser}. */
export function creditorIdOf(request: FastifyRequest): number {
  const id = request.user.creditorId;
  if (id == null) throw new ApiError(403, 'forbidden');
  return id;
}
