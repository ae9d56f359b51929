import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { findUserById } from '../../db/repositories/user.repository';
import { ApiError } from '../../errors';
import type { AccessTokenPayload } from '../../plugins/auth';
import { actorOf, writeActionLog } from '../../services/action-log';
import { authenticate, consumeRefreshToken, issueTokens, revokeRefreshToken } from '../../services/auth.service';
import { announceSessionEnd } from '../../events/live-events';
import { loginBodySchema, logoutBodySchema, refreshBodySchema } from './auth.schemas';
import { errorResponses } from '../route-schemas';

/** Login, token refresh, logout and the current user (document 2 §7 "Session and health"). */
export async function authRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const sign = (payload: AccessTokenPayload) => app.jwt.sign(payload);

  app.post<{ Body: { username: string; password: string } }>(
    '/login',
    {
      config: { public: true },
      schema: {
        tags: ['session'],
        summary: 'Log in with e-mail and password',
        body: loginBodySchema,
        response: { 200: { $ref: 'TokenPair#' }, ...errorResponses },
      },
    },
    async (request) => {
      const user = await authenticate(db, request.body.username, request.body.password);
      const tokens = await issueTokens(db, sign, user, user.product);
      // every login is in the action log (document 2 §7 "Other admin")
      await writeActionLog(db, actorOf(user), 'login', { username: user.username });
      return tokens;
    },
  );

  app.post<{ Body: { refresh_token: string; product?: string } }>(
    '/token/refresh',
    {
      config: { public: true },
      schema: {
        tags: ['session'],
        summary: 'Trade a refresh token for a new token pair (the old refresh token is spent)',
        body: refreshBodySchema,
        response: { 200: { $ref: 'TokenPair#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { user, family } = await consumeRefreshToken(db, request.body.refresh_token);
      return issueTokens(db, sign, user, request.body.product ?? user.product, family);
    },
  );

  // Decision: logout belongs to the session calls with login and refresh (it changes no business
  // data, only the session's tokens), so it is not a command. Public: an expired access token must
  // not keep anyone from ending the session; holding the refresh token is the proof.
  app.post<{ Body: { refresh_token: string } }>(
    '/logout',
    {
      config: { public: true },
      schema: {
        tags: ['session'],
        summary: 'Log out: the refresh token and every token rotated from the same login are revoked',
        body: logoutBodySchema,
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' } }, required: ['success'] }, ...errorResponses },
      },
    },
    async (request) => {
      const userId = await revokeRefreshToken(db, request.body.refresh_token);
      // the live event streams of that login end too, in whatever process they are open
      if (userId != null) await announceSessionEnd(db, userId);
      return { success: true };
    },
  );

  app.get(
    '/user-management/user/current',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags: ['session'],
        summary: 'The logged-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: { $ref: 'CurrentUser#' }, ...errorResponses },
      },
    },
    async (request) => {
      const user = await findUserById(db, request.user.id);
      if (!user) throw new ApiError(401, 'unauthorized');
      return {
        id: user.id,
        username: user.username,
        name: user.name,
        email: user.email,
        roles: user.roles,
        product: user.product,
        permissions: user.permissions,
        optIn: user.optIn,
        passwordUpdateRequired: user.passwordUpdateRequired,
        askForContactInformationChanges: user.askForContactInformationChanges,
        creditorStatus: user.creditorStatus,
        sapNumber: user.sapNumber,
        impersonated: Boolean(request.user.impersonatedBy || request.user.preview),
      };
    },
  );
}
