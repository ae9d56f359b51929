import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import '../../db/schema-selfservice';
import { ApiError } from '../../errors';
import { requireAdmin } from '../../plugins/auth';
import { loadHelpCenter } from '../../services/content/help-center.content';
import { germanDay, informationText, loadInformation } from '../../services/content/information.content';
import {
  clientErrorListSchema,
  clientErrorReportSchema,
  helpCenterSchema,
  informationListSchema,
  informationSeenSchema,
} from './selfservice.schemas';

/**
 * Self-service reads of documents 1 and 2: the help centre (content/help/<product>.yaml), the
 * important information (content/information.yaml, each pop-up once per user) and the browser's
 * error reports with their admin list. The content is read and checked once, at start-up.
 */
export async function selfserviceRoutes(app: FastifyInstance, { db, clock }: AppDeps): Promise<void> {
  const helpCenter = loadHelpCenter();
  const information = loadInformation();

  app.get('/help-center', { schema: helpCenterSchema, config: { access: { kind: 'user' } } }, async (request) => {
    const content = helpCenter.get(request.user.product);
    if (!content) throw new ApiError(404, 'notFound');
    return content;
  });

  const entriesOf = (product: string) => information.filter((entry) => entry.products.includes(product));

  app.get('/user-info/list', { schema: informationListSchema, config: { access: { kind: 'user' } } }, async (request) => {
    const today = germanDay(clock());
    const seen = new Set(
      (
        await db.selectFrom('userInformationSeen').select('key').where('userId', '=', request.user.id).execute()
      ).map((row) => row.key),
    );
    const entries = entriesOf(request.user.product)
      .filter((entry) => entry.from <= today)
      .sort((a, b) => b.from.localeCompare(a.from) || a.key.localeCompare(b.key))
      .map((entry) => ({
        key: entry.key,
        title: entry.title,
        text: informationText(entry, request.user.product),
        from: entry.from,
        until: entry.until,
        active: entry.until >= today,
        seen: seen.has(entry.key),
      }));
    return { entries };
  });

  app.post<{ Params: { key: string } }>(
    '/user-info/:key/seen',
    { schema: informationSeenSchema, config: { access: { kind: 'user' } } },
    async (request, reply) => {
      if (!entriesOf(request.user.product).some((entry) => entry.key === request.params.key)) {
        throw new ApiError(404, 'notFound');
      }
      await db
        .insertInto('userInformationSeen')
        .values({ userId: request.user.id, key: request.params.key, seenAt: clock() })
        .onConflict((conflict) => conflict.columns(['userId', 'key']).doNothing())
        .execute();
      return reply.code(204).send();
    },
  );

  app.post<{ Body: { kind: string; message: string; url: string; frontendVersion: string; trace?: Record<string, number> } }>(
    '/client-errors',
    { config: { public: true }, schema: clientErrorReportSchema },
    async (request, reply) => {
      // public, because a chunk can fail before the login; a valid token names the user
      let userId: number | null = null;
      try {
        userId = request.verifyAccessToken().id;
      } catch {
        userId = null;
      }
      const { kind, message, url, frontendVersion, trace } = request.body;
      const row = await db
        .insertInto('clientError')
        .values({
          userId,
          kind,
          message,
          url,
          frontendVersion,
          trace: trace ? JSON.stringify(trace) : null,
          createdAt: clock(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      request.log.warn({ clientError: { id: row.id, kind, message, url, frontendVersion } }, 'browser error reported');
      return reply.code(201).send({ id: row.id });
    },
  );

  app.get<{ Querystring: { page: number; rowsPerPage: number } }>(
    '/admin/client-errors',
    { schema: clientErrorListSchema, preHandler: requireAdmin },
    async (request) => {
      const { page, rowsPerPage } = request.query;
      const rows = await db
        .selectFrom('clientError')
        .leftJoin('appUser', 'appUser.id', 'clientError.userId')
        .select([
          'clientError.id',
          'clientError.createdAt',
          'appUser.username',
          'clientError.kind',
          'clientError.message',
          'clientError.url',
          'clientError.frontendVersion',
          'clientError.trace',
        ])
        .orderBy('clientError.createdAt', 'desc')
        .orderBy('clientError.id', 'desc')
        .limit(rowsPerPage)
        .offset((page - 1) * rowsPerPage)
        .execute();
      const { count } = await db
        .selectFrom('clientError')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return {
        entries: rows.map((row) => ({
          ...row,
          username: row.username ?? null,
          createdAt: Math.floor(new Date(row.createdAt).getTime() / 1000),
          trace: (row.trace as Record<string, number> | null) ?? null,
        })),
        count: Number(count),
      };
    },
  );
}
