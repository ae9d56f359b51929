import type { FastifyInstance } from 'fastify';
import { permissionTables } from '../../../../generated/permissions';
import type { AppDeps } from '../../app';
import { ApiError } from '../../errors';
import { checkSession, type StoredSessions } from '../../services/session';
import { productScopeOf } from '../admin/admin-access';
import { errorResponses } from '../route-schemas';

const ADMIN_ROLES = new Set(permissionTables.roleGroups.admins);

/**
 * `GET /api/events`: the live event stream of one tab (Server-Sent Events, issue 31). Authenticated
 * like every call — the bearer token in the `Authorization` header (the client streams with fetch,
 * not `EventSource`, which cannot send headers) — and re-authenticated on every heartbeat. Events:
 * `ready` (once), `change` ({ kind, creditorId, ids } of the viewer's creditor, or what an admin's
 * product scope shows), `resync` (a `Last-Event-ID` this process no longer has: refetch everything),
 * `ping`. More than the per-user cap of open streams: 429 `tooManyStreams`.
 */
export async function eventsRoutes(app: FastifyInstance, { db, liveEvents }: AppDeps): Promise<void> {
  app.get(
    '/events',
    {
      config: { access: { kind: 'user' } },
      // Not in the OpenAPI document: a stream has no response schema there, and the route-table tests
      // (hardening-*.test.ts) call every documented GET with app.inject, which waits for the end of
      // an answer that never ends. tests/api/live-events.test.ts covers it over real HTTP; README.md
      // ("Live events") documents it.
      schema: { hide: true, response: { ...errorResponses } },
    },
    async (request, reply) => {
      const user = request.user;
      if (!liveEvents.hasRoomFor(user.id)) throw new ApiError(429, 'tooManyStreams');
      const isAdmin = user.roles.some((role) => ADMIN_ROLES.has(role));
      await liveEvents.open(request, reply, {
        userId: user.id,
        creditorId: isAdmin ? null : user.creditorId,
        isAdmin,
        productScope: isAdmin ? productScopeOf(request) : null,
        issuedAt: user.issuedAt ?? 0,
        // the token was verified when the stream opened and cannot change: each heartbeat checks its
        // expiry and the session (one read for all streams), not its signature again
        recheck: async (sessions) => {
          const expiresAt = request.user.expiresAt;
          if (typeof expiresAt !== 'number' || expiresAt * 1000 <= Date.now())
            throw new ApiError(401, 'unauthorized');
          await checkSession(db, request, sessions as StoredSessions | undefined);
        },
      });
    },
  );
}
