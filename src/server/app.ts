import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import packageJson from '../../package.json' with { type: 'json' };
import { installValidation, todayIso } from '../shared/validation';
import { type Adapters, createAdapters } from './adapters';
import { addDataUrlFormat } from './commands/multipart-body';
import type { DatabaseListen } from './db/listen';
import type { Database } from './db/schema';
import { LiveEvents, type LiveEventsOptions } from './events/live-events';
import { apiErrorSchema, installErrorHandler, notFoundBody } from './errors';
import { setupAuth } from './plugins/auth';
import { checkSession, readSessions, sessionUnasserted } from './services/session';
import { installInputHardening } from './plugins/input-hardening';
import { installIdempotency } from './commands/idempotency';
import { installLoginDefence } from './plugins/login-defence';
import { parseQueryString } from './plugins/query-string';
import { installSecurityHeaders } from './plugins/security-headers';
import { collectRouteAccess } from './plugins/route-access';
import { registerClient } from './plugins/client';
import { sharedSerializers } from './plugins/response-serializers';
import { strictCommandBodies } from './plugins/strict-bodies';
import { registerEntitySchemas } from './plugins/schemas';
import { tokenPairSchema } from './routes/auth/auth.schemas';
import { registerRoutes } from './routes';
import { resolveJwtSecret } from './services/auth.service';
import { type ServiceSwitches, switchesFromEnv } from './services/service-switches';
import { installMaintenanceSwitch } from './routes/system/service-switches.hook';
import { installOperations } from './routes/system/operations.routes';

/** What route plugins receive as options. */
export interface AppDeps {
  db: Kysely<Database>;
  /** the provider's back office: credit agency, booking system, mail */
  adapters: Adapters;
  /** the one clock of commands and jobs (tests move it) */
  clock: () => Date;
  /** dev mode (`npm run dev`): the product owners' tools answer without login */
  devTools: boolean;
  /** the maintenance and disturbance switches of the failure pages */
  switches: ServiceSwitches;
  /** bearer token of `/api/metrics` (default METRICS_TOKEN; empty: metrics off) */
  metricsToken?: string;
  /** the live event streams of this process (GET /api/events, issue 31) */
  liveEvents: LiveEvents;
}

export interface BuildAppOptions {
  db: Kysely<Database>;
  /** JWT secret; default: JWT_SECRET-less deployments keep a generated one in the database */
  jwtSecret?: string;
  /** built client to serve with an SPA fallback (production start); omitted in tests */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** dev mode tools without login (default: env KONTOR_DEV_TOOLS=1, set by `npm run dev`) */
  devTools?: boolean;
  /** back-office adapters; default: the local ones of the environment, mail into a temporary outbox */
  adapters?: Adapters;
  clock?: () => Date;
  /** failure-page switches; default: MAINTENANCE / DISTURBANCE (and their files) of the environment */
  switches?: ServiceSwitches;
  /** bearer token of `/api/metrics`; default METRICS_TOKEN of the environment (unset: metrics off) */
  metricsToken?: string;
  /** LISTEN on the database (`DatabaseHandle.listen`): the live events' source; without it none arrive */
  listen?: DatabaseListen;
  /** heartbeat, cap per user and replay buffer of the live event streams (tests shorten the heartbeat) */
  liveEvents?: Omit<LiveEventsOptions, 'listen'>;
}

/** The clock of the app whose request is being validated (see the `ajv` option below). */
let validationClock: () => Date = () => new Date();

