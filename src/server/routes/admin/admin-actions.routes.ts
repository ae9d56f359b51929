import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { catalogueCsv } from '../../domain/admin/state-of-affairs-csv';
import { requireAdmin } from '../../plugins/auth';
import { CSV_CONTENT_TYPE } from '../../services/csv-writer';
import { csvResponse } from './admin-schemas';

/**
 * The admin functions' reads (document 2 §2 "Admin actions"): GET /state-of-affairs/import/example,
 * the current catalogue of states of affairs as an import file — the example the import dialog
 * offers, and a starting point for the next import (change, re-import).
 */
export async function adminActionsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get(
    '/state-of-affairs/import/example',
    {
      schema: {
        tags: ['adminActions'],
        summary: 'The states of affairs as an import file (CSV, the import format)',
        security: [{ bearerAuth: [] }],
        response: csvResponse,
      },
      preHandler: requireAdmin,
    },
    async (_request, reply) => {
      const [states, options] = await Promise.all([
        db.selectFrom('stateOfAffairs').selectAll().orderBy('code').execute(),
        db
          .selectFrom('stateOfAffairsOption')
          .selectAll()
          .orderBy('stateCode')
          .orderBy('accepted', 'desc')
          .orderBy('position')
          .orderBy('id')
          .execute(),
      ]);
      return reply
        .header('content-type', CSV_CONTENT_TYPE)
        .header('content-disposition', 'attachment; filename="sachstaende-import.csv"')
        .send(catalogueCsv(states, options));
    },
  );
}
