import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import {
  countNewNotifications,
  listNotifications,
  type NotificationListQuery,
  setNotificationStatus,
} from '../../db/repositories/notification.repository';
import { requirePermission } from '../../plugins/permissions';
import { allSchema, countSchema, listSchema, multipleSchema, oneSchema } from './notifications.schemas';

const PREFIX = '/user-information/command/notification';

/**
 * Notifications of document 1 §7: list and new-count, and marking as read or unread (one, several,
 * all). Everything is the caller's own (read state is per user) and gated by notifications.show.
 * Marking is reading, not an action, so the observer may do it (schema/roles.yaml). The commands
 * answer 204; unknown or foreign ids change nothing.
 */
export async function notificationsRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const preHandler = requirePermission(db, 'notifications.show');

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
      await setNotificationStatus(db, request.user.id, 'read', [request.body.notificationIdentifier]);
      return reply.status(204).send();
    },
  );
  app.post<{ Body: { notificationIdentifier: number } }>(
    `${PREFIX}/unread`,
    { schema: oneSchema('Mark a notification as unread (new)'), preHandler },
    async (request, reply) => {
      await setNotificationStatus(db, request.user.id, 'new', [request.body.notificationIdentifier]);
      return reply.status(204).send();
    },
  );
  app.post<{ Body: { notificationIdentifiers: number[] } }>(
    `${PREFIX}/read-multiple`,
    { schema: multipleSchema, preHandler },
    async (request, reply) => {
      await setNotificationStatus(db, request.user.id, 'read', request.body.notificationIdentifiers);
      return reply.status(204).send();
    },
  );
  app.get(`${PREFIX}/read-all`, { schema: allSchema, preHandler }, async (request, reply) => {
    await setNotificationStatus(db, request.user.id, 'read');
    return reply.status(204).send();
  });
}
