import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import packageJson from '../../../../package.json' with { type: 'json' };
import { FRONTEND_VERSION } from '../../../shared/version';
import type { AppDeps } from '../../app';
import { parkedJobsRoutes } from './parked-jobs.routes';
import { selfserviceRoutes } from './selfservice.routes';
import { disturbanceBody, maintenanceBody } from './service-switches.hook';

const statusSchema = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['ok'] } },
  required: ['status'],
} as const;

const versionSchema = {
  type: 'object',
  properties: { frontend: { type: 'string' }, backend: { type: 'string' } },
  required: ['frontend', 'backend'],
} as const;

/**
 * `GET /healthy` (after a database ping; 503 during maintenance, 406 during a disturbance — the
 * client's failure pages poll it) and `GET /version`; both public. The self-service reads sit beside them.
 */
export async function systemRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, switches } = deps;
  app.get(
    '/healthy',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Health check',
        description: '503 while maintenance is on, 406 while a disturbance is on (document 2 §8)',
        response: { 200: statusSchema, '4xx': { $ref: 'ApiError#' }, '5xx': { $ref: 'ApiError#' } },
      },
    },
    async (_request, reply) => {
      if (switches.maintenance()) return reply.code(503).send(maintenanceBody);
      if (switches.disturbance()) return reply.code(406).send(disturbanceBody);
      await sql`select 1`.execute(db);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/version',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Front-end and back-end version',
        response: { 200: versionSchema },
      },
    },
    // The front end carries the specification's version; the back end is this package's.
    async () => ({ frontend: FRONTEND_VERSION, backend: packageJson.version }),
  );

  await app.register(selfserviceRoutes, deps);
  await app.register(parkedJobsRoutes, deps);
}
