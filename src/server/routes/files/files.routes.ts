import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { ApiError } from '../../errors';

/** `filename*` of RFC 6266 for any name, with an ASCII fallback. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Document 1 §7 "GET any file path as blob": `GET /api/files/…` serves a stored file (uploads,
 * attachments) to users of the creditor that owns it. Every other case — another creditor's file,
 * an admin outside impersonation, an unknown path — is the same 404, so a path reveals nothing.
 * Files come from the database (stored_file), so every server process serves every upload.
 */
export async function filesRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get<{ Params: { '*': string } }>(
    '/files/*',
    {
      // the owning creditor's users only (checked below: anyone else gets the same 404)
      config: { access: { kind: 'creditor', permissions: [] } },
      schema: {
        tags: ['files'],
        summary: 'Download a stored file (upload or attachment) of the own creditor',
        security: [{ bearerAuth: [] }],
        response: {
          200: { type: 'string', format: 'binary', description: 'the file' },
          '4xx': { $ref: 'ApiError#' },
        },
      },
    },
    async (request, reply) => {
      const creditorId = request.user.creditorId;
      const path = `/files/${request.params['*']}`;
      const row =
        creditorId == null
          ? undefined
          : await db
              .selectFrom('storedFile')
              .select(['fileName', 'mimeType', 'content', 'sizeBytes'])
              .where('path', '=', path)
              .where('creditorId', '=', creditorId)
              .executeTakeFirst();
      if (!row) throw new ApiError(404, 'notFound');
      return reply
        .header('Content-Type', row.mimeType)
        .header('Content-Disposition', contentDisposition(row.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(row.content));
    },
  );
}
