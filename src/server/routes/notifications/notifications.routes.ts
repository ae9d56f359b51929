import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import {
  countNewNotifications,
  listNotifications,
  type NotificationListQuery,
  ownsNotifications,
  setNotificationStatus,
} from '../../db/repositories/notification.repository';
import { ApiError } from '../../errors';
import { requirePermission } from '../../plugins/permissions';
import { allSchema, countSchema, listSchema, multipleSchema, oneSchema } from './notifications.schemas';

const PREFIX = '/user-information/command/notification';

/**
 * Notifications of document 1 §7: list and new-count, and marking as read or unread (one, several,
 * all). Everything is the caller's own (read state is per user) and gated by notifications.show.
 * Marking is reading, not an action, so the observer may do it (schema/roles.yaml). The commands
 * answer 204; an id that is not one of the caller's notifications (unknown, another user's) answers
 * 404 notFound and nothing is marked.
 */
export async function notificationsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const preHandler = requirePermission(db, 'notifications.show');
  const mark = async (userId: number, status: 'new' | 'read', ids: number[]) => {
    if (!(await ownsNotifications(db, userId, ids))) throw new ApiError(404, 'notFound');
    await setNotificationStatus(db, userId, status, ids);
  };

  app.get<{ Querystring: NotificationListQuery }>(
    '/user-information/notification/list',
    { schema: listSchema, preHandler },
    (request) => listNotifications(db, request.user.id, request.query),
  );
  app.get(
    '/user-information/notification/count-new',
    { schema: countSchema, preHandler },
    async (request) => ({
      count: await countNewNotifications(db, request.user.id),
    }),
  );

  app.post<{ Body: { notificationIdentifier: number } }>(
    `${PREFIX}/read`,
    { schema: oneSchema('Mark a notification as read'), preHandler },
    async (request, reply) => {
      await mark(request.user.id, 'read', [request.body.notificationIdentifier]);
      return reply.status(204).send();
    },
  );
  app.post<{ Body: { notificationIdentifier: number } }>(
    `${PREFIX}/unread`,
    { schema: oneSchema('Mark a notification as unread (new)'), preHandler },
    async (request, reply) => {
      await mark(request.user.id, 'new', [request.body.notificationIdentifier]);
      return reply.status(204).send();
    },
  );
  app.post<{ Body: { notificationIdentifiers: number[] } }>(
    `${PREFIX}/read-multiple`,
    { schema: multipleSchema, preHandler },
    async (request, reply) => {
      await mark(request.user.id, 'read', request.body.notificationIdentifiers);
      return reply.status(204).send();
    },
  );
  // a GET that changes data (the spec's): `writes`, so a product preview may not (issue 26)
  app.get(`${PREFIX}/read-all`, { schema: allSchema, preHandler, config: { writes: true } }, async (request, reply) => {
    await setNotificationStatus(db, request.user.id, 'read');
    return reply.status(204).send();
  });
}