/**
 * Builds the whole HTTP application without listening: everything API under `/api`, the OpenAPI
 * document at `/api/openapi.json` (browsable at `/api/docs`), and optionally the built client.
 *
 * @example
 * const app = await buildApp({ db });
 * const response = await app.inject({ method: 'GET', url: '/api/healthy' });
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? false,
    // Arrays in query strings use bracket form (`filters[status][]=active`), at most 1000 elements
    // (qs; plain strings read without it: plugins/query-string.ts)
    routerOptions: { querystringParser: parseQueryString },
    // The named rules of schema/validation.yaml, the same code the browser forms use (onCreate runs
    // after ajv-formats, so our email/date/password formats are the ones in force). Date bounds
    // (`today`, `today+14d`) are read on the app's one clock, as the handlers read it: a moved
    // clock moves them too (issue 25, found by the money model). The validators are shared by the
    // apps of one process (compiled-schemas.ts), so they read the clock of the app validating the
    // request right now (`validationClock`, set by a synchronous hook just before validation).
    ajv: {
      // allowUnionTypes: a body field may be of several types (`type: [object, string]`), which ajv's
      // strict mode otherwise reports on every start (issue 28: no alarming lines at start-up)
      customOptions: {
        coerceTypes: 'array',
        removeAdditional: false,
        allErrors: false,
        verbose: true,
        allowUnionTypes: true,
      },
      onCreate: (ajv) =>
        addDataUrlFormat(installValidation(ajv as never, { today: () => todayIso(validationClock()) })),
    },
    // response serializers get only the shared schemas they refer to (a second less per start);
    // validators and serializers are compiled once per process and content (a test worker builds
    // many apps: plugins/compiled-schemas.ts); command bodies are validated as sent, without
    // coercing "100" into 100 (plugins/strict-bodies.ts)
    schemaController: {
      compilersFactory: { buildValidator: strictCommandBodies, buildSerializer: sharedSerializers },
    },
  });

  // synchronous: Fastify validates in the same tick, so no other app's request comes in between
  app.addHook('preValidation', (_request, _reply, done) => {
    validationClock = clock;
    done();
  });

  // CSP, nosniff, frame-ancestors, referrer policy; no-store on API answers
  await installSecurityHeaders(app);
  app.addSchema(apiErrorSchema);
  app.addSchema(tokenPairSchema);
  registerEntitySchemas(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Kontor API', version: packageJson.version, description: packageJson.description },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    // Components are named after the schemas' `$id` (Debtor, Location …) instead of def-0, def-1.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const secret = await resolveJwtSecret(options.db, options.jwtSecret);
  const adapters =
    options.adapters ??
    createAdapters(process.env, { dataDir: mkdtempSync(join(tmpdir(), 'kontor-adapters-')) });
  const deps: AppDeps = {
    db: options.db,
    adapters,
    clock,
    devTools: options.devTools ?? process.env.KONTOR_DEV_TOOLS === '1',
    switches: options.switches ?? switchesFromEnv(process.env),
    metricsToken: options.metricsToken,
    liveEvents: new LiveEvents({
      readSessions: (ids) => readSessions(options.db, ids),
      ...options.liveEvents,
      listen: options.listen,
    }),
  };
  // streams never go idle: they are ended before the server waits for its connections to close
  app.addHook('onReady', () => deps.liveEvents.start());
  app.addHook('preClose', () => deps.liveEvents.stop());
  await app.register(
    async (api) => {
      installErrorHandler(api);
      // bounded integers, typed ids and no control characters on every route registered below
      installInputHardening(api);
      installMaintenanceSwitch(api, deps.switches);
      await setupAuth(api, {
        secret,
        checkSession: (request) => checkSession(deps.db, request),
        sessionUnasserted,
      });
      // brute-force defence of login, refresh, password reset and onboarding
      await installLoginDefence(api, { db: deps.db, clock: deps.clock });
      // Idempotency-Key on the changing routes outside the command pipeline (commands claim in their transaction)
      installIdempotency(api, deps.db, deps.clock);
      // every route's declared access, one table (the authorization matrix reads it)
      collectRouteAccess(app, api);
      // readiness and metrics (their latency hook must sit on this scope to see every route)
      installOperations(api, deps);
      // Unknown API paths: 401 without a token (the auth hook runs first), else a JSON 404.
      api.setNotFoundHandler((request, reply) => {
        reply.status(404).send(notFoundBody(request.method, request.url));
      });
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      await registerRoutes(api, deps);
    },
    { prefix: '/api' },
  );

  await registerClient(app, options.clientDir);
  return app;
}
