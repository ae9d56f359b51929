import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import packageJson from '../../../../package.json' with { type: 'json' };
import type { AppDeps } from '../../app';

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

/** `GET /healthy` (after a database ping) and `GET /version`; both public. */
export async function systemRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get(
    '/healthy',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Health check',
        response: { 200: statusSchema, '5xx': { $ref: 'ApiError#' } },
      },
    },
    async () => {
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
    // Client and server ship from one package, so both report its version.
    async () => ({ frontend: packageJson.version, backend: packageJson.version }),
  );
}
